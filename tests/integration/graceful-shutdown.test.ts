// A deploy loses nothing: at SIGTERM the app stops taking connections, /readyz answers 503, the
// requests under way (an upload coming slowly included) finish and are stored, and the process exits
// 0. The built app and the reference upstream as processes (bench/servers.ts), with a proxy between
// them that tells when a request reaches the upstream (so the app is surely serving it) and can hold
// one there. The drain time, SIGTERM to exit, is printed.

import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { streamedUploadHeaders } from "~/forms/step-upload";
import { type Servers, root, startServers } from "../../bench/servers";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../reference-upstream/seed";
import { findFreePort } from "../../scripts/ports";
import { send } from "../e2e/support-http";
import { forward } from "./fault-proxy";
import { ApiClient } from "./reference-upstream/harness";

const INVOICE_PATH = "/entry/entry_invoice?_data=routes%2F_entry.entry_.entry_invoice";
/** The invoice step's first claim slot: the demo account's fresh draft offers it. */
const SLOT = { slot: "claim-1-invoice", kind: "invoice-1" };

/** A proxy before the upstream: says when a request for a path reaches it, and holds one until released. */
async function watchingProxy() {
  let target = "";
  const awaited = new Map<string, () => void>();
  let holding: string | null = null;
  const held: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    for (const [prefix, notify] of awaited) {
      if (!path.startsWith(prefix)) continue;
      awaited.delete(prefix);
      notify();
    }
    if (holding && path.startsWith(holding)) held.push(() => forward(target, req, res));
    else forward(target, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    setTarget: (url: string) => (target = url),
    /** Settles when the next request for a path starting with `prefix` arrives. */
    reached: (prefix: string) => new Promise<void>((resolve) => awaited.set(prefix, resolve)),
    hold: (prefix: string) => (holding = prefix),
    release: () => {
      holding = null;
      for (const pass of held.splice(0)) pass();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let servers: Servers | null = null;
let proxy: Awaited<ReturnType<typeof watchingProxy>> | null = null;

afterEach(async () => {
  await servers?.stop();
  await proxy?.close();
  servers = null;
  proxy = null;
});

/** The built app and the upstream, the app's upstream calls through a watching proxy. */
async function start(appEnv: Record<string, string> = {}) {
  proxy = await watchingProxy();
  servers = await startServers({ appEnv: { API_BASE_URL: proxy.url, ...appEnv }, captureAppLog: true });
  proxy.setTarget(servers.upstreamUrl);
  return { servers, proxy };
}

/** The app's log lines so far, parsed. */
const logLines = (from: Servers) => from.appLog.map((line) => JSON.parse(line) as Record<string, unknown>);

/** Waits until `check` holds (the server gets there on its own), at most `withinMs`. */
async function eventually(check: () => boolean, what: string, withinMs = 10_000): Promise<void> {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: withinMs, interval: 10 },
  );
}

/** SIGTERM to the app, then waits until it has begun to stop (its log says so). */
async function terminate(app: Servers): Promise<number> {
  const sentAt = performance.now();
  process.kill(app.appPid!, "SIGTERM");
  await eventually(
    () => logLines(app).some((line) => line.msg === "shutting down"),
    "the app to log that it is shutting down",
  );
  return sentAt;
}

/** What a new connection to `port` meets: "connected", or the error's code. */
function connectTo(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** The demo account's cookie for the app, from its login form. */
async function logIn(appUrl: string): Promise<string> {
  const answer = await send(`${appUrl}/login`, {
    method: "POST",
    headers: { Origin: appUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: DEMO_EMAIL, password: DEMO_PASSWORD }).toString(),
  });
  expect(answer.status).toBe(302);
  const session = answer.headers["set-cookie"]?.find((cookie) => cookie.startsWith("__sakidori="));
  return session!.split(";")[0]!;
}

/**
 * A POST on a connection of its own: the headers and `first` bytes of `body` now, the rest when asked.
 * The answer is read once the server closes the connection.
 */
async function slowPost(url: string, headers: Record<string, string>, body: Buffer, first: number) {
  const { port, pathname, search } = new URL(url);
  const socket = net.connect(Number(port), "127.0.0.1");
  socket.on("error", () => {});
  await new Promise((resolve) => socket.once("connect", resolve));
  let received = "";
  socket.setEncoding("latin1").on("data", (chunk: string) => (received += chunk));
  let closed = false;
  const answer = new Promise<{ status: number; headers: Record<string, string> }>((resolve) =>
    socket.once("close", () => {
      closed = true;
      const [head = ""] = received.split("\r\n\r\n");
      const [statusLine = "", ...fields] = head.split("\r\n");
      const answered = Object.fromEntries(
        fields.map((field) => {
          const colon = field.indexOf(":");
          return [field.slice(0, colon).trim().toLowerCase(), field.slice(colon + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers: answered });
    }),
  );
  const head = Object.entries({
    Host: `127.0.0.1:${port}`,
    ...headers,
    "Content-Length": String(body.length),
  })
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n");
  socket.write(`POST ${pathname}${search} HTTP/1.1\r\n${head}\r\n\r\n`);
  socket.write(body.subarray(0, first));
  return {
    isOpen: () => !closed,
    sendRest: () => socket.write(body.subarray(first)),
    answer,
  };
}

/** An API client logged in to the upstream as the demo account. */
async function demoAtUpstream(upstreamUrl: string): Promise<ApiClient> {
  const upstream = new ApiClient(upstreamUrl);
  const login = await upstream.post(
    "/api/auth/",
    { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    { headers: { Referer: `${upstreamUrl}/` } },
  );
  expect(login.status).toBe(200);
  return upstream;
}

/** A PDF of `size` bytes. */
const pdfOf = (size: number) => Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(size - 9, 0x20)]);

describe("SIGTERM drains the app", () => {
  it("an upload under way at SIGTERM is stored; new connections are refused meanwhile; the exit code is 0", async () => {
    const { servers, proxy } = await start();
    const cookie = await logIn(servers.appUrl);
    const file = pdfOf(256 * 1024);

    const reachedUpstream = proxy.reached("/api/uploads/");
    // As the slot posts it with JavaScript on (upload-slot.tsx).
    const upload = await slowPost(
      `${servers.appUrl}${INVOICE_PATH}`,
      { Origin: servers.appUrl, Cookie: cookie, ...streamedUploadHeaders({ ...SLOT, fileName: "slow.pdf" }) },
      file,
      64 * 1024,
    );
    await reachedUpstream;
    const sentAt = await terminate(servers);

    expect(await connectTo(Number(new URL(servers.appUrl).port))).toBe("ECONNREFUSED");
    expect(upload.isOpen()).toBe(true);
    upload.sendRest();
    const answer = await upload.answer;
    // Remix turns the action's redirect into 204 + X-Remix-Redirect for a data request; the answer
    // also tells the client not to send anything more on this connection.
    expect(answer.status).toBe(204);
    expect(answer.headers["x-remix-redirect"]).toBeTruthy();
    expect(answer.headers.connection).toBe("close");
    expect(await servers.appExit).toBe(0);
    const drainMs = performance.now() - sentAt;

    const stopped = logLines(servers).find((line) => line.msg === "stopped");
    console.log(
      `drain with an upload under way: ${drainMs.toFixed(0)} ms from SIGTERM to exit ` +
        `(the app's drain_ms: ${String(stopped?.drain_ms)}; the upload's last ${file.length - 64 * 1024} bytes sent after SIGTERM)`,
    );
    const upstream = await demoAtUpstream(servers.upstreamUrl);
    const stored = (await upstream.get<{ kind: string; size: number }[]>("/api/uploads/")).body;
    expect(stored.map(({ kind, size }) => ({ kind, size }))).toEqual([
      { kind: SLOT.kind, size: file.length },
    ]);
  });

  it("an upload still coming when SHUTDOWN_GRACE_MS runs out is cut, and the exit code says so (1)", async () => {
    const { servers, proxy } = await start({ SHUTDOWN_GRACE_MS: "300" });
    const cookie = await logIn(servers.appUrl);
    const reachedUpstream = proxy.reached("/api/uploads/");
    const upload = await slowPost(
      `${servers.appUrl}${INVOICE_PATH}`,
      {
        Origin: servers.appUrl,
        Cookie: cookie,
        ...streamedUploadHeaders({ ...SLOT, fileName: "stuck.pdf" }),
      },
      pdfOf(256 * 1024),
      64 * 1024,
    );
    await reachedUpstream;
    await terminate(servers);

    // The rest never comes.
    expect(await servers.appExit).toBe(1);
    await upload.answer;
    expect(upload.isOpen()).toBe(false);
    expect(logLines(servers).find((line) => line.level === "error")).toMatchObject({
      msg: "stopped with requests cut at the end of the grace period",
      cut: 1,
    });
  });

  it("/readyz answers 503 from SIGTERM on, a check already under way on a kept-alive connection included", async () => {
    const { servers, proxy } = await start();
    const agent = new http.Agent({ keepAlive: true });
    // The readiness check's call to the upstream is held, so the probe is still under way at SIGTERM.
    proxy.hold("/api/health/");
    const reachedUpstream = proxy.reached("/api/health/");
    const probe = new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
      http
        .get(`${servers.appUrl}/readyz`, { agent }, (response) => {
          let body = "";
          response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }),
          );
        })
        .on("error", reject);
    });
    await reachedUpstream;
    const sentAt = await terminate(servers);
    proxy.release();

    const answer = await probe;
    agent.destroy();
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toEqual({ status: "not_ready", failed: ["shutting_down"] });
    expect(answer.connection).toBe("close");
    expect(await servers.appExit).toBe(0);
    console.log(`drain with a readiness probe under way: ${(performance.now() - sentAt).toFixed(0)} ms`);
  });
});

describe("SIGTERM drains the reference upstream the same way", () => {
  let upstream: ChildProcess | null = null;
  let dataDir = "";
  afterEach(() => {
    upstream?.kill("SIGKILL");
    upstream = null;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("an upload under way at SIGTERM is stored; new connections are refused meanwhile; the exit code is 0", async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sakidori-upstream-"));
    const port = await findFreePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      UPSTREAM_PORT: String(port),
      UPSTREAM_HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      UPSTREAM_LOG: "false",
    };
    const child = spawn(process.execPath, ["--import", "tsx", "reference-upstream/main.ts"], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    upstream = child;
    const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    let output = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    // Said once the demo account is there.
    await eventually(() => output.includes("[upstream] listening on"), "the upstream to start", 30_000);
    const demo = await demoAtUpstream(url);

    // A multipart post with its length, as the app streams an upload (§7 POST /api/uploads/).
    const form = new FormData();
    form.set("kind", SLOT.kind);
    form.set("content", new Blob([pdfOf(256 * 1024)], { type: "application/pdf" }), "slow.pdf");
    const request = new Request(`${url}/api/uploads/`, { method: "POST", body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const upload = await slowPost(
      request.url,
      {
        "Content-Type": request.headers.get("content-type")!,
        Cookie: [...demo.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        "X-CSRFToken": demo.cookies.get("csrftoken")!,
        Referer: `${url}/`,
      },
      body,
      64 * 1024,
    );
    // The upstream writes a file being received into DATA_DIR/tmp: it is then surely reading it.
    const tmp = path.join(dataDir, "tmp");
    await eventually(() => fs.existsSync(tmp) && fs.readdirSync(tmp).length > 0, "the upload to be read");
    const sentAt = performance.now();
    child.kill("SIGTERM");
    await eventually(() => output.includes("[upstream] stopping"), "the upstream to log that it is stopping");

    expect(await connectTo(port)).toBe("ECONNREFUSED");
    expect(upload.isOpen()).toBe(true);
    upload.sendRest();
    const answer = await upload.answer;
    expect(answer.status).toBe(201);
    expect(answer.headers.connection).toBe("close");
    expect(await exit).toBe(0);
    console.log(
      `the reference upstream's drain with an upload under way: ${(performance.now() - sentAt).toFixed(0)} ms`,
    );
  });
});
