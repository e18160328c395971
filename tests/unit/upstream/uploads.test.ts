import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UpstreamClient } from "~/upstream/client.server";
import type { UpstreamContext } from "~/upstream/context.server";
import { UpstreamValidationError } from "~/upstream/errors.server";
import {
  fileProblem,
  receiveMultipartForm,
  sendUpload,
  uploadFailureMessage,
} from "~/upstream/uploads.server";

const SPOOL = path.join(os.tmpdir(), "sakidori-uploads");
const spooled = () => (fs.existsSync(SPOOL) ? fs.readdirSync(SPOOL) : []);

function multipartRequest(file: Buffer | null, name = "scan.pdf", fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append("content", new Blob([new Uint8Array(file)]), name);
  return new Request("http://app.test/profile", { method: "POST", body: form });
}

describe("receiving an upload (ARCHITECTURE decision 8)", () => {
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
    expect(fileProblem(form.parts.get("content:claim-1-invoice")!)).toBeNull();
    await form.cleanup();
  });

  it("judges each slot's file on its own: one too large, another fine", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    const form = await receiveMultipartForm(
      stepFormRequest({ "content:claim-1-invoice": big, "content:claim-2-invoice": Buffer.from("%PDF-1.4") }),
      { isFileField: isSlotFile },
    );
    expect(fileProblem(form.parts.get("content:claim-1-invoice")!)).toBe("ファイルサイズは10MBまでです。");
    expect(fileProblem(form.parts.get("content:claim-2-invoice")!)).toBeNull();
    await form.cleanup();
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
  let answer: { status: number; body: unknown } = { status: 201, body: { id: 7, kind: "identity" } };
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

  function context(): UpstreamContext {
    const client = new UpstreamClient(
      new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
      { sessionid: "s".repeat(32), csrftoken: "c".repeat(64) },
      "sakidori",
    );
    return { client, session: { credentials: { sessionid: "s".repeat(32) } } } as unknown as UpstreamContext;
  }

  it("sends kind, side and the file as multipart with an exact Content-Length, never chunked", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sakidori-test-"));
    const filePath = path.join(dir, "f");
    fs.writeFileSync(filePath, "%PDF-1.4 body");
    answer = { status: 201, body: { id: 7, kind: "identity" } };
    const uploaded = await sendUpload(context(), {
      kind: "identity",
      side: "front",
      file: { path: filePath, size: 13, originalName: "免許証.pdf", contentType: "application/pdf" },
    });
    expect(uploaded.id).toBe(7);
    expect(received!.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(received!.headers["content-length"])).toBe(received!.body.length);
    const text = received!.body.toString("utf8");
    expect(text).toContain('name="kind"\r\n\r\nidentity\r\n');
    expect(text).toContain('name="side"\r\n\r\nfront\r\n');
    expect(text).toContain(`filename*=UTF-8''${encodeURIComponent("免許証.pdf")}`);
    expect(text).toContain("Content-Type: application/pdf\r\n\r\n%PDF-1.4 body\r\n");
    expect(received!.headers["x-csrftoken"]).toBe("c".repeat(64));
    fs.rmSync(dir, { recursive: true });
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
