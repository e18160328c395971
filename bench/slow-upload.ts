// `npm run bench`, a capped plan's line (decision 0021): a 10 MiB file posted through the app as the
// upload slot posts it (JavaScript on), paced at 128 kbps, the speed Japanese phone plans drop to past
// their monthly cap (about 11 minutes); then a connection that stops sending, timed until the app
// closes it; then one person's 40 uploads trickling a byte a second, with the app's connections to the
// upstream counted (`ss`) 20 s in and after. The built app under its own server and the reference upstream
// with their default limits. Printed, never asserted. BENCH_SLOW_UPLOAD_BYTES and
// BENCH_SLOW_UPLOAD_KBPS change the first.

import { execFileSync } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { MAX_UPLOAD_BYTES } from "../app/domain/upload-rules";
import { streamedUploadHeaders } from "../app/forms/step-upload";
import { DEFAULT_BODY_MIN_BYTES_PER_SECOND, DEFAULT_BODY_RATE_WINDOW_MS } from "../app/domain/settings";
import { DEMO_ACCOUNT, logInToApp, startServers } from "./servers";

export const INVOICE_PATH = "/entry/entry_invoice?_data=routes%2F_entry.entry_.entry_invoice";
const SLOT = { slot: "claim-1-invoice", kind: "invoice-1" };
/** How often the paced client writes what the line would have carried by then. */
const TICK_MS = 50;

interface Sent {
  status: number | "closed";
  seconds: number;
  bytes: number;
}

/** Posts `size` bytes of a PDF as the slot does, writing no faster than `kbps`. */
function pacedUpload(appUrl: string, cookie: string, size: number, kbps: number): Promise<Sent> {
  const bytesPerSecond = (kbps * 1000) / 8;
  const file = Buffer.alloc(size, 0x20);
  Buffer.from("%PDF-1.4\n").copy(file);
  return new Promise((resolve) => {
    const started = performance.now();
    let sent = 0;
    const done = (status: Sent["status"]) => {
      clearInterval(writer);
      resolve({ status, seconds: (performance.now() - started) / 1000, bytes: sent });
    };
    const request = http.request(
      `${appUrl}${INVOICE_PATH}`,
      {
        method: "POST",
        agent: false,
        headers: {
          Origin: appUrl,
          Cookie: cookie,
          ...streamedUploadHeaders({ ...SLOT, fileName: "capped-line.pdf" }),
          "Content-Length": String(size),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => done(response.statusCode ?? 0));
      },
    );
    request.on("error", () => done("closed"));
    // What the line carries by now, never more: a line's own pace, whatever the timer's drift.
    const writer = setInterval(() => {
      const due = Math.min(size, Math.floor(((performance.now() - started) / 1000) * bytesPerSecond));
      if (due > sent) {
        request.write(file.subarray(sent, due));
        sent = due;
      }
      if (sent === size) {
        clearInterval(writer);
        request.end();
      }
    }, TICK_MS);
  });
}

export interface StoppedUploadOptions {
  slot?: { slot: string; kind: string };
  /** Bytes sent at once first: 64 KiB by default. */
  head?: number;
  /** Bytes a second sent after those: none by default. */
  trickle?: number;
  /** The Content-Length it announces: 1 MiB by default. */
  size?: number;
  /** The client's own address (another 127.0.0.x: another line). */
  from?: string;
}

/**
 * Sends an upload's first `head` bytes, then nothing (or `trickle` bytes a second): the seconds from then
 * until the app closes the connection, and the status it answered first, if any.
 */
export async function stoppedUpload(
  appUrl: string,
  cookie: string,
  { slot = SLOT, head = 64 * 1024, trickle = 0, size = 1024 * 1024, from }: StoppedUploadOptions = {},
): Promise<{ seconds: number; status: string }> {
  const { hostname, port } = new URL(appUrl);
  const socket = net.connect({ port: Number(port), host: hostname, localAddress: from });
  socket.on("error", () => {});
  // Whatever the app answers is read, so its closing the connection is seen.
  let answer = "";
  socket.on("data", (chunk: Buffer) => (answer ||= chunk.toString("latin1").split(" ")[1] ?? ""));
  await new Promise((resolve) => socket.once("connect", resolve));
  const headers = {
    Host: `${hostname}:${port}`,
    Origin: appUrl,
    Cookie: cookie,
    ...streamedUploadHeaders({ ...slot, fileName: "stopped.pdf" }),
    "Content-Length": String(size),
  };
  const closed = new Promise((resolve) => socket.once("close", resolve));
  socket.write(
    `POST ${INVOICE_PATH} HTTP/1.1\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join("\r\n")}\r\n\r\n`,
  );
  socket.write(Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(head - 9, 0x20)]));
  const stopped = performance.now();
  // A byte a second is one write a second; a faster trickle, a write every 100 ms.
  let dripping: NodeJS.Timeout | undefined;
  if (trickle > 0) {
    const everyMs = Math.max(100, 1000 / trickle);
    const piece = Buffer.alloc(Math.round((trickle * everyMs) / 1000), 0x20);
    dripping = setInterval(() => socket.write(piece), everyMs);
  }
  await closed;
  clearInterval(dripping);
  return { seconds: (performance.now() - stopped) / 1000, status: answer || "none" };
}

/** A draft with `claims` empty claims for this account, through the upstream's API (§7 PATCH /api/draft_entry/). */
export async function draftWithClaims(
  upstreamUrl: string,
  account: { email: string; password: string },
  claims: number,
): Promise<void> {
  const login = await fetch(`${upstreamUrl}/api/auth/`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Referer: `${upstreamUrl}/` },
    body: JSON.stringify(account),
  });
  const cookies = new Map(
    login.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!.split("=") as [string, string]),
  );
  const draft = await fetch(`${upstreamUrl}/api/draft_entry/`, {
    method: "PATCH",
    headers: {
      "Content-Type": "application/json",
      Referer: `${upstreamUrl}/`,
      Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      "X-CSRFToken": cookies.get("csrftoken") ?? "",
    },
    body: JSON.stringify({ claims: Array.from({ length: claims }, () => ({ contentfile_relations: [] })) }),
  });
  if (!draft.ok) throw new Error(`the draft with ${claims} claims: ${draft.status}`);
}

/** The app's open connections to the upstream (established TCP to its port), from `ss`. */
export function upstreamConnections(upstreamUrl: string): number {
  const port = new URL(upstreamUrl).port;
  const out = execFileSync("ss", ["-Htn", "state", "established", "dst", `127.0.0.1:${port}`], {
    encoding: "utf8",
  });
  return out.split("\n").filter(Boolean).length;
}

export async function benchSlowUpload(): Promise<void> {
  const size = Number(process.env.BENCH_SLOW_UPLOAD_BYTES) || MAX_UPLOAD_BYTES;
  const kbps = Number(process.env.BENCH_SLOW_UPLOAD_KBPS) || 128;
  const servers = await startServers();
  const { appUrl } = servers;
  try {
    const cookie = await logInToApp(appUrl);
    const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MiB`;

    console.log(`\na capped plan's line: ${mib(size)} through the app at ${kbps} kbps (JavaScript on)`);
    const slow = await pacedUpload(appUrl, cookie, size, kbps);
    // The slot's answer to a data request: Remix turns the action's redirect into 204.
    const stored = slow.status === 204;
    console.log(
      `  ${stored ? "stored" : `not stored (${slow.status})`} after ${slow.seconds.toFixed(1)} s, ` +
        `${mib(slow.bytes)} sent at ${((slow.bytes * 8) / 1000 / slow.seconds).toFixed(1)} kbps` +
        (slow.seconds > 300
          ? ` (Node's old 300 s limit on a whole request cut it at ${mib((300 * kbps * 1000) / 8)})`
          : ""),
    );
    const silent = await stoppedUpload(appUrl, cookie);
    console.log(
      `  an upload that stops sending: closed ${silent.seconds.toFixed(1)} s after its last byte, answered ${silent.status} ` +
        `(under ${DEFAULT_BODY_MIN_BYTES_PER_SECOND} B/s over ${DEFAULT_BODY_RATE_WINDOW_MS / 1000} s, looked at every ${DEFAULT_BODY_RATE_WINDOW_MS / 6000} s)`,
    );

    // One person, 40 uploads at once into the ten slots of a draft with five claims, each trickling a
    // byte a second after its first 64 KiB.
    await draftWithClaims(servers.upstreamUrl, DEMO_ACCOUNT, 5);
    // Counted 20 s in, within the rate window: the pages' own calls (six per upload's guard) are over by
    // then and their kept-alive connections closed (the upstream keeps an idle one 5 s), so what is left
    // is the uploads'.
    let midway = NaN;
    const sampler = setTimeout(() => (midway = upstreamConnections(servers.upstreamUrl)), 20_000);
    const slots = Array.from({ length: 40 }, (_, index) => {
      const base = index % 2 === 0 ? "invoice" : "additional_doc";
      const claim = (Math.floor(index / 2) % 5) + 1;
      return { slot: `claim-${claim}-${base}`, kind: `${base}-${claim}` };
    });
    const trickles = await Promise.all(
      slots.map((slot) => stoppedUpload(appUrl, cookie, { slot, trickle: 1 })),
    );
    clearTimeout(sampler);
    const after = upstreamConnections(servers.upstreamUrl);
    const byStatus = new Map<string, number[]>();
    for (const { status, seconds } of trickles)
      byStatus.set(status, [...(byStatus.get(status) ?? []), seconds]);
    console.log(
      `  40 uploads of one person at a byte a second: ${[...byStatus]
        .map(
          ([status, times]) =>
            `${times.length}× ${status} closed after ${Math.min(...times).toFixed(1)}–${Math.max(...times).toFixed(1)} s`,
        )
        .join(
          ", ",
        )}; the app's connections to the upstream: ${midway} at 20 s, ${after} once all were closed`,
    );
  } finally {
    await servers.stop();
  }
}
