// Uploads at upstream speed (decision 0016): with JavaScript a slot's file is the
// request body and goes through to the upstream as it arrives, never written to the app's disk. The
// invoice step's action is served over real HTTP the way the app's server serves it (the body turned into
// a web stream by @remix-run/node, the action wrapped by guardActions), against the reference
// upstream: a file arrives byte for byte; a body over the limit, or longer than it said, is refused
// with the §8 message and a 4xx and nothing is stored; wrong first bytes are refused before the
// upstream hears of them; a browser that hangs up mid-upload leaves no file anywhere.

import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import path from "node:path";
import { createReadableStreamFromReadable } from "@remix-run/node";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { claimUploadSlot, uploadFieldName } from "~/domain/file-kinds";
import { MAX_UPLOAD_BYTES, UploadRuleMessage } from "~/domain/upload-rules";
import { newUploadKey, streamedUploadHeaders } from "~/forms/step-upload";
import { action as invoiceAction } from "~/routes/_entry.entry_.entry_invoice/route";
import { guardActions } from "~/server/guard-actions.server";
import { APP_ORIGIN, applicantWithOneClaim, failureOf } from "./app-requests";
import { callRoute } from "../fixtures/call-route";
import type { UserClient } from "./reference-upstream/entry-fixtures";
import { useTestUpstream } from "./reference-upstream/harness";

// The app would spool under os.tmpdir(): a directory of this file's own, to prove nothing lands there.
const appTmpDir = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const dir = mkdtempSync(join(tmpdir(), "sakidori-streamed-"));
  process.env.TMPDIR = dir;
  return dir;
});
/** Where the app spools the files of a multipart post (app/upstream/uploads.server.ts). */
const APP_SPOOL_DIR = path.join(appTmpDir, "sakidori-uploads");

const SLOT = claimUploadSlot("invoice", 1);
const INVOICE_PATH = "/entry/entry_invoice?_data=routes%2F_entry.entry_.entry_invoice";

const upstream = useTestUpstream();
let app: http.Server;
let appPort = 0;
/** Each action's end, so a test can wait for the app to be done with a request the client left. */
let actionsDone: Promise<unknown>[] = [];

beforeAll(async () => {
  const routes = guardActions({
    invoice: { id: "invoice", path: "entry/entry_invoice", module: { action: invoiceAction } },
  } as unknown as ServerBuild["routes"]);
  const action = routes.invoice!.module.action!;
  // What the server's adapter (@remix-run/express) does with a request: its body as a web stream.
  app = http.createServer((req, res) => {
    const request = new Request(new URL(req.url ?? "/", APP_ORIGIN), {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: createReadableStreamFromReadable(req),
      duplex: "half",
    } as RequestInit);
    const done = (async () => {
      let response: Response;
      try {
        response = await callRoute(action, request);
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
        response = thrown;
      }
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    })();
    done.catch(() => res.destroy());
    actionsDone.push(done.catch(() => {}));
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  appPort = (app.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => app.close(resolve));
  fs.rmSync(appTmpDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: string;
}

/** A PDF of `size` bytes, random after its first bytes. */
function pdfOf(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i + 4 <= size; i += 4) bytes.writeUInt32LE((i * 2654435761) >>> 0, i);
  Buffer.from("%PDF-1.4\n").copy(bytes);
  return bytes;
}

/** What the slot sends with JavaScript on (upload-slot.tsx), over HTTP to the served action. */
function postFile(
  cookie: string,
  bytes: Buffer,
  fileName = "請求書.pdf",
  origin = APP_ORIGIN,
  uploadKey?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `http://127.0.0.1:${appPort}${INVOICE_PATH}`,
      {
        method: "POST",
        headers: {
          Origin: origin,
          Cookie: cookie,
          ...streamedUploadHeaders({ slot: SLOT, kind: "invoice-1", fileName, uploadKey }),
          "Content-Length": String(bytes.length),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    request.on("error", reject);
    request.end(bytes);
  });
}

const person = () => applicantWithOneClaim(upstream);

async function storedUploads(browser: UserClient): Promise<{ id: number; name: string }[]> {
  return (await browser.get("/api/uploads/")).body as { id: number; name: string }[];
}

/** The names left in a directory (none when it does not exist). */
function leftIn(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** Waits until `check` holds (what a person would wait for), at most 5 s; fails if it never does. */
async function eventually(check: () => boolean): Promise<void> {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error("the condition never held");
    },
    { timeout: 5_000, interval: 20 },
  );
}

/** The invoice action called directly with a streamed upload whose body is `sent`, saying `said` bytes. */
async function postDirectly(cookie: string, said: number, sent: Buffer): Promise<Response> {
  const request = new Request(`${APP_ORIGIN}${INVOICE_PATH}`, {
    method: "POST",
    headers: {
      Origin: APP_ORIGIN,
      Cookie: cookie,
      ...streamedUploadHeaders({ slot: SLOT, kind: "invoice-1", fileName: "a.pdf" }),
      "Content-Length": String(said),
    },
    body: new ReadableStream({
      start(controller) {
        for (let offset = 0; offset < sent.length; offset += 16 * 1024)
          controller.enqueue(new Uint8Array(sent.subarray(offset, offset + 16 * 1024)));
        controller.close();
      },
    }),
    duplex: "half",
  } as RequestInit);
  return await callRoute(invoiceAction, request);
}

describe("a slot's file streamed through to the upstream (JavaScript on)", () => {
  it("arrives upstream byte for byte, linked to its claim, and nothing is written to the app's disk", async () => {
    const { browser, cookie } = await person();
    const file = pdfOf(3 * 1024 * 1024 + 7);
    const answer = await postFile(cookie, file);
    expect(answer.status, answer.body).toBe(302);

    const [stored] = await storedUploads(browser);
    expect(stored?.name).toBe("請求書.pdf");
    const content = await fetch(new URL(`/api/uploads/${stored!.id}/content/`, upstream.url), {
      headers: { Cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    expect(Buffer.from(await content.arrayBuffer()).equals(file)).toBe(true);
    const draft = (await browser.get("/api/draft_entry/")).body as {
      claims: { contentfile_relations: number[] }[];
    };
    expect(draft.claims[0]!.contentfile_relations).toEqual([stored!.id]);
    expect(leftIn(APP_SPOOL_DIR)).toEqual([]);
  });

  it("a file of exactly 10 MiB goes; one byte more is refused 413 with 「アップロードエラー (ファイルサイズは10MBまでです。)」 and nothing stored", async () => {
    const { browser, cookie } = await person();
    const over = await postFile(cookie, pdfOf(MAX_UPLOAD_BYTES + 1));
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body).fieldErrors).toEqual({
      [uploadFieldName(SLOT)]: `アップロードエラー (${UploadRuleMessage.tooLarge})`,
    });
    expect(await storedUploads(browser)).toEqual([]);

    expect((await postFile(cookie, pdfOf(MAX_UPLOAD_BYTES))).status).toBe(302);
    expect(await storedUploads(browser)).toHaveLength(1);
  });

  it("a body longer than its Content-Length said is refused 413 and nothing is stored", async () => {
    const { browser, cookie } = await person();
    // Only a caller other than a browser's HTTP connection can send this (Node's parser stops at the
    // length): the action is called with such a request directly.
    const response = await postDirectly(cookie, 64 * 1024, pdfOf(256 * 1024));
    expect(response.status).toBe(413);
    expect((await failureOf(response)).fieldErrors).toEqual({
      [uploadFieldName(SLOT)]: `アップロードエラー (${UploadRuleMessage.tooLarge})`,
    });
    expect(await storedUploads(browser)).toEqual([]);
  });

  it("a body that ends before its Content-Length is refused 400 with 「アップロードエラー」 and nothing is stored", async () => {
    const { browser, cookie } = await person();
    const response = await postDirectly(cookie, 1024 * 1024, pdfOf(256 * 1024));
    expect(response.status).toBe(400);
    expect((await failureOf(response)).fieldErrors).toEqual({
      [uploadFieldName(SLOT)]: UploadRuleMessage.failed,
    });
    expect(await storedUploads(browser)).toEqual([]);
  });

  it("first bytes that are no PDF, JPEG or PNG are refused 400 with §8's 「アップロードエラー (PDF、JPEG、PNGのファイルを選択してください。)」", async () => {
    const { browser, cookie } = await person();
    const answer = await postFile(cookie, Buffer.from("just text, named as a PDF\n".repeat(1000)), "a.pdf");
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).fieldErrors).toEqual({
      [uploadFieldName(SLOT)]: `アップロードエラー (${UploadRuleMessage.unsupportedType})`,
    });
    expect(await storedUploads(browser)).toEqual([]);
  });

  it("a streamed upload from another site is refused 403 like any post, and nothing is stored", async () => {
    const { browser, cookie } = await person();
    const answer = await postFile(cookie, pdfOf(64 * 1024), "a.pdf", "https://evil.example");
    expect(answer.status).toBe(403);
    expect(await storedUploads(browser)).toEqual([]);
  });

  it("a browser that hangs up mid-upload leaves no upstream file and no temporary file", async () => {
    const { browser, cookie } = await person();
    actionsDone = [];
    const size = 8 * 1024 * 1024;
    const socket = net.connect(appPort, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    const headers = {
      Host: `127.0.0.1:${appPort}`,
      Origin: APP_ORIGIN,
      Cookie: cookie,
      ...streamedUploadHeaders({ slot: SLOT, kind: "invoice-1", fileName: "a.pdf" }),
      "Content-Length": String(size),
    };
    socket.write(
      `POST ${INVOICE_PATH} HTTP/1.1\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join("\r\n")}\r\n\r\n`,
    );
    socket.write(pdfOf(2 * 1024 * 1024));
    // The upstream is receiving the file (it spools it under DATA_DIR/tmp): now the browser goes.
    const upstreamTmp = path.join(upstream.dataDir, "tmp");
    await eventually(() => leftIn(upstreamTmp).length > 0);
    expect(leftIn(upstreamTmp), "the upload reached the upstream before the hang-up").not.toEqual([]);
    socket.destroy();

    await Promise.all(actionsDone);
    await eventually(() => leftIn(upstreamTmp).length === 0);
    expect(leftIn(upstreamTmp), "the upstream's temporary files").toEqual([]);
    expect(await storedUploads(browser)).toEqual([]);
    expect(leftIn(APP_SPOOL_DIR), "the app's temporary files").toEqual([]);
  });

  it("a retry of one file under the browser's key (its answer lost) answers stored, and the file is stored and linked once", async () => {
    const { browser, cookie } = await person();
    const file = pdfOf(200 * 1024);
    const key = newUploadKey();
    expect((await postFile(cookie, file, "a.pdf", APP_ORIGIN, key)).status).toBe(302);
    const again = await postFile(cookie, file, "a.pdf", APP_ORIGIN, key);
    expect(again.status, again.body).toBe(302);

    const stored = await storedUploads(browser);
    expect(stored).toHaveLength(1);
    const draft = (await browser.get("/api/draft_entry/")).body as {
      claims: { contentfile_relations: number[] }[];
    };
    expect(draft.claims[0]!.contentfile_relations).toEqual([stored[0]!.id]);
    // Another choice of the same file is another upload.
    expect((await postFile(cookie, file, "a.pdf", APP_ORIGIN, newUploadKey())).status).toBe(302);
    expect(await storedUploads(browser)).toHaveLength(2);
  });

  it("a retry that arrives while the server still handles the same file answers 409, to be sent again, not a refusal", async () => {
    const { browser, cookie } = await person();
    const key = newUploadKey();
    const size = 2 * 1024 * 1024;
    const socket = net.connect(appPort, "127.0.0.1");
    socket.on("error", () => {});
    await new Promise((resolve) => socket.once("connect", resolve));
    const headers = {
      Host: `127.0.0.1:${appPort}`,
      Origin: APP_ORIGIN,
      Cookie: cookie,
      ...streamedUploadHeaders({ slot: SLOT, kind: "invoice-1", fileName: "a.pdf", uploadKey: key }),
      "Content-Length": String(size),
    };
    socket.write(
      `POST ${INVOICE_PATH} HTTP/1.1\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join("\r\n")}\r\n\r\n`,
    );
    socket.write(pdfOf(size / 2));
    const upstreamTmp = path.join(upstream.dataDir, "tmp");
    await eventually(() => leftIn(upstreamTmp).length > 0);
    try {
      const retry = await postFile(cookie, pdfOf(size), "a.pdf", APP_ORIGIN, key);
      expect(retry.status, retry.body).toBe(409);
    } finally {
      socket.destroy();
    }
    await eventually(() => leftIn(upstreamTmp).length === 0);
    expect(await storedUploads(browser)).toEqual([]);
  });
});
