// The app's metrics in Prometheus's text format, against the built app and the reference upstream
// (bench/servers.ts; run `npm run build` first): served on METRICS_PORT only (nothing listens for them
// when it is unset, and /metrics on the public port is a 404), with the server and upstream-call
// histograms labelled by route templates (never a raw id or query: many ids make no new series), the
// uploaded bytes, the refusals of the app's own limits by limit, the wrong passwords at login and
// whether new browsers are slowed, and the process defaults.

import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamedUploadHeaders } from "~/forms/step-upload";
import { samplesOf } from "../../bench/prometheus-text";
import { type Servers, startServers } from "../../bench/servers";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../reference-upstream/seed";
import { findFreePort } from "../../scripts/ports";
import { send } from "../e2e/support-http";

/** The TCP ports a process listens on, from /proc (its sockets' inodes among the listening ones). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set(
    fs
      .readdirSync(`/proc/${pid}/fd`)
      .map((fd) => {
        try {
          return /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        } catch {
          return undefined;
        }
      })
      .filter((inode): inode is string => inode !== undefined),
  );
  const ports = new Set<number>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local address, state 0A (LISTEN), inode
      if (fields[3] === "0A" && inodes.has(fields[9]!)) ports.add(parseInt(fields[1]!.split(":")[1]!, 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}

const portOf = (url: string) => Number(new URL(url).port);

describe("metrics on METRICS_PORT", () => {
  let servers: Servers;
  let metricsPort: number;
  /** The demo account's app cookie, logged in through the login form. */
  let cookie: string;

  const scrape = async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return samplesOf(await response.text());
  };
  /** The label sets of one metric's samples. */
  const series = async (name: string) =>
    (await scrape()).filter((sample) => sample.name === name).map((sample) => sample.labels);
  const valueOf = async (name: string, labels: Record<string, string> = {}) =>
    (await scrape())
      .filter(
        (sample) =>
          sample.name === name &&
          Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
      )
      .reduce((sum, sample) => sum + sample.value, 0);
  const page = (path: string, headers: Record<string, string> = {}) =>
    send(`${servers.appUrl}${path}`, { headers: { Cookie: cookie, ...headers } });

  beforeAll(async () => {
    metricsPort = await findFreePort();
    // A few login posts a minute from one address, so a flood from 127.0.0.2 is refused quickly.
    servers = await startServers({
      appEnv: { METRICS_PORT: String(metricsPort), RATE_LIMIT_PER_ADDRESS: "5" },
    });
    const login = await send(`${servers.appUrl}/login`, {
      method: "POST",
      headers: { Origin: servers.appUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: DEMO_EMAIL, password: DEMO_PASSWORD }).toString(),
    });
    expect(login.status).toBe(302);
    cookie = login.headers["set-cookie"]!.map((header) => header.split(";")[0]).join("; ");
  });
  afterAll(() => servers?.stop());

  it("the app listens on its port and the metrics port; /metrics on the public port is a 404", async () => {
    expect(listeningPorts(servers.appPid!)).toEqual(
      [portOf(servers.appUrl), metricsPort].sort((a, b) => a - b),
    );
    expect((await fetch(`${servers.appUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
  });

  it("the metrics port listens on loopback only (METRICS_HOST unset): another address of this machine is refused", async () => {
    const askFrom = (host: string) =>
      new Promise<string>((resolve) => {
        const socket = net.connect({ host, port: metricsPort });
        socket.once("connect", () => {
          socket.destroy();
          resolve("connected");
        });
        socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      });
    expect(await askFrom("127.0.0.1")).toBe("connected");
    // 127.0.0.2 is this machine too, but not the interface the port is bound to (as a pod's own IP would be).
    expect(await askFrom("127.0.0.2")).toBe("ECONNREFUSED");
  });

  it("after a page, a login and a 404, the server histogram has them by route template", async () => {
    expect((await send(`${servers.appUrl}/login`)).status).toBe(200);
    expect((await page("/no/such/page/4242?ref=mail-campaign-7")).status).toBe(404);
    expect((await page("/entry/detail/987654321?tab=documents")).status).toBe(404);
    await expect
      .poll(async () =>
        (await series("http_server_request_duration_seconds_count")).map(
          (labels) =>
            `${labels.http_request_method} ${labels.http_route} ${labels.http_response_status_code}`,
        ),
      )
      .toEqual(
        expect.arrayContaining([
          "GET /login 200",
          "POST /login 302",
          "GET /* 404",
          "GET /entry/detail/:entryId 404",
        ]),
      );
    const text = JSON.stringify(await scrape());
    for (const raw of ["4242", "987654321", "mail-campaign", "documents", "?"])
      expect(text).not.toContain(raw);
  });

  it("upstream calls are in the client histogram by url template, with the upstream's status", async () => {
    await page("/entry/detail/987654322");
    const calls = (await series("http_client_request_duration_seconds_count")).map(
      (labels) => `${labels.http_request_method} ${labels.url_template} ${labels.http_response_status_code}`,
    );
    expect(calls).toEqual(expect.arrayContaining(["POST /api/auth/ 200", "GET /api/entries/:id/ 404"]));
    expect(JSON.stringify(calls)).not.toMatch(/98765432/);
  });

  it("many different ids in paths make no new series", async () => {
    const detail404 = { http_route: "/entry/detail/:entryId", http_response_status_code: "404" };
    const countSeries = async () =>
      (await scrape()).filter((sample) => sample.name.startsWith("http_") && sample.name.endsWith("_count"))
        .length;
    expect((await page("/entry/detail/555000")).status).toBe(404);
    await expect
      .poll(() => valueOf("http_server_request_duration_seconds_count", detail404))
      .toBeGreaterThan(0);
    const requests = await valueOf("http_server_request_duration_seconds_count", detail404);
    const before = await countSeries();
    for (let id = 555001; id <= 555030; id++)
      expect((await page(`/entry/detail/${id}?n=${id}`)).status).toBe(404);
    await expect
      .poll(() => valueOf("http_server_request_duration_seconds_count", detail404))
      .toBe(requests + 30);
    expect(await countSeries()).toBe(before);
  });

  it("an upload adds its bytes to upload_bytes_total", async () => {
    const before = await valueOf("upload_bytes_total");
    const file = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(4096 - 9, 0x20)]);
    const upload = await send(
      `${servers.appUrl}/entry/entry_invoice?_data=${encodeURIComponent("routes/_entry.entry_.entry_invoice")}`,
      {
        method: "POST",
        headers: {
          Origin: servers.appUrl,
          Cookie: cookie,
          ...streamedUploadHeaders({ slot: "claim-1-invoice", kind: "invoice-1", fileName: "請求書.pdf" }),
        },
        body: file,
      },
    );
    expect(upload.status).toBe(204);
    expect(upload.headers["x-remix-redirect"]).toBeTruthy();
    expect((await valueOf("upload_bytes_total")) - before).toBeGreaterThanOrEqual(file.length);
  });

  it("a refusal of the login's address limit is counted under its name; the wrong passwords checked are counted", async () => {
    const flood = [];
    for (let i = 0; i < 7; i++) {
      const answer = await send(`${servers.appUrl.replace("localhost", "127.0.0.1")}/login`, {
        method: "POST",
        from: "127.0.0.2",
        headers: { Origin: servers.appUrl, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          email: `nobody${i}@example.com`,
          password: "wrong-password-1",
        }).toString(),
      });
      flood.push(answer.status);
    }
    expect(flood.slice(-2)).toEqual([429, 429]);
    expect(await valueOf("rate_limit_refusals_total", { limit: "login_address" })).toBe(2);
    expect(await valueOf("login_failures_total")).toBe(5);
    // Far below the threshold of all accounts' wrong passwords: new browsers are not slowed.
    expect(await series("login_new_browsers_slowed")).toEqual([{}]);
    expect(await valueOf("login_new_browsers_slowed")).toBe(0);
    // The demo account's own address was never refused.
    expect((await send(`${servers.appUrl}/login`)).status).toBe(200);
  });

  it("the process defaults are listed", async () => {
    const names = new Set((await scrape()).map((sample) => sample.name));
    for (const name of [
      "process_cpu_seconds_total",
      "process_resident_memory_bytes",
      "process_open_fds",
      "nodejs_eventloop_lag_seconds",
      "nodejs_eventloop_lag_p99_seconds",
      "nodejs_heap_size_used_bytes",
      "nodejs_gc_duration_seconds_count",
    ])
      expect(names).toContain(name);
  });
});

describe("without METRICS_PORT", () => {
  let servers: Servers;

  beforeAll(async () => {
    servers = await startServers();
  });
  afterAll(() => servers?.stop());

  it("nothing listens for metrics: the app's only port is its own, and /metrics there is a 404", async () => {
    expect(listeningPorts(servers.appPid!)).toEqual([portOf(servers.appUrl)]);
    expect((await fetch(`${servers.appUrl}/metrics`)).status).toBe(404);
  });
});
