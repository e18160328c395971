// An upload's connections (decision 0021). A file as slow as a capped plan's line is stored, however
// long it takes, and the app's own wait for the upstream's answer is never charged to the browser; an
// upload that stops coming or trickles is cut within the rate window, its upstream connection with it.
// A streamed upload holds a connection to the upstream while the browser sends its file, so a person
// may have three going at once, an address MAX_UPLOADS_AT_ONCE_PER_ADDRESS and the server
// MAX_UPLOADS_AT_ONCE in all; one more is refused with its message, a 429 or 503 and Retry-After,
// before a byte of it goes upstream. The invoice step's action is served over HTTP as in
// streamed-uploads.test.ts, by a server built with Node's limit on a whole request scaled down from
// 300 s to 1 s and then served for slow clients as the app's is (the real rate floor, its window scaled
// down from 30 s to 500 ms), the client's address written as the request gate writes it; a counting
// proxy stands between it and the reference upstream. Browsers connect from 127.0.0.x addresses.

import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { createReadableStreamFromReadable } from "@remix-run/node";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { claimUploadSlot, uploadFieldName } from "~/domain/file-kinds";
import { DEFAULT_BODY_MIN_BYTES_PER_SECOND } from "~/domain/settings";
import { UPLOAD_RETRY_AFTER_SECONDS, UploadRuleMessage } from "~/domain/upload-rules";
import { streamedUploadHeaders } from "~/forms/step-upload";
import { CLIENT_ADDRESS_HEADER } from "~/request/client-address";
import { action as invoiceAction } from "~/routes/_entry.entry_.entry_invoice/route";
import { guardActions } from "~/server/guard-actions.server";
import { clientAddressOf } from "~/server/request-gate.server";
import { serveSlowClients } from "~/security/slow-clients.server";
import { type Answer, send } from "../e2e/support-http";
import { APP_ORIGIN, appCookie } from "./app-requests";
import { callRoute } from "../fixtures/call-route";
import { createUserWithSession } from "./reference-upstream/entry-fixtures";
import { useTestUpstream } from "./reference-upstream/harness";

const WINDOW_MS = 500;
const MAX_IN_ALL = 6;
const MAX_PER_ADDRESS = 4;
const INVOICE_PATH = "/entry/entry_invoice?_data=routes%2F_entry.entry_.entry_invoice";

const upstream = useTestUpstream();
/** In front of the upstream: counts the uploads and can hold their answers. */
let proxy: http.Server;
let app: http.Server;
let appPort = 0;
/** Upload requests the upstream was sent, and those still open (neither answered nor broken off). */
let uploadsStarted = 0;
let uploadsOpen = 0;
/** How long the proxy holds the upstream's answer to an upload (an upstream slow to answer). */
let answerDelayMs = 0;

beforeAll(async () => {
  proxy = http.createServer((req, res) => {
    const isUpload = req.method === "POST" && req.url?.startsWith("/api/uploads/");
    if (isUpload) {
      uploadsStarted += 1;
      uploadsOpen += 1;
      res.once("close", () => (uploadsOpen -= 1));
    }
    const delay = isUpload ? answerDelayMs : 0;
    const target = new URL(req.url ?? "/", upstream.url);
    const outgoing = http.request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) =>
        setTimeout(() => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        }, delay),
    );
    outgoing.on("error", () => req.socket.destroy());
    // The app gave up on its request: so does the proxy (the upstream then keeps nothing).
    req.on("aborted", () => outgoing.destroy());
    req.pipe(outgoing);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  // appConfig() reads the environment once, at the first request: set before any.
  process.env.API_BASE_URL = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  process.env.MAX_UPLOADS_AT_ONCE = String(MAX_IN_ALL);
  process.env.MAX_UPLOADS_AT_ONCE_PER_ADDRESS = String(MAX_PER_ADDRESS);
  const routes = guardActions({
    invoice: { id: "invoice", path: "entry/entry_invoice", module: { action: invoiceAction } },
  } as unknown as ServerBuild["routes"]);
  const action = routes.invoice!.module.action!;
  // What the server's adapter (@remix-run/express) does with a request: its body as a web stream.
  app = http.createServer(
    { requestTimeout: 1_000, headersTimeout: 1_000, connectionsCheckingInterval: 50 },
    (req, res) => {
      req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(req, 0);
      const request = new Request(new URL(req.url ?? "/", APP_ORIGIN), {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: createReadableStreamFromReadable(req),
        duplex: "half",
      } as RequestInit);
      void (async () => {
        let response: Response;
        try {
          response = await callRoute(action, request);
        } catch (thrown) {
          if (!(thrown instanceof Response)) throw thrown;
          response = thrown;
        }
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })().catch(() => res.destroy());
    },
  );
  serveSlowClients(app, { windowMs: WINDOW_MS, minBytesPerSecond: DEFAULT_BODY_MIN_BYTES_PER_SECOND });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  appPort = (app.address() as AddressInfo).port;
});

afterAll(async () => {
  app.closeAllConnections();
  await new Promise((resolve) => app.close(resolve));
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
});

/** A PDF of `size` bytes. */
const pdfOf = (size: number) => Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(size - 9, 0x20)]);

/** A person whose draft has three claims: six slots (invoice-n, additional_doc-n) to upload into. */
async function personWithThreeClaims() {
  const browser = createUserWithSession(upstream);
  const claims = Array.from({ length: 3 }, () => ({ contentfile_relations: [] }));
  expect((await browser.patch("/api/draft_entry/", { claims })).status).toBe(200);
  return { browser, cookie: await appCookie(browser) };
}

const target = (base: "invoice" | "additional_doc", claim: number) => ({
  slot: claimUploadSlot(base, claim),
  kind: `${base}-${claim}`,
});

/** The headers the slot sends with JavaScript on (upload-slot.tsx). */
function slotHeaders(cookie: string, into: { slot: string; kind: string }, size: number) {
  return {
    Origin: APP_ORIGIN,
    Cookie: cookie,
    ...streamedUploadHeaders({ ...into, fileName: "a.pdf" }),
    "Content-Length": String(size),
  };
}

/**
 * An upload that stops: its first 64 KiB of 1 MiB, then nothing, its connection left open. Answers
 * the socket and when it closes.
 */
async function stalledUpload(cookie: string, into: { slot: string; kind: string }, from = "127.0.0.1") {
  const socket = net.connect({ port: appPort, host: "127.0.0.1", localAddress: from });
  await new Promise((resolve) => socket.once("connect", resolve));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => {});
  // Whatever the app answers is read, so its closing the connection is seen.
  socket.resume();
  const headers = { Host: `127.0.0.1:${appPort}`, ...slotHeaders(cookie, into, 1024 * 1024) };
  socket.write(
    `POST ${INVOICE_PATH} HTTP/1.1\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join("\r\n")}\r\n\r\n`,
  );
  socket.write(pdfOf(64 * 1024));
  return { socket, closed };
}

/** Stalled uploads into the invoice slots of these claims, one after another, from one address. */
async function stalledInvoices(cookie: string, claims: number[], from: string) {
  const held: Awaited<ReturnType<typeof stalledUpload>>[] = [];
  for (const claim of claims) held.push(await stalledUpload(cookie, target("invoice", claim), from));
  return held;
}

/** A whole file, sent as the slot sends it. */
function upload(
  cookie: string,
  into: { slot: string; kind: string },
  bytes = pdfOf(4 * 1024),
  from = "127.0.0.1",
) {
  return send(`http://127.0.0.1:${appPort}${INVOICE_PATH}`, {
    method: "POST",
    headers: slotHeaders(cookie, into, bytes.length),
    body: bytes,
    from,
  });
}

/** Waits until `check` holds (the app and the proxy reach it on their own), at most 10 s. */
async function eventually(check: () => boolean, what: string): Promise<void> {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** Posts `bytes` as the slot does, `chunk` bytes every `everyMs`: a slow line, never idle. */
function slowUpload(
  cookie: string,
  into: { slot: string; kind: string },
  bytes: Buffer,
  chunk: number,
  everyMs: number,
) {
  return new Promise<number | "closed">((resolve) => {
    const request = http.request(
      `http://127.0.0.1:${appPort}${INVOICE_PATH}`,
      { method: "POST", headers: slotHeaders(cookie, into, bytes.length) },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", () => resolve("closed"));
    let sent = 0;
    const writer = setInterval(() => {
      if (request.destroyed) return clearInterval(writer);
      request.write(bytes.subarray(sent, sent + chunk));
      sent += chunk;
      if (sent < bytes.length) return;
      clearInterval(writer);
      request.end();
    }, everyMs);
  });
}

const fieldErrorOf = (answer: Answer, slot: string) =>
  (JSON.parse(answer.body) as { fieldErrors: Record<string, string> }).fieldErrors[uploadFieldName(slot)];

/** Refused at its slot with the status, §8's form of the message, and when to try again. */
function expectRefusal(answer: Answer, slot: string, status: number, message: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers["retry-after"]).toBe(String(UPLOAD_RETRY_AFTER_SECONDS));
  expect(fieldErrorOf(answer, slot)).toBe(`アップロードエラー (${message})`);
}

describe("slow uploads and trickles (decision 0021)", () => {
  it("a file sent slower than the server's old limit on a whole request, but never idle, is stored", async () => {
    const { browser, cookie } = await personWithThreeClaims();
    // 96 KiB at 32 KiB/s: three times the 1 s limit.
    const file = pdfOf(96 * 1024);
    expect(await slowUpload(cookie, target("invoice", 1), file, 1024, 1000 / 32)).toBe(302);
    const stored = (await browser.get("/api/uploads/")).body as { size: number }[];
    expect(stored.map((each) => each.size)).toEqual([file.length]);
  });

  it("the upstream answering three windows after the file's last byte: the file is stored, the wait not cut", async () => {
    const { browser, cookie } = await personWithThreeClaims();
    answerDelayMs = 3 * WINDOW_MS;
    try {
      expect((await upload(cookie, target("invoice", 1), pdfOf(256 * 1024))).status).toBe(302);
    } finally {
      answerDelayMs = 0;
    }
    expect((await browser.get("/api/uploads/")).body).toHaveLength(1);
  });

  it("an upload trickling at 300 bytes a second is cut, its upstream connection with it, while another at 128 kbps is stored", async () => {
    const trickler = await personWithThreeClaims();
    const bystander = await personWithThreeClaims();
    // 15 bytes every 50 ms: the whole 3 KiB would take 10 s, twenty windows.
    const trickle = slowUpload(trickler.cookie, target("invoice", 1), pdfOf(3 * 1024), 15, 50);
    // 800 bytes every 50 ms (16 KB/s): 48 KiB in about 3 s, six windows.
    const phone = slowUpload(bystander.cookie, target("invoice", 1), pdfOf(48 * 1024), 800, 50);
    expect(await trickle).toBe("closed");
    expect(await phone).toBe(302);
    await eventually(() => uploadsOpen === 0, "the trickle's upstream request to be released");
    expect((await trickler.browser.get("/api/uploads/")).body).toEqual([]);
    expect((await bystander.browser.get("/api/uploads/")).body).toHaveLength(1);
  });
});

describe("uploads at once (decision 0021)", () => {
  it("a person's fourth upload at once is refused 429 with Retry-After and the message, and never reaches the upstream", async () => {
    const { cookie } = await personWithThreeClaims();
    const held = [
      await stalledUpload(cookie, target("invoice", 1)),
      await stalledUpload(cookie, target("additional_doc", 1)),
      await stalledUpload(cookie, target("invoice", 2)),
    ];
    await eventually(() => uploadsOpen === 3, "the three uploads to reach the upstream");
    const started = uploadsStarted;

    const fourth = await upload(cookie, target("additional_doc", 2));
    expectRefusal(fourth, target("additional_doc", 2).slot, 429, UploadRuleMessage.tooManyAtOnce);
    expect(uploadsStarted).toBe(started);

    for (const { socket } of held) socket.destroy();
    await eventually(() => uploadsOpen === 0, "the held uploads to end");
  });

  it(`an address's uploads at once are bounded (${MAX_PER_ADDRESS} here): one more from it is refused 429, one from another address goes through`, async () => {
    const first = await personWithThreeClaims();
    const second = await personWithThreeClaims();
    const held = [
      ...(await stalledInvoices(first.cookie, [1, 2, 3], "127.0.0.2")),
      ...(await stalledInvoices(second.cookie, [1], "127.0.0.2")),
    ];
    await eventually(() => uploadsOpen === MAX_PER_ADDRESS, "the uploads to reach the upstream");
    const started = uploadsStarted;

    const refused = await upload(second.cookie, target("invoice", 2), pdfOf(4 * 1024), "127.0.0.2");
    expectRefusal(refused, target("invoice", 2).slot, 429, UploadRuleMessage.busyFromNetwork);
    expect(uploadsStarted).toBe(started);
    // The same person on another line (a phone beside the office's network).
    expect((await upload(second.cookie, target("invoice", 2), pdfOf(4 * 1024), "127.0.0.3")).status).toBe(
      302,
    );

    for (const { socket } of held) socket.destroy();
    await eventually(() => uploadsOpen === 0, "the held uploads to end");
  });

  it(`the server's uploads in all are bounded (${MAX_IN_ALL} here): one more is refused 503 with Retry-After`, async () => {
    const first = await personWithThreeClaims();
    const second = await personWithThreeClaims();
    const held = [
      ...(await stalledInvoices(first.cookie, [1, 2, 3], "127.0.0.2")),
      ...(await stalledInvoices(second.cookie, [1, 2, 3], "127.0.0.3")),
    ];
    await eventually(() => uploadsOpen === MAX_IN_ALL, "the uploads to reach the upstream");
    const started = uploadsStarted;

    const third = await personWithThreeClaims();
    const refused = await upload(third.cookie, target("invoice", 1), pdfOf(4 * 1024), "127.0.0.4");
    expectRefusal(refused, target("invoice", 1).slot, 503, UploadRuleMessage.busy);
    expect(uploadsStarted).toBe(started);

    for (const { socket } of held) socket.destroy();
    await eventually(() => uploadsOpen === 0, "the held uploads to end");
  });

  it("uploads that stop coming are cut within the window, their upstream connections with them, and the person uploads again", async () => {
    const { browser, cookie } = await personWithThreeClaims();
    const held = [
      await stalledUpload(cookie, target("invoice", 1)),
      await stalledUpload(cookie, target("additional_doc", 1)),
      await stalledUpload(cookie, target("invoice", 2)),
    ];
    await eventually(() => uploadsOpen === 3, "the three uploads to reach the upstream");

    // Nothing more is sent: the app closes each browser connection, and each upstream request goes.
    await Promise.all(held.map(({ closed }) => closed));
    await eventually(() => uploadsOpen === 0, "the upstream connections to be released");
    expect((await browser.get("/api/uploads/")).body).toEqual([]);

    expect((await upload(cookie, target("invoice", 1))).status).toBe(302);
  });
});
