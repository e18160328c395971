import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_UPLOAD_BYTES, UploadRuleMessage } from "~/domain/upload-rules";
import { UpstreamClient } from "~/upstream/client.server";
import type { RequestContext } from "~/request/context.server";
import { UpstreamNetworkError, UpstreamValidationError } from "~/upstream/errors.server";
import {
  MAX_MULTIPART_REQUEST_BYTES,
  MAX_UPLOAD_REQUEST_BYTES,
  fileProblem,
  receiveMultipartForm,
  spooledFile,
} from "~/forms/multipart-form.server";
import { UploadKeyUsedElsewhereError, sendUpload, uploadFailureMessage } from "~/upstream/uploads.server";
import { parseUpload } from "../../../reference-upstream/uploads/multipart";
import { UPLOAD_LIMITS } from "../../../reference-upstream/handlers/uploads";
import { sanitizeFileName } from "../../../reference-upstream/uploads/storage";

// A temporary directory of this file's own, set before the receiver is loaded: the spool it measures
// is then only this file's, not that of other test runs on the machine.
const { privateTmp } = await vi.hoisted(async () => {
  const [nodeFs, nodeOs, nodePath] = await Promise.all([
    import("node:fs"),
    import("node:os"),
    import("node:path"),
  ]);
  const dir = nodeFs.mkdtempSync(nodePath.join(nodeOs.tmpdir(), "sakidori-uploads-test-"));
  process.env.TMPDIR = dir;
  return { privateTmp: dir };
});
afterAll(() => fs.rmSync(privateTmp, { recursive: true, force: true }));

const SPOOL = path.join(os.tmpdir(), "sakidori-uploads");
const spooled = () => (fs.existsSync(SPOOL) ? fs.readdirSync(SPOOL) : []);

function multipartRequest(file: Buffer | null, name = "scan.pdf", fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append("content", new Blob([new Uint8Array(file)]), name);
  return new Request("http://app.test/profile", { method: "POST", body: form });
}

describe("receiving an upload (ARCHITECTURE §8)", () => {
  it("keeps the fields, spools the file, recognises it by its first bytes, and cleans up", async () => {
    const before = spooled().length;
    const form = await receiveMultipartForm(
      multipartRequest(Buffer.from("%PDF-1.4\nhello"), "請求書.pdf", { kind: "invoice-1", slot: "a" }),
    );
    expect(form.fields).toEqual({ kind: "invoice-1", slot: "a" });
    expect(form.file).toMatchObject({ originalName: "請求書.pdf", size: 14, contentType: "application/pdf" });
    expect(fs.readFileSync(form.file!.path, "utf8")).toBe("%PDF-1.4\nhello");
    expect(fileProblem(form)).toBeNull();
    await form.cleanup();
    expect(fs.existsSync(form.file!.path)).toBe(false);
    expect(spooled().length).toBe(before);
  });

  it("refuses a renamed executable, an empty file and a missing one with their messages", async () => {
    const renamed = await receiveMultipartForm(multipartRequest(Buffer.from("MZ\x90\x00rest")));
    expect(fileProblem(renamed)).toBe("PDF、JPEG、PNGのファイルを選択してください。");
    await renamed.cleanup();
    const missing = await receiveMultipartForm(multipartRequest(null, "", { kind: "identity" }));
    expect(fileProblem(missing)).toBe("ファイルを選択してください。");
    await missing.cleanup();
  });

  it("stops reading a file past 10 MiB and keeps nothing of it", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    big.write("%PDF-");
    const form = await receiveMultipartForm(multipartRequest(big));
    expect(form.file).toBeNull();
    expect(fileProblem(form)).toBe("ファイルサイズは10MBまでです。");
    await form.cleanup();
  });

  it("accepts exactly 10 MiB", async () => {
    const exact = Buffer.alloc(10 * 1024 * 1024, 0x20);
    exact.write("%PDF-");
    const form = await receiveMultipartForm(multipartRequest(exact));
    expect(fileProblem(form)).toBeNull();
    expect(form.file?.size).toBe(10 * 1024 * 1024);
    await form.cleanup();
  });
});

/** Names people give files: each must arrive under its name, never a 500 or "no file". */
const HARD_NAMES: [sent: string, received: string][] = [
  ["請求書;最終版.pdf", "請求書;最終版.pdf"],
  ["invoice=final.pdf", "invoice=final.pdf"],
  ["it's.pdf", "it's.pdf"],
  // A browser writes " as %22 in the quoted name (HTML form encoding): it is read back as ".
  ['say "hi".pdf', 'say "hi".pdf'],
  ["100%.pdf", "100%.pdf"],
  ["a(1)*!~.pdf", "a(1)*!~.pdf"],
  ["📄領収書 2026.pdf", "📄領収書 2026.pdf"],
  // A backslash separates folders on Windows: only the last part is a name.
  ["back\\slash.pdf", "slash.pdf"],
];

describe("receiving any file name", () => {
  it.each(HARD_NAMES)("%s arrives as %s", async (sent, received) => {
    const form = await receiveMultipartForm(multipartRequest(Buffer.from("%PDF-1.4\n"), sent));
    expect(fileProblem(form)).toBeNull();
    expect(form.file?.originalName).toBe(received);
    await form.cleanup();
  });
});

/** A request whose body is produced chunk by chunk as it is read, and says whether it was read. */
function streamedRequest(
  chunks: () => Iterator<Uint8Array>,
  headers: Record<string, string>,
): { request: Request; pulled: () => number } {
  let pulledBytes = 0;
  const source = chunks();
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = source.next();
        if (next.done) controller.close();
        else {
          pulledBytes += next.value.byteLength;
          controller.enqueue(next.value);
        }
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request("http://app.test/profile", {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulledBytes };
}

const BOUNDARY = "----sakidoritest";
const MULTIPART = { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` };

/** A text part of the form. */
function textPart(name: string, value: string): Uint8Array[] {
  return [Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)];
}

/** Parts of `size` bytes each, named content:claim-n-invoice, written 64 KiB at a time; then the end. */
function* manyFiles(count: number, size: number, closing = true): Generator<Uint8Array> {
  const block = Buffer.alloc(64 * 1024, 0x20);
  for (let n = 1; n <= count; n += 1) {
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="content:claim-${n}-invoice:invoice-${n}:"; filename="${n}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-`,
    );
    let left = size - 5;
    while (left > 0) {
      const piece = block.subarray(0, Math.min(left, block.length));
      left -= piece.length;
      yield piece;
    }
    yield Buffer.from("\r\n");
  }
  if (closing) yield Buffer.from(`--${BOUNDARY}--\r\n`);
}

/** The bytes under the spool directory now. */
function spoolBytes(): number {
  let total = 0;
  for (const dir of spooled()) {
    for (const file of fs.readdirSync(path.join(SPOOL, dir))) {
      try {
        total += fs.statSync(path.join(SPOOL, dir, file)).size;
      } catch {
        // removed meanwhile
      }
    }
  }
  return total;
}

/** Runs `work` while measuring the largest spool seen (every 2 ms). */
async function measuringSpool<T>(work: () => Promise<T>): Promise<{ result: T | unknown; peak: number }> {
  let peak = spoolBytes();
  const timer = setInterval(() => {
    peak = Math.max(peak, spoolBytes());
  }, 2);
  try {
    const result = await work().catch((error: unknown) => error);
    return { result, peak: Math.max(peak, spoolBytes()) };
  } finally {
    clearInterval(timer);
  }
}

describe("a size cap per request: four files' 10 MiB plus 256 KiB for the form", () => {
  const isSlotFile = (name: string) => name.startsWith("content:");

  it("is 40 MiB and 256 KiB for a page's form, 10 MiB and 256 KiB for a file sent alone", () => {
    expect(MAX_MULTIPART_REQUEST_BYTES).toBe(4 * MAX_UPLOAD_BYTES + 256 * 1024);
    expect(MAX_UPLOAD_REQUEST_BYTES).toBe(MAX_UPLOAD_BYTES + 256 * 1024);
  });

  it("answers 413 to a Content-Length over the cap before reading a byte", async () => {
    const { request, pulled } = streamedRequest(() => manyFiles(1, 50 * 1024 * 1024), {
      ...MULTIPART,
      "Content-Length": String(MAX_MULTIPART_REQUEST_BYTES + 1),
    });
    const answer = await receiveMultipartForm(request).catch((error: unknown) => error);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(413);
    expect(await (answer as Response).json()).toMatchObject({ code: 413, badRequest: true });
    expect(pulled()).toBe(0);
  });

  it("reads a file over one file's limit to its end, keeps none of it, and keeps the fields after it", async () => {
    const parts = [
      ...textPart("purpose", "外注費の支払い"),
      ...manyFiles(1, 11 * 1024 * 1024, false),
      ...textPart("claims[0].obliger_company_name", "株式会社入力途中"),
      Buffer.from(`--${BOUNDARY}--\r\n`),
    ];
    const length = parts.reduce((sum, chunk) => sum + chunk.byteLength, 0);
    const { request, pulled } = streamedRequest(() => parts.values(), {
      ...MULTIPART,
      "Content-Length": String(length),
    });
    const before = spoolBytes();
    const { result, peak } = await measuringSpool(() =>
      receiveMultipartForm(request, { isFileField: isSlotFile }),
    );
    const form = result as Awaited<ReturnType<typeof receiveMultipartForm>>;
    expect(pulled()).toBe(length);
    expect(peak - before).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
    expect(fileProblem(form.parts.get("content:claim-1-invoice:invoice-1:")![0]!)).toBe(
      UploadRuleMessage.tooLarge,
    );
    expect(form.formData.get("purpose")).toBe("外注費の支払い");
    expect(form.formData.get("claims[0].obliger_company_name")).toBe("株式会社入力途中");
    await form.cleanup();
    expect(spoolBytes()).toBe(before);
  });

  it("cuts a body without a length at the cap with 413, never spooling more than one file's limit", async () => {
    // Twenty 10 MiB files, as an attacker sent them (161 MB spooled before).
    const { request, pulled } = streamedRequest(() => manyFiles(20, MAX_UPLOAD_BYTES), MULTIPART);
    const before = spoolBytes();
    const { result, peak } = await measuringSpool(() =>
      receiveMultipartForm(request, { isFileField: isSlotFile }),
    );
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(413);
    // Read no further than the cap and the few chunks the stream reads ahead.
    expect(pulled()).toBeLessThanOrEqual(MAX_MULTIPART_REQUEST_BYTES + 256 * 1024);
    console.info(`largest spool seen (twenty 10 MiB parts, no length): ${peak - before} bytes`);
    expect(peak - before).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
    expect(spoolBytes()).toBe(before);
  });

  it("spools at most one file's limit across the parts: the file that would pass it is refused", async () => {
    const part = 5 * 1024 * 1024 + 64 * 1024; // two of them: under the request cap, over one file's limit
    const { request } = streamedRequest(() => manyFiles(2, part), MULTIPART);
    const before = spoolBytes();
    const { result, peak } = await measuringSpool(() =>
      receiveMultipartForm(request, { isFileField: isSlotFile }),
    );
    const form = result as Awaited<ReturnType<typeof receiveMultipartForm>>;
    console.info(`largest spool seen (two files of 5.06 MiB): ${peak - before} bytes`);
    expect(peak - before).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
    expect(fileProblem(form.parts.get("content:claim-1-invoice:invoice-1:")![0]!)).toBeNull();
    expect(fileProblem(form.parts.get("content:claim-2-invoice:invoice-2:")![0]!)).toBe(
      UploadRuleMessage.tooLargeTogether,
    );
    await form.cleanup();
    expect(spoolBytes()).toBe(before);
  });
});

describe("a body the app cannot read is a 400, never a 500", () => {
  const bodies: [string, Record<string, string>, string][] = [
    ["no boundary", { "Content-Type": "multipart/form-data" }, `--x\r\n`],
    ["a malformed boundary", { "Content-Type": "multipart/form-data; boundary=" }, "--\r\n"],
    [
      "a truncated body",
      MULTIPART,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="content"; filename="a.pdf"\r\n\r\n%PDF-1.4`,
    ],
    [
      "a malformed part header",
      MULTIPART,
      `--${BOUNDARY}\r\nContent-Disposition\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
    ],
    ["an empty body", MULTIPART, ""],
  ];
  it.each(bodies)("%s", async (_label, headers, body) => {
    const before = spooled().length;
    const request = new Request("http://app.test/profile", { method: "POST", headers, body });
    const answer = await receiveMultipartForm(request).catch((error: unknown) => error);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(400);
    expect(spooled().length).toBe(before);
  });
});

describe("a wizard step's form posted by a slot's upload button, without JavaScript (decision 0007)", () => {
  /** What a browser sends: every text field, and every slot's file input, empty when nothing was chosen. */
  function stepFormRequest(files: Record<string, Buffer | null>) {
    const form = new FormData();
    form.append("purpose", "仕入れ代金の支払い");
    form.append("claims[0].receive_payment_account.obliger_accounts[0].holder_name", "カ）サキドリ");
    form.append("claims[0].receive_payment_account.obliger_accounts[1].holder_name", "サキドリ");
    for (const [name, file] of Object.entries(files)) {
      form.append(name, new Blob(file ? [new Uint8Array(file)] : []), file ? "scan.pdf" : "");
    }
    form.append("intent", "upload:claim-1-invoice:invoice-1:");
    return new Request("http://app.test/entry/entry_invoice", { method: "POST", body: form });
  }
  const isSlotFile = (name: string) => name.startsWith("content:");

  it("keeps every typed field in order for the step's parser, and the chosen file under its slot", async () => {
    const form = await receiveMultipartForm(
      stepFormRequest({
        "content:claim-1-invoice": Buffer.from("%PDF-1.4\n"),
        "content:claim-1-additional_doc": null,
      }),
      { isFileField: isSlotFile },
    );
    expect([...form.formData.keys()]).toEqual([
      "purpose",
      "claims[0].receive_payment_account.obliger_accounts[0].holder_name",
      "claims[0].receive_payment_account.obliger_accounts[1].holder_name",
      "intent",
    ]);
    expect(form.formData.get("purpose")).toBe("仕入れ代金の支払い");
    // The empty input of the other slot is as if it were not there.
    expect([...form.parts.keys()]).toEqual(["content:claim-1-invoice"]);
    expect(fileProblem(form.parts.get("content:claim-1-invoice")![0]!)).toBeNull();
    await form.cleanup();
  });

  it("judges each slot's file on its own: one too large, another fine", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    const form = await receiveMultipartForm(
      stepFormRequest({ "content:claim-1-invoice": big, "content:claim-2-invoice": Buffer.from("%PDF-1.4") }),
      { isFileField: isSlotFile },
    );
    expect(fileProblem(form.parts.get("content:claim-1-invoice")![0]!)).toBe(
      "ファイルサイズは10MBまでです。",
    );
    expect(fileProblem(form.parts.get("content:claim-2-invoice")![0]!)).toBeNull();
    await form.cleanup();
  });

  it("keeps a chosen file after more empty inputs than the 16 files a request may spool", async () => {
    const empty = Object.fromEntries(
      Array.from({ length: 20 }, (_, n) => [`content:claim-${n + 2}-invoice:invoice-${n + 2}:`, null]),
    );
    const form = await receiveMultipartForm(
      stepFormRequest({ ...empty, "content:claim-1-invoice": Buffer.from("%PDF-1.4\n") }),
      { isFileField: isSlotFile },
    );
    expect([...form.parts.keys()]).toEqual(["content:claim-1-invoice"]);
    await form.cleanup();
  });

  it("keeps every file chosen together in one slot, in order, and refuses those past 16 at their slot", async () => {
    const form = new FormData();
    for (let n = 1; n <= 18; n += 1) {
      form.append(
        "content:passbook_details-1:passbook_details-1:",
        new Blob(["%PDF-1.4\n"]),
        `page-${n}.pdf`,
      );
    }
    const received = await receiveMultipartForm(
      new Request("http://app.test/entry/withdrawal_details", { method: "POST", body: form }),
      { isFileField: isSlotFile },
    );
    const parts = received.parts.get("content:passbook_details-1:passbook_details-1:")!;
    expect(parts.map((part) => part.file?.originalName ?? null)).toEqual([
      ...Array.from({ length: 16 }, (_, n) => `page-${n + 1}.pdf`),
      null,
      null,
    ]);
    expect(fileProblem(parts[16]!)).toBe(
      "一度に送れるファイルは16個までです。残りのファイルは、もう一度選んで送ってください。",
    );
    await received.cleanup();
  });

  it("reads past files of fields nobody asked for", async () => {
    const form = await receiveMultipartForm(stepFormRequest({ other: Buffer.from("%PDF-1.4") }), {
      isFileField: isSlotFile,
    });
    expect(form.parts.size).toBe(0);
    expect(form.formData.get("intent")).toBe("upload:claim-1-invoice:invoice-1:");
    await form.cleanup();
  });
});

describe("sending an upload to the upstream", () => {
  let server: http.Server;
  let received: { headers: http.IncomingHttpHeaders; body: Buffer } | null = null;
  /** §3 Uploaded file as the upstream answers a POST /api/uploads/. */
  const uploadedFile = (id: number) => ({
    id,
    kind: "identity",
    name: "f.pdf",
    created_at: "2026-05-01T10:00:00+09:00",
  });
  let answer: { status: number; body: unknown } = { status: 201, body: uploadedFile(7) };
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received = { headers: req.headers, body: Buffer.concat(chunks) };
        res.writeHead(answer.status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  function context(): RequestContext {
    const client = new UpstreamClient(
      new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
      { sessionid: "s".repeat(32), csrftoken: "c".repeat(64) },
      "sakidori",
    );
    return { client, session: { credentials: { sessionid: "s".repeat(32) } } } as unknown as RequestContext;
  }

  it("sends kind, side and the file as multipart with an exact Content-Length, never chunked", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sakidori-test-"));
    const filePath = path.join(dir, "f");
    fs.writeFileSync(filePath, "%PDF-1.4 body");
    answer = { status: 201, body: uploadedFile(7) };
    const uploaded = await sendUpload(context(), {
      kind: "identity",
      side: "front",
      file: spooledFile({
        path: filePath,
        size: 13,
        originalName: "免許証.pdf",
        contentType: "application/pdf",
      }),
    });
    expect(uploaded.id).toBe(7);
    expect(received!.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(received!.headers["content-length"])).toBe(received!.body.length);
    const text = received!.body.toString("utf8");
    // A key of its own, first, so a lost answer can be looked up exactly.
    expect(text).toMatch(
      /^--[^\r]+\r\nContent-Disposition: form-data; name="idempotency_key"\r\n\r\nupload-[0-9a-f-]{36}\r\n/,
    );
    expect(text).toContain('name="kind"\r\n\r\nidentity\r\n');
    expect(text).toContain('name="side"\r\n\r\nfront\r\n');
    expect(text).toContain(`filename="___.pdf"; filename*=UTF-8''${encodeURIComponent("免許証.pdf")}`);
    expect(text).toContain("Content-Type: application/pdf\r\n\r\n%PDF-1.4 body\r\n");
    expect(received!.headers["x-csrftoken"]).toBe("c".repeat(64));
    fs.rmSync(dir, { recursive: true });
  });

  it("writes filename* as RFC 8187 (attr-char only) and a fallback without quotes or backslashes", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sakidori-test-"));
    const filePath = path.join(dir, "f");
    fs.writeFileSync(filePath, "%PDF-1.4");
    answer = { status: 201, body: uploadedFile(8) };
    await sendUpload(context(), {
      kind: "identity",
      file: spooledFile({
        path: filePath,
        size: 8,
        originalName: `it's "(1)"*!;=%.pdf`,
        contentType: "application/pdf",
      }),
    });
    const disposition = /name="content"; (.*)\r\n/.exec(received!.body.toString("utf8"))![1]!;
    const star = /filename\*=UTF-8''(.*)$/.exec(disposition)![1]!;
    // RFC 8187 attr-char: ALPHA / DIGIT / "!" / "#" / "$" / "&" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
    expect(star).toMatch(/^([A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-F]{2})+$/);
    expect(decodeURIComponent(star)).toBe(`it's "(1)"*!;=%.pdf`);
    const fallback = /^filename="([^"\\]*)"; filename\*=/.exec(disposition);
    expect(fallback).not.toBeNull();
    fs.rmSync(dir, { recursive: true });
  });

  const pdf = {
    originalName: "請求書.pdf",
    contentType: "application/pdf" as const,
    size: 8,
    open: async function* () {
      yield Buffer.from("%PDF-1.4");
    },
  };

  it("refuses a key the upstream answers with another slot's upload (another kind or side), or refuses 422", async () => {
    answer = { status: 200, body: { ...uploadedFile(9), kind: "identity", side: "front" } };
    for (const elsewhere of [{ kind: "invoice-1" }, { kind: "identity", side: "back" as const }]) {
      const refused = sendUpload(context(), { ...elsewhere, file: pdf, uploadKey: "0".repeat(32) });
      await expect(refused).rejects.toBeInstanceOf(UploadKeyUsedElsewhereError);
    }
    answer = { status: 422, body: { idempotency_key: ["別の欄のキーです。"] } };
    const refused = sendUpload(context(), { kind: "invoice-1", file: pdf, uploadKey: "0".repeat(32) });
    const error = await refused.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(UploadKeyUsedElsewhereError);
    expect(uploadFailureMessage(error)).toBe(`アップロードエラー (${UploadRuleMessage.keyUsedElsewhere})`);
    // Its own slot's replay is the upload.
    answer = { status: 200, body: { ...uploadedFile(9), kind: "identity", side: "front" } };
    const replayed = await sendUpload(context(), { kind: "identity", side: "front", file: pdf });
    expect(replayed.id).toBe(9);
  });

  it("§8 Upload failure: first non-field error, else アップロードエラー (message), else アップロードエラー", () => {
    expect(uploadFailureMessage(new UpstreamValidationError({}, ["他の理由"]))).toBe("他の理由");
    expect(uploadFailureMessage(new UpstreamValidationError({ content: ["大きすぎます"] }, []))).toBe(
      "アップロードエラー (大きすぎます)",
    );
    expect(uploadFailureMessage(new UpstreamValidationError({}, []))).toBe("アップロードエラー");
    expect(uploadFailureMessage(new Error("other"))).toBeNull();
  });
});

describe("a lost upload answer is looked up by the upload's key", () => {
  let server: http.Server;
  /** What GET /api/uploads/ answers, given the key the POST carried. */
  let listFor: (key: string) => unknown[] = () => [];
  const lookups: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        if (req.method === "POST") {
          // Stored, and the answer lost: the connection goes without one.
          lastKey = /name="idempotency_key"\r\n\r\n([^\r]*)\r\n/.exec(Buffer.concat(chunks).toString())![1]!;
          req.socket.destroy();
          return;
        }
        lookups.push(req.url ?? "");
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify(listFor(lastKey)));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  let lastKey = "";

  const file = {
    originalName: "請求書.pdf",
    contentType: "application/pdf" as const,
    size: 8,
    open: async function* () {
      yield Buffer.from("%PDF-1.4");
    },
  };
  function context(): RequestContext {
    const client = new UpstreamClient(
      new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
      { sessionid: "s".repeat(32), csrftoken: "c".repeat(64) },
      "sakidori",
    );
    return { client, session: { credentials: { sessionid: "s".repeat(32) } } } as unknown as RequestContext;
  }
  const uploaded = (id: number, key: string | null) => ({
    id,
    kind: "invoice-1",
    name: "請求書.pdf",
    created_at: "2026-11-26T10:00:00+09:00",
    idempotency_key: key,
  });

  it("answers the upload stored under its key, asked for by that key", async () => {
    listFor = (key) => [uploaded(41, key)];
    const result = await sendUpload(context(), { kind: "invoice-1", file });
    expect(result).toMatchObject({ id: 41, kind: "invoice-1", name: "請求書.pdf" });
    expect(lookups.at(-1)).toBe(`/api/uploads/?idempotency_key=${lastKey}`);
  });

  it("never takes another upload for it (an upstream that ignored the filter): still no answer, 499", async () => {
    listFor = () => [uploaded(40, null), uploaded(42, "upload-someone-else")];
    await expect(sendUpload(context(), { kind: "invoice-1", file })).rejects.toBeInstanceOf(
      UpstreamNetworkError,
    );
    listFor = () => [];
    await expect(sendUpload(context(), { kind: "invoice-1", file })).rejects.toBeInstanceOf(
      UpstreamNetworkError,
    );
  });

  it("refuses what it finds stored under the key for another slot: this file was not the one kept", async () => {
    listFor = (key) => [uploaded(43, key)];
    await expect(sendUpload(context(), { kind: "invoice-2", file })).rejects.toBeInstanceOf(
      UploadKeyUsedElsewhereError,
    );
  });
});

describe("the names reach the reference upstream's parser as they were", () => {
  let server: http.Server;
  const stored: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sakidori-names-"));
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      parseUpload(req, dataDir, UPLOAD_LIMITS).then(
        async (form) => {
          stored.push(sanitizeFileName(form.content?.clientName, "application/pdf"));
          if (form.content?.tempPath) await fs.promises.rm(form.content.tempPath, { force: true });
          res.writeHead(201, { "Content-Type": "application/json" });
          const name = stored.at(-1);
          res.end(JSON.stringify({ id: stored.length, kind: "identity", name, created_at: "2026-05-01" }));
        },
        () => {
          res.writeHead(400, { "Content-Type": "application/json" });
          res.end("{}");
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(HARD_NAMES)("%s is stored as %s", async (sent, received) => {
    const form = await receiveMultipartForm(multipartRequest(Buffer.from("%PDF-1.4\n"), sent));
    const client = new UpstreamClient(
      new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
      { sessionid: "s".repeat(32), csrftoken: "c".repeat(64) },
      "sakidori",
    );
    const ctx = { client, session: { credentials: {} } } as unknown as RequestContext;
    await sendUpload(ctx, {
      kind: "identity",
      file: spooledFile({ ...form.file!, contentType: "application/pdf" }),
    });
    await form.cleanup();
    expect(stored.at(-1)).toBe(received);
  });
});
