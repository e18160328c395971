import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_UPLOAD_BYTES } from "../../../app/domain/upload-rules";
import { type ApiClient, type TestUpstream, useTestUpstream, withTestUpstream } from "./harness";
import { type LoggedInClient, loginAs } from "./login-helper";

const PDF_HEAD = Buffer.from("%PDF-1.7\n");
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
/** The start of a Windows executable ("MZ"), the classic file renamed to .pdf. */
const EXE_HEAD = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);

const Message = {
  tooLarge: "ファイルサイズは10MBまでです。",
  noFile: "ファイルが送信されていません。",
  emptyFile: "送信されたファイルは空です。",
  unsupportedType: "PDF、JPEG、PNGのファイルを選択してください。",
  required: "この項目は必須です。",
  invalidChoice: (value: string) => `"${value}" は有効な選択肢ではありません。`,
};

function fileOf(head: Buffer, size = 64): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  head.copy(bytes, 0, 0, Math.min(head.length, size));
  return bytes;
}

interface UploadInput {
  kind?: string;
  side?: string;
  bytes?: Buffer;
  name?: string;
  /** The type the client claims; the upstream must ignore it. */
  type?: string;
  /** Append the file before the kind field (the kind may come after the file). */
  fileFirst?: boolean;
  /** The client's key for this upload (idempotency_key). */
  key?: string;
}

function formOf(input: UploadInput): FormData {
  const form = new FormData();
  const appendFile = () => {
    if (input.bytes) {
      form.append(
        "content",
        new Blob([new Uint8Array(input.bytes)], { type: input.type ?? "application/pdf" }),
        input.name ?? "請求書.pdf",
      );
    }
  };
  if (input.fileFirst) appendFile();
  if (input.kind !== undefined) form.append("kind", input.kind);
  if (input.side !== undefined) form.append("side", input.side);
  if (input.key !== undefined) form.append("idempotency_key", input.key);
  if (!input.fileFirst) appendFile();
  return form;
}

function upload(client: ApiClient, input: UploadInput, options: { csrf?: boolean } = {}) {
  return client.request("POST", "/api/uploads/", { form: formOf(input), ...options });
}

/** A raw request over node:http, for what fetch cannot send (chunked multipart, a body cut short). */
function rawRequest(upstream: TestUpstream, client: ApiClient, headers: Record<string, string>) {
  const cookies = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  return http.request(`${upstream.url}/api/uploads/`, {
    method: "POST",
    headers: { Cookie: cookies, "X-CSRFToken": client.cookies.get("csrftoken")!, ...headers },
  });
}

function responseOf(
  request: http.ClientRequest,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }> {
  return new Promise((resolve, reject) => {
    request.on("error", reject);
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "null"),
        }),
      );
    });
  });
}

/** Polls a condition the server reaches asynchronously (a file written or removed). */
async function waitFor(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  await vi.waitFor(
    () => {
      if (!condition()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: timeoutMs, interval: 20 },
  );
}

const BOUNDARY = "----sakidori-test-boundary";
const filePartHead = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\ninvoice\r\n` +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="content"; filename="${name}"\r\n` +
  `Content-Type: application/pdf\r\n\r\n`;

describe("uploads (§7 POST/DELETE /api/uploads/, PATCH active_delinquency)", () => {
  const upstream = useTestUpstream();
  let alice: LoggedInClient;
  let bob: LoggedInClient;

  const tmpFiles = () => {
    const dir = path.join(upstream.dataDir, "tmp");
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const uploadRow = (id: number) =>
    upstream.db.prepare("SELECT * FROM uploads WHERE id = ?").get(id) as
      { storage_path: string; user_id: number; content_type: string; name: string } | undefined;
  const countUploads = (userId: number) =>
    (upstream.db.prepare("SELECT COUNT(*) AS n FROM uploads WHERE user_id = ?").get(userId) as { n: number })
      .n;

  beforeAll(() => {
    alice = loginAs(upstream);
    bob = loginAs(upstream);
  });

  describe("POST /api/uploads/", () => {
    it.each([
      ["PDF", PDF_HEAD, "application/pdf"],
      ["JPEG", JPEG_HEAD, "image/jpeg"],
      ["PNG", PNG_HEAD, "image/png"],
    ])("accepts a %s and stores the type read from its first bytes", async (_label, head, sniffed) => {
      // The client claims another type: the stored one is the sniffed one, never the client's.
      const response = await upload(alice, {
        kind: "invoice",
        bytes: fileOf(head, 300),
        type: "text/plain",
        name: "書類",
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(Number),
        kind: "invoice",
        name: "書類",
        content_type: sniffed,
        size: 300,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+09:00$/),
        error: false,
        message: "",
        idempotency_key: null,
      });
      const row = uploadRow(response.body.id)!;
      expect(row.content_type).toBe(sniffed);
      expect(fs.statSync(path.join(upstream.dataDir, row.storage_path)).size).toBe(300);
      expect(tmpFiles()).toEqual([]);
    });

    it("accepts the kind after the file (the file is spooled before the kind is known)", async () => {
      const response = await upload(alice, { kind: "bs", bytes: fileOf(PDF_HEAD), fileFirst: true });
      expect(response.status).toBe(201);
      expect(response.body.kind).toBe("bs");
    });

    it("refuses a renamed executable (first bytes not PDF, JPEG or PNG)", async () => {
      const before = countUploads(alice.userId);
      const response = await upload(alice, {
        kind: "invoice",
        bytes: fileOf(EXE_HEAD, 4096),
        name: "invoice.pdf",
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ content: [Message.unsupportedType] });
      expect(countUploads(alice.userId)).toBe(before);
      expect(tmpFiles()).toEqual([]);
    });

    it("accepts a file of exactly 10 MiB", async () => {
      const response = await upload(alice, { kind: "pl", bytes: fileOf(PDF_HEAD, MAX_UPLOAD_BYTES) });
      expect(response.status).toBe(201);
      expect(response.body.size).toBe(MAX_UPLOAD_BYTES);
      expect(tmpFiles()).toEqual([]);
    });

    it("refuses 10 MiB + 1 byte with a field error on content, leaving no temporary file", async () => {
      const before = countUploads(alice.userId);
      const response = await upload(alice, { kind: "pl", bytes: fileOf(PDF_HEAD, MAX_UPLOAD_BYTES + 1) });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ content: [Message.tooLarge] });
      expect(countUploads(alice.userId)).toBe(before);
      expect(tmpFiles()).toEqual([]);
    });

    it("refuses a body declared over the request cap before reading it, and closes the connection", async () => {
      const request = rawRequest(upstream, alice, {
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
        "Content-Length": String(50 * 1024 * 1024),
      });
      request.flushHeaders();
      const response = await responseOf(request);
      request.destroy();
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ content: [Message.tooLarge] });
      expect(response.headers.connection).toBe("close");
      expect(tmpFiles()).toEqual([]);
    });

    it("answers an oversized upload sent whole with its Content-Length readably (400 on content), never a broken pipe", async () => {
      // 12 MiB of file: over the request cap (10 MiB + 1 MiB), within what the server drains to answer.
      const body = Buffer.concat([
        Buffer.from(filePartHead("big.pdf")),
        fileOf(PDF_HEAD, 12 * 1024 * 1024),
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]);
      const before = countUploads(alice.userId);
      const request = rawRequest(upstream, alice, {
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
        "Content-Length": String(body.length),
      });
      const answered = responseOf(request);
      // Streamed in 64 KiB pieces as a client sends a file from disk: every byte must go through.
      const pieces = Array.from({ length: Math.ceil(body.length / 65_536) }, (_, index) =>
        body.subarray(index * 65_536, (index + 1) * 65_536),
      );
      const sent = pipeline(Readable.from(pieces), request).then(
        () => "sent whole",
        (error: Error) => `broken off: ${error.message}`,
      );
      const [response, sending] = await Promise.all([answered, sent]);
      expect(sending).toBe("sent whole");
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ content: [Message.tooLarge] });
      expect(countUploads(alice.userId)).toBe(before);
      expect(tmpFiles()).toEqual([]);
    });

    it("refuses a chunked body (no Content-Length) with 411", async () => {
      const request = rawRequest(upstream, alice, {
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
        "Transfer-Encoding": "chunked",
      });
      request.write(filePartHead("a.pdf"));
      const response = await responseOf(request);
      request.destroy();
      expect(response.status).toBe(411);
      expect(response.body).toEqual({ detail: expect.any(String) });
      expect(tmpFiles()).toEqual([]);
    });

    it("removes the temporary file when the client aborts mid-body", async () => {
      const before = countUploads(alice.userId);
      const request = rawRequest(upstream, alice, {
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
        "Content-Length": String(5 * 1024 * 1024),
      });
      request.on("error", () => {}); // the abort is ours
      request.write(filePartHead("big.pdf"));
      request.write(fileOf(PDF_HEAD, 1024 * 1024));
      // The upload really is being spooled before we cut it.
      await waitFor(() => tmpFiles().length === 1, "the temporary file to appear");
      request.destroy();
      await waitFor(() => tmpFiles().length === 0, "the temporary file to be removed");
      expect(countUploads(alice.userId)).toBe(before);
      // The server is still serving.
      expect((await upload(alice, { kind: "invoice", bytes: fileOf(PDF_HEAD) })).status).toBe(201);
    });

    it("refuses an empty file", async () => {
      const response = await upload(alice, { kind: "invoice", bytes: Buffer.alloc(0) });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ content: [Message.emptyFile] });
      expect(tmpFiles()).toEqual([]);
    });

    it('refuses a form without a file, and an empty file input (filename "")', async () => {
      const missing = await upload(alice, { kind: "invoice" });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ content: [Message.noFile] });
      const emptyBlob = await upload(alice, { kind: "invoice", bytes: Buffer.alloc(0), name: "" });
      expect(emptyBlob.status).toBe(400);
      expect(emptyBlob.body).toEqual({ content: [Message.noFile] });
      // What a browser posts for a file input left empty.
      const browserEmpty = await alice.request("POST", "/api/uploads/", {
        raw: {
          body:
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\ninvoice\r\n` +
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="content"; filename=""\r\n` +
            `Content-Type: application/octet-stream\r\n\r\n\r\n--${BOUNDARY}--\r\n`,
          contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        },
      });
      expect(browserEmpty.status).toBe(400);
      expect(browserEmpty.body).toEqual({ content: [Message.noFile] });
      // A text value where the file should be.
      const text = new FormData();
      text.append("kind", "invoice");
      text.append("content", "not a file");
      const textContent = await alice.request("POST", "/api/uploads/", { form: text });
      expect(textContent.status).toBe(400);
      expect(textContent.body).toEqual({ content: [expect.stringContaining("ファイルではありません")] });
      expect(tmpFiles()).toEqual([]);
    });

    it("reports every field error together (missing kind, missing file)", async () => {
      const response = await alice.request("POST", "/api/uploads/", {
        form: (() => {
          const f = new FormData();
          f.append("x", "1");
          return f;
        })(),
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ kind: [Message.required], content: [Message.noFile] });
    });

    it("refuses an unknown kind with DRF's choice message", async () => {
      const response = await upload(alice, { kind: "x", bytes: fileOf(PDF_HEAD) });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ kind: [Message.invalidChoice("x")] });
      expect(tmpFiles()).toEqual([]);
    });

    it("accepts a kind with a -{displayId} suffix (invoice-3) and refuses invoice-0 and invoice-x", async () => {
      const ok = await upload(alice, { kind: "invoice-3", bytes: fileOf(PDF_HEAD) });
      expect(ok.status).toBe(201);
      expect(ok.body.kind).toBe("invoice-3");
      for (const kind of ["invoice-0", "invoice-x", "invoice-", "invoice-03"]) {
        const refused = await upload(alice, { kind, bytes: fileOf(PDF_HEAD) });
        expect(refused.status, kind).toBe(400);
        expect(refused.body, kind).toEqual({ kind: [Message.invalidChoice(kind)] });
      }
    });

    it("needs a side (front or back) for identity files, and refuses one for other kinds", async () => {
      const noSide = await upload(alice, { kind: "identity", bytes: fileOf(JPEG_HEAD) });
      expect(noSide.status).toBe(400);
      expect(noSide.body).toEqual({ side: [Message.required] });

      const badSide = await upload(alice, { kind: "identity", side: "left", bytes: fileOf(JPEG_HEAD) });
      expect(badSide.status).toBe(400);
      expect(badSide.body).toEqual({ side: [Message.invalidChoice("left")] });

      const front = await upload(alice, { kind: "identity", side: "front", bytes: fileOf(JPEG_HEAD) });
      expect(front.status).toBe(201);
      expect(front.body).toMatchObject({ kind: "identity", side: "front", content_type: "image/jpeg" });

      const invoiceWithSide = await upload(alice, { kind: "invoice", side: "back", bytes: fileOf(PDF_HEAD) });
      expect(invoiceWithSide.status).toBe(400);
      expect(Object.keys(invoiceWithSide.body)).toEqual(["side"]);
    });

    it("never uses the client's file name as a path; keeps it sanitised as metadata only", async () => {
      const response = await upload(alice, {
        kind: "invoice",
        bytes: fileOf(PDF_HEAD),
        name: "../../../etc/請求書\u202e.pdf",
      });
      expect(response.status).toBe(201);
      expect(response.body.name).toBe("請求書.pdf");
      const row = uploadRow(response.body.id)!;
      expect(row.storage_path).toMatch(new RegExp(`^uploads/${alice.userId}/[0-9a-f]{32}\\.pdf$`));

      const longName = `${"あ".repeat(300)}.pdf`;
      const long = await upload(alice, { kind: "invoice", bytes: fileOf(PDF_HEAD), name: longName });
      expect(long.status).toBe(201);
      expect([...long.body.name]).toHaveLength(255);
      expect(long.body.name.endsWith(".pdf")).toBe(true);
    });

    it("refuses a body that is not multipart with 415", async () => {
      const response = await alice.post("/api/uploads/", { kind: "invoice" });
      expect(response.status).toBe(415);
      expect(response.body).toEqual({
        detail: 'リクエストのメディアタイプ "application/json" はサポートされていません。',
      });
    });

    it("refuses a malformed multipart body with 400", async () => {
      const response = await alice.request("POST", "/api/uploads/", {
        raw: {
          body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\ninvo`,
          contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: expect.stringContaining("マルチパート") });
      expect(tmpFiles()).toEqual([]);
    });

    it("needs the CSRF token (403 CSRF Failed) and a session (403)", async () => {
      const noCsrf = await upload(alice, { kind: "invoice", bytes: fileOf(PDF_HEAD) }, { csrf: false });
      expect(noCsrf.status).toBe(403);
      expect(noCsrf.body.detail).toMatch(/^CSRF Failed: /);
      const anonymous = await upload(upstream.client(), { kind: "invoice", bytes: fileOf(PDF_HEAD) });
      expect(anonymous.status).toBe(403);
      expect(anonymous.body).toEqual({ detail: "認証情報が含まれていません。" });
      expect(tmpFiles()).toEqual([]);
    });
  });

  describe("an upload's idempotency_key: how a lost answer is looked up exactly", () => {
    it("is stored with the upload and finds exactly that upload, only the user's own", async () => {
      const dave = loginAs(upstream);
      const keyed = await upload(dave, { kind: "invoice-1", bytes: fileOf(PDF_HEAD), key: "upload-a" });
      expect(keyed.status).toBe(201);
      expect(keyed.body.idempotency_key).toBe("upload-a");
      // Same name, kind and size, another key: the lookup does not guess by them.
      await upload(dave, { kind: "invoice-1", bytes: fileOf(PDF_HEAD), key: "upload-b" });
      await upload(bob, { kind: "invoice-1", bytes: fileOf(PDF_HEAD), key: "upload-c" });

      const found = await dave.get("/api/uploads/?idempotency_key=upload-a");
      expect(found.status).toBe(200);
      expect(found.body.map((item: { id: number }) => item.id)).toEqual([keyed.body.id]);
      expect((await dave.get("/api/uploads/?idempotency_key=upload-c")).body).toEqual([]);
      expect((await dave.get("/api/uploads/?idempotency_key=never-sent")).body).toEqual([]);
    });

    it("answers a replay of a key 200 with the upload first stored under it, storing nothing more", async () => {
      const erin = loginAs(upstream);
      const first = await upload(erin, { kind: "pl", bytes: fileOf(PDF_HEAD, 100), key: "upload-1" });
      expect(first.status).toBe(201);
      const replay = await upload(erin, { kind: "pl", bytes: fileOf(PNG_HEAD, 200), key: "upload-1" });
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(first.body);
      expect(countUploads(erin.userId)).toBe(1);
      expect(fs.readdirSync(path.join(upstream.dataDir, "uploads", String(erin.userId)))).toHaveLength(1);
      expect(tmpFiles()).toEqual([]);
      // The same key of another user is that user's own.
      const other = await upload(bob, { kind: "pl", bytes: fileOf(PDF_HEAD), key: "upload-1" });
      expect(other.status).toBe(201);
    });

    it("refuses a key first stored with another kind or side 422 on its field, storing nothing", async () => {
      const fay = loginAs(upstream);
      const identity = { kind: "identity", side: "front", bytes: fileOf(PDF_HEAD) };
      expect((await upload(fay, { ...identity, key: "upload-k" })).status).toBe(201);
      const stored = (await fay.get("/api/uploads/")).body;
      for (const other of [
        { kind: "invoice-1" },
        { kind: "identity", side: "back" },
        { kind: "invoice-2" },
      ]) {
        const refused = await upload(fay, { ...other, bytes: fileOf(PDF_HEAD), key: "upload-k" });
        expect(refused.status).toBe(422);
        expect(refused.body).toEqual({
          idempotency_key: [
            "このファイルの送信は別の欄で受け付け済みです。お手数ですが、もう一度ファイルを選んでください。",
          ],
        });
      }
      const invoice = { kind: "invoice-1", bytes: fileOf(PDF_HEAD) };
      expect((await upload(fay, { ...invoice, key: "upload-i" })).status).toBe(201);
      const refused = await upload(fay, { ...invoice, kind: "invoice-2", key: "upload-i" });
      expect(refused.status).toBe(422);
      expect((await fay.get("/api/uploads/")).body).toHaveLength(stored.length + 1);
      expect(countUploads(fay.userId)).toBe(2);
      expect(tmpFiles()).toEqual([]);
    });

    it("refuses a blank key or one over 64 characters on its field, storing nothing", async () => {
      const before = countUploads(alice.userId);
      const blank = await upload(alice, { kind: "pl", bytes: fileOf(PDF_HEAD), key: "" });
      expect(blank.status).toBe(400);
      expect(blank.body).toEqual({ idempotency_key: ["この項目は空にできません。"] });
      const long = await upload(alice, { kind: "pl", bytes: fileOf(PDF_HEAD), key: "k".repeat(65) });
      expect(long.status).toBe(400);
      expect(long.body).toEqual({
        idempotency_key: ["この項目が 64 文字より長くならないようにしてください。"],
      });
      expect(countUploads(alice.userId)).toBe(before);
      expect(tmpFiles()).toEqual([]);
    });
  });

  describe("GET /api/uploads/ and /api/uploads/{id}/content/ (contract additions)", () => {
    it("lists only the user's own uploads not held by an entry, optionally by exact kind", async () => {
      const carol = loginAs(upstream);
      const a = await upload(carol, { kind: "withdrawals_detail-1", bytes: fileOf(PDF_HEAD) });
      const b = await upload(carol, { kind: "withdrawals_detail-2", bytes: fileOf(PNG_HEAD) });
      await upload(bob, { kind: "withdrawals_detail-1", bytes: fileOf(PDF_HEAD) });

      const all = await carol.get("/api/uploads/");
      expect(all.status).toBe(200);
      expect(all.body.map((item: { id: number }) => item.id)).toEqual([a.body.id, b.body.id]);

      const filtered = await carol.get("/api/uploads/?kind=withdrawals_detail-2");
      expect(filtered.body.map((item: { id: number }) => item.id)).toEqual([b.body.id]);

      const unknown = await carol.get("/api/uploads/?kind=nonsense");
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ kind: [Message.invalidChoice("nonsense")] });
    });

    it("streams the owner's file back with its type, length and attachment headers", async () => {
      const bytes = fileOf(PNG_HEAD, 5000);
      const created = await upload(alice, {
        kind: "passbook_cover-1",
        bytes,
        name: "通帳 表紙.png",
        type: "image/gif",
      });
      const response = await fetch(`${upstream.url}/api/uploads/${created.body.id}/content/`, {
        headers: { Cookie: `sessionid=${alice.cookies.get("sessionid")}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("content-length")).toBe("5000");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const disposition = response.headers.get("content-disposition")!;
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe("通帳 表紙.png");
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    });

    it("answers 404 for another user's file, and 403 without a session", async () => {
      const created = await upload(alice, { kind: "invoice", bytes: fileOf(PDF_HEAD) });
      const asBob = await bob.get(`/api/uploads/${created.body.id}/content/`);
      expect(asBob.status).toBe(404);
      expect(asBob.body).toEqual({ detail: "見つかりませんでした。" });
      const anonymous = await upstream.client().get(`/api/uploads/${created.body.id}/content/`);
      expect(anonymous.status).toBe(403);
    });
  });

  describe("DELETE /api/uploads/{id}/", () => {
    it("deletes the owner's upload and its file (204), then answers 404", async () => {
      const created = await upload(alice, { kind: "invoice-1", bytes: fileOf(PDF_HEAD) });
      const stored = path.join(upstream.dataDir, uploadRow(created.body.id)!.storage_path);
      expect(fs.existsSync(stored)).toBe(true);

      const response = await alice.delete(`/api/uploads/${created.body.id}/`);
      expect(response.status).toBe(204);
      expect(uploadRow(created.body.id)).toBeUndefined();
      expect(fs.existsSync(stored)).toBe(false);
      expect((await alice.delete(`/api/uploads/${created.body.id}/`)).status).toBe(404);
    });

    it("answers 404 for another user's upload and keeps it", async () => {
      const created = await upload(alice, { kind: "invoice-1", bytes: fileOf(PDF_HEAD) });
      const response = await bob.delete(`/api/uploads/${created.body.id}/`);
      expect(response.status).toBe(404);
      expect(uploadRow(created.body.id)).toBeDefined();
    });

    it("answers 404 for a non-numeric id and 403 without CSRF", async () => {
      expect((await alice.delete("/api/uploads/abc/")).status).toBe(404);
      const created = await upload(alice, { kind: "invoice-1", bytes: fileOf(PDF_HEAD) });
      const response = await alice.delete(`/api/uploads/${created.body.id}/`, { csrf: false });
      expect(response.status).toBe(403);
      expect(uploadRow(created.body.id)).toBeDefined();
    });

    it("refuses to delete an upload held by a submitted entry (400 non_field_errors)", async () => {
      const created = await upload(alice, { kind: "invoice-1", bytes: fileOf(PDF_HEAD) });
      const now = new Date().toISOString();
      const entry = upstream.db
        .prepare(
          `INSERT INTO entries (user_id, code, purchase_amount_desired, purpose, created_at, updated_at)
           VALUES (?, ?, '1000000', '運転資金', ?, ?)`,
        )
        .run(alice.userId, `E-TEST-${created.body.id}`, now, now);
      upstream.db
        .prepare("INSERT INTO entry_files (entry_id, upload_id) VALUES (?, ?)")
        .run(entry.lastInsertRowid, created.body.id);

      const response = await alice.delete(`/api/uploads/${created.body.id}/`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ non_field_errors: [expect.stringMatching(/[ぁ-んァ-ン一-龥]/)] });
      expect(uploadRow(created.body.id)).toBeDefined();
      expect(fs.existsSync(path.join(upstream.dataDir, uploadRow(created.body.id)!.storage_path))).toBe(true);

      // It is no longer pending either.
      const pending = await alice.get("/api/uploads/");
      expect(pending.body.map((item: { id: number }) => item.id)).not.toContain(created.body.id);
    });
  });

  describe("PATCH /api/uploads/active_delinquency/", () => {
    it("marks exactly the given delinquency uploads active and lists them all", async () => {
      const dave = loginAs(upstream);
      const first = (await upload(dave, { kind: "delinquency", bytes: fileOf(PDF_HEAD) })).body.id;
      const second = (await upload(dave, { kind: "delinquency-1", bytes: fileOf(PDF_HEAD) })).body.id;
      const third = (await upload(dave, { kind: "delinquency-2", bytes: fileOf(PDF_HEAD) })).body.id;
      const invoice = (await upload(dave, { kind: "invoice", bytes: fileOf(PDF_HEAD) })).body.id;

      const response = await dave.patch("/api/uploads/active_delinquency/", { ids: [first, third] });
      expect(response.status).toBe(200);
      expect(
        response.body.map((item: { id: number; is_active: boolean }) => [item.id, item.is_active]),
      ).toEqual([
        [first, true],
        [second, false],
        [third, true],
      ]);

      const again = await dave.patch("/api/uploads/active_delinquency/", { ids: [String(second)] });
      expect(again.body.map((item: { is_active: boolean }) => item.is_active)).toEqual([false, true, false]);

      const refused = await dave.patch("/api/uploads/active_delinquency/", { ids: [second, invoice] });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body)).toEqual(["ids"]);
      expect(refused.body.ids).toHaveLength(1);
      expect(refused.body.ids[0]).toContain(String(invoice));
      // Nothing half-written: the refused call changed nothing.
      const states = upstream.db
        .prepare("SELECT is_active_delinquency AS a FROM uploads WHERE user_id = ? ORDER BY id")
        .all(dave.userId)
        .map((row) => (row as { a: number }).a);
      expect(states).toEqual([0, 1, 0, 0]);
    });

    it("refuses another user's delinquency upload, and ids of the wrong shape", async () => {
      const bobs = (await upload(bob, { kind: "delinquency", bytes: fileOf(PDF_HEAD) })).body.id;
      const foreign = await alice.patch("/api/uploads/active_delinquency/", { ids: [bobs] });
      expect(foreign.status).toBe(400);
      expect(foreign.body.ids[0]).toContain(String(bobs));

      expect((await alice.patch("/api/uploads/active_delinquency/", {})).body).toEqual({
        ids: [Message.required],
      });
      const notAList = await alice.patch("/api/uploads/active_delinquency/", { ids: 3 });
      expect(notAList.status).toBe(400);
      expect(Object.keys(notAList.body)).toEqual(["ids"]);
      const notIntegers = await alice.patch("/api/uploads/active_delinquency/", { ids: ["x", true] });
      expect(notIntegers.status).toBe(400);
      expect(notIntegers.body).toEqual({ ids: ["有効な整数を入力してください。"] });
      const notAnObject = await alice.patch("/api/uploads/active_delinquency/", [1, 2]);
      expect(notAnObject.status).toBe(400);
      expect(Object.keys(notAnObject.body)).toEqual(["non_field_errors"]);
    });

    it("accepts an empty list (no active delinquency upload)", async () => {
      const erin = loginAs(upstream);
      const id = (await upload(erin, { kind: "delinquency", bytes: fileOf(PDF_HEAD) })).body.id;
      await erin.patch("/api/uploads/active_delinquency/", { ids: [id] });
      const response = await erin.patch("/api/uploads/active_delinquency/", { ids: [] });
      expect(response.status).toBe(200);
      expect(response.body).toEqual([expect.objectContaining({ id, is_active: false })]);
    });
  });
});

describe("temporary files a stopped upstream left behind", () => {
  it("are removed when the upstream starts; nothing else in DATA_DIR/tmp is touched", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sakidori-upstream-"));
    const tmp = path.join(dataDir, "tmp");
    fs.mkdirSync(tmp, { recursive: true });
    fs.writeFileSync(path.join(tmp, "upload-0123456789abcdef.part"), "half a file");
    fs.writeFileSync(path.join(tmp, "notes.txt"), "kept");
    await withTestUpstream({ dataDir }, async () => {
      expect(fs.readdirSync(tmp)).toEqual(["notes.txt"]);
    });
  });
});

describe("a storage quota per user: bytes in all and files a day, refused before a file is kept", () => {
  // A small quota, so the edges are a few kilobytes away: 64 KiB in all, 3 files a day.
  const QUOTA = { maxBytes: 64 * 1024, filesPerDay: 3 };
  let clock = new Date();
  const upstream = useTestUpstream({ overrides: { uploadQuota: QUOTA, now: () => clock } });
  const tmpFiles = () => {
    const dir = path.join(upstream.dataDir, "tmp");
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const stored = (userId: number) =>
    upstream.db.prepare("SELECT size FROM uploads WHERE user_id = ? ORDER BY id").all(userId) as {
      size: number;
    }[];
  /** The files in the user's store directory (what is kept on disk). */
  const filesOnDisk = (userId: number) => {
    const dir = path.join(upstream.dataDir, "uploads", String(userId));
    return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
  };
  const over = (limit: string, left: string | null) => ({
    content: [
      left === null
        ? `保存できるファイルは合計${limit}までで、残りはありません。`
        : `保存できるファイルは合計${limit}までです。残りは${left}です。`,
    ],
  });
  const tooManyToday = {
    content: ["アップロードできるファイルは1日3個までです。明日以降にお試しください。"],
  };

  it("stores the file that reaches the quota exactly and refuses one byte more, keeping nothing of it", async () => {
    clock = new Date();
    const user = loginAs(upstream);
    const justOver = await upload(user, { kind: "pl", bytes: fileOf(PDF_HEAD, QUOTA.maxBytes + 1) });
    expect(justOver.status).toBe(400);
    expect(justOver.body).toEqual(over("64KB", "64KB"));
    expect(stored(user.userId)).toEqual([]);
    const exactly = await upload(user, { kind: "pl", bytes: fileOf(PDF_HEAD, QUOTA.maxBytes) });
    expect(exactly.status).toBe(201);
    const oneMore = await upload(user, { kind: "bs", bytes: fileOf(PDF_HEAD, 16) });
    expect(oneMore.status).toBe(400);
    expect(oneMore.body).toEqual(over("64KB", null));
    expect(stored(user.userId)).toEqual([{ size: QUOTA.maxBytes }]);
    expect(filesOnDisk(user.userId)).toBe(1);
    expect(tmpFiles()).toEqual([]);
  });

  it("counts every file the user keeps: the second file fits to the byte, one byte more does not", async () => {
    clock = new Date();
    const user = loginAs(upstream);
    expect((await upload(user, { kind: "pl", bytes: fileOf(PDF_HEAD, 40_000) })).status).toBe(201);
    const left = QUOTA.maxBytes - 40_000; // 25,536 bytes: 24.9 KiB
    const overByOne = await upload(user, { kind: "bs", bytes: fileOf(PDF_HEAD, left + 1) });
    expect(overByOne.status).toBe(400);
    expect(overByOne.body).toEqual(over("64KB", "24.9KB"));
    expect((await upload(user, { kind: "bs", bytes: fileOf(PDF_HEAD, left) })).status).toBe(201);
    expect(stored(user.userId)).toEqual([{ size: 40_000 }, { size: left }]);
    // Deleting a file makes room again.
    const [first] = (await user.get("/api/uploads/")).body as { id: number }[];
    expect((await user.delete(`/api/uploads/${first!.id}/`)).status).toBe(204);
    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000); // a new day: the files-a-day count aside
    expect((await upload(user, { kind: "pl", bytes: fileOf(PDF_HEAD, 40_000) })).status).toBe(201);
    expect(tmpFiles()).toEqual([]);
  });

  it("refuses a body whose declared length cannot fit before reading a byte of it", async () => {
    clock = new Date();
    const user = loginAs(upstream);
    const body = Buffer.concat([
      Buffer.from(filePartHead("big.pdf")),
      fileOf(PDF_HEAD, 1024 * 1024),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const request = rawRequest(upstream, user, {
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      "Content-Length": String(body.length),
    });
    // Only the start is sent: an answer while the rest is held back means nothing was parsed.
    request.write(body.subarray(0, 4096));
    const response = await responseOf(request);
    request.destroy();
    expect(response.status).toBe(400);
    expect(response.body).toEqual(over("64KB", "64KB"));
    expect(tmpFiles()).toEqual([]);
    expect(stored(user.userId)).toEqual([]);
  });

  it("allows 3 files a day in Japan's calendar: the 4th is refused, a deletion gives none back, midnight does", async () => {
    clock = new Date("2026-11-26T14:59:00Z"); // 23:59 in Japan
    const user = loginAs(upstream);
    const ids: number[] = [];
    for (let n = 0; n < QUOTA.filesPerDay; n += 1) {
      const response = await upload(user, { kind: "pl", bytes: fileOf(PDF_HEAD, 100) });
      expect(response.status).toBe(201);
      ids.push(response.body.id);
    }
    const fourth = await upload(user, { kind: "pl", bytes: fileOf(PDF_HEAD, 100) });
    expect(fourth.status).toBe(400);
    expect(fourth.body).toEqual(tooManyToday);
    expect((await user.delete(`/api/uploads/${ids[0]}/`)).status).toBe(204);
    expect((await upload(user, { kind: "pl", bytes: fileOf(PDF_HEAD, 100) })).body).toEqual(tooManyToday);
    clock = new Date("2026-11-26T15:00:00Z"); // 00:00 on the 27th in Japan
    expect((await upload(user, { kind: "pl", bytes: fileOf(PDF_HEAD, 100) })).status).toBe(201);
    expect(stored(user.userId)).toHaveLength(3);
    expect(tmpFiles()).toEqual([]);
  });

  it("stores one of two uploads sent at once that fit only one at a time", async () => {
    clock = new Date();
    const user = loginAs(upstream);
    const answers = await Promise.all(
      [0, 1].map(() => upload(user, { kind: "pl", bytes: fileOf(PDF_HEAD, 40_000) })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(stored(user.userId)).toEqual([{ size: 40_000 }]);
    expect(filesOnDisk(user.userId)).toBe(1);
    expect(tmpFiles()).toEqual([]);
  });
});

describe("an upload sent at the client's pace (decision 0021: the app streams it through as it comes)", () => {
  it("one that stops coming is closed within its rate window and leaves no temporary file", async () => {
    await withTestUpstream({ overrides: { bodyRateWindowMs: 300 } }, async (upstream) => {
      const alice = loginAs(upstream);
      const tmp = path.join(upstream.dataDir, "tmp");
      const tmpFiles = () => (fs.existsSync(tmp) ? fs.readdirSync(tmp) : []);
      const request = rawRequest(upstream, alice, {
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
        "Content-Length": String(1024 * 1024),
      });
      const closed = new Promise((resolve) => request.once("error", resolve));
      request.write(filePartHead("stopped.pdf"));
      request.write(fileOf(PDF_HEAD, 64 * 1024));
      await waitFor(() => tmpFiles().length === 1, "the temporary file to appear");
      // Nothing more is sent: the upstream closes the connection.
      await closed;
      await waitFor(() => tmpFiles().length === 0, "the temporary file to be removed");
    });
  });
});
