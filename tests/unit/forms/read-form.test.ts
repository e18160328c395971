// Bodies the route cannot read answer 400 (or 415) without calling the upstream; forbidden field
// names are dropped or refused; an upload slot must be one the page offers before it goes anywhere.
// The helper every action reads its form with, and the slot check of the upload posts.

import { describe, expect, it } from "vitest";
import { refusalReason } from "~/domain/refusal-reasons";
import { FORM_BYTE_LIMIT, isForbiddenFieldName, readForm, readMultipartForm } from "~/forms/read-form.server";
import { isUploadFileField, parseUploadTarget } from "~/forms/step-upload";
import type { RequestContext } from "~/request/context.server";
import { handleUploadPost } from "~/forms/upload-actions.server";

const URL_ = "http://app.test/login";
const URLENCODED = "application/x-www-form-urlencoded";

function post(body: BodyInit | null, contentType?: string, headers: Record<string, string> = {}) {
  return new Request(URL_, {
    method: "POST",
    body,
    headers: { ...(contentType ? { "Content-Type": contentType } : {}), ...headers },
  });
}

/** The status of the Response the helper throws (the one badRequestScreen shape), or "read". */
async function outcome(reading: Promise<unknown>): Promise<number | "read"> {
  try {
    await reading;
    return "read";
  } catch (error) {
    if (error instanceof Response) {
      const reason = refusalReason(error.status);
      expect(await error.json()).toEqual({
        code: error.status,
        badRequest: true,
        ...(reason ? { reason } : {}),
      });
      return error.status;
    }
    throw error;
  }
}

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

describe("readForm: an urlencoded form, or a 4xx", () => {
  it("reads a page's form, repeated names and UTF-8 kept, whatever the charset parameter's case", async () => {
    const form = await readForm(
      post(
        "email=a%40example.jp&claims%5B0%5D.amount=1&tag=x&tag=y&name=%E5%B1%B1%E7%94%B0",
        `${URLENCODED}; Charset=UTF-8`,
      ),
    );
    expect([...form]).toEqual([
      ["email", "a@example.jp"],
      ["claims[0].amount", "1"],
      ["tag", "x"],
      ["tag", "y"],
      ["name", "山田"],
    ]);
  });

  it("answers 415 for a body that is not an urlencoded form", async () => {
    expect(await outcome(readForm(post(null)))).toBe(415);
    expect(await outcome(readForm(post("email=a")))).toBe(415); // text/plain is added by fetch
    expect(await outcome(readForm(new Request(URL_, { method: "POST" })))).toBe(415);
    expect(await outcome(readForm(post('{"email":"a"}', "application/json")))).toBe(415);
    expect(await outcome(readForm(post("email=a", "text/plain")))).toBe(415);
    expect(await outcome(readForm(post("--x\r\n", "multipart/form-data; boundary=x")))).toBe(415);
  });

  it("answers 400 for raw bytes that are not UTF-8 (a browser percent-encodes them)", async () => {
    expect(await outcome(readForm(post(new Uint8Array([0x61, 0x3d, 0xff, 0xfe]), URLENCODED)))).toBe(400);
  });

  it("refuses (400) a field name with a __proto__, constructor or prototype path segment", async () => {
    for (const name of [
      "__proto__",
      "__proto__[x]",
      "constructor.prototype.x",
      "a.constructor",
      "claims[0].__proto__",
      "a[prototype]",
      "[__proto__]",
    ]) {
      const body = `${encodeURIComponent(name)}=1&email=a`;
      expect(await outcome(readForm(post(body, URLENCODED))), name).toBe(400);
    }
    // Names that only contain the words are a page's own.
    for (const name of ["constructorName", "my__proto__", "prototypes", "claims[0].amount"]) {
      expect(isForbiddenFieldName(name), name).toBe(false);
    }
  });

  it("refuses (400) names whose paths conflict: a value and a field under it cannot both be read", async () => {
    for (const body of [
      "a=1&a.b=2",
      "a.b=2&a=1",
      "a=1&a%5Bb%5D=2",
      "claims%5B0%5D=1&claims%5B0%5D.amount=2",
      "a.b=1&a.b.c=2",
      "a%5B0%5D=1&a.0.x=2",
    ]) {
      expect(await outcome(readForm(post(`${body}&email=a`, URLENCODED))), body).toBe(400);
    }
    // A name a form repeats, spelled either way, and siblings under one parent are a page's own.
    for (const body of [
      "a=1&a=2",
      "a.b=1&a%5Bb%5D=2",
      "claims%5B0%5D.amount=1&claims%5B0%5D.debtor=2&claims%5B1%5D.amount=3",
      "ab=1&a.b=2",
    ]) {
      expect(await outcome(readForm(post(body, URLENCODED))), body).toBe("read");
    }
  });

  it(`answers 413 for a Content-Length over the cap (${FORM_BYTE_LIMIT} bytes), before reading`, async () => {
    // A body that never arrives: waiting for it would time the test out.
    const request = new Request(URL_, {
      method: "POST",
      body: new ReadableStream<Uint8Array>({ start() {} }),
      headers: { "Content-Type": URLENCODED, "Content-Length": String(FORM_BYTE_LIMIT + 1) },
      duplex: "half",
    } as RequestInit);
    expect(await outcome(readForm(request))).toBe(413);
  });

  it("cuts a body without a length at the cap: 413, and a form just under it is read", async () => {
    const chunk = new Uint8Array(8 * 1024).fill(0x61); // "aaaa…"
    const over = Array.from({ length: FORM_BYTE_LIMIT / chunk.length + 1 }, () => chunk);
    const streamed = (chunks: Uint8Array[]) =>
      new Request(URL_, {
        method: "POST",
        body: streamOf(chunks),
        headers: { "Content-Type": URLENCODED },
        duplex: "half",
      } as RequestInit);
    expect(await outcome(readForm(streamed(over)))).toBe(413);
    const under = Array.from({ length: FORM_BYTE_LIMIT / chunk.length }, () => chunk);
    const form = await readForm(streamed(under));
    expect(String(form.get("a".repeat(FORM_BYTE_LIMIT)))).toBe("");
  });
});

describe("readMultipartForm: a route with upload slots", () => {
  const multipart = (body: string, type = "multipart/form-data; boundary=b") => post(body, type);

  it("answers 415 for a body that is not multipart, 400 for one the parser cannot read", async () => {
    const options = { isFileField: isUploadFileField };
    expect(await outcome(readMultipartForm(post("a=1", URLENCODED), options))).toBe(415);
    const part = '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave\r\n--b--\r\n';
    expect(await outcome(readMultipartForm(multipart(part, "multipart/form-data"), options))).toBe(400);
    expect(await outcome(readMultipartForm(multipart(part.slice(0, 30)), options))).toBe(400);
  });

  it("reads nothing from a part without Content-Disposition (busboy skips it): no field, no 500", async () => {
    const noDisposition = "--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--\r\n";
    const form = await readMultipartForm(multipart(noDisposition), { isFileField: isUploadFileField });
    expect([...form.formData.keys()]).toEqual([]);
    expect(form.parts.size).toBe(0);
    await form.cleanup();
  });

  it("refuses (400) conflicting field paths in a multipart form", async () => {
    const body =
      '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n' +
      '--b\r\nContent-Disposition: form-data; name="a.b"\r\n\r\n2\r\n--b--\r\n';
    expect(await outcome(readMultipartForm(multipart(body), { isFileField: isUploadFileField }))).toBe(400);
  });

  it("refuses (400) a forbidden field name in a multipart form", async () => {
    const body = '--b\r\nContent-Disposition: form-data; name="__proto__[x]"\r\n\r\n1\r\n--b--\r\n';
    expect(await outcome(readMultipartForm(multipart(body), { isFileField: isUploadFileField }))).toBe(400);
  });
});

describe("an upload slot must be one the page offers before it goes anywhere", () => {
  it("takes only slot and kind names a page gives, and front or back", () => {
    expect(parseUploadTarget({ slot: "claim-1-invoice", kind: "invoice-1" })).toEqual({
      slot: "claim-1-invoice",
      kind: "invoice-1",
    });
    expect(parseUploadTarget({ slot: "identity-front", kind: "identity", side: "front" })).toMatchObject({
      side: "front",
    });
    for (const slot of [
      "x\r\nSet-Cookie: a=1",
      "x\u0000y",
      "スロット",
      "",
      "a".repeat(65),
      "a/../b",
      "a#b",
    ]) {
      expect(parseUploadTarget({ slot, kind: "invoice-1" }), JSON.stringify(slot)).toBeNull();
    }
    expect(parseUploadTarget({ slot: "a", kind: "invoice-1", side: "left" })).toBeNull();
  });

  /** A slot's own upload post (JavaScript on): its fields and one small PDF. */
  function slotPost(fields: Record<string, string>) {
    const form = new FormData();
    form.append("intent", "upload");
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("content", new Blob([new TextEncoder().encode("%PDF-1.4\n")]), "a.pdf");
    return new Request("http://app.test/entry/entry_invoice", { method: "POST", body: form });
  }

  // The refusal comes before any upstream call: a context that is touched throws.
  const ctx = new Proxy({} as RequestContext, {
    get() {
      throw new Error("the upstream was called");
    },
  });
  const invoicePage = {
    accepts: (kind: string) => kind === "invoice-1",
    slotOf: (kind: string) => (kind === "invoice-1" ? "claim-1-invoice" : null),
    redirectTo: (fields: { slot: string }) => `/entry/entry_invoice#upload-${fields.slot}`,
  };

  it("refuses (400, the slot message) a slot with CR/LF, NUL or non-Latin-1, never echoing it", async () => {
    for (const slot of ["x\r\nSet-Cookie: injected=1", "x\u0000y", "スロット"]) {
      const outcome = await handleUploadPost(ctx, slotPost({ slot, kind: "invoice-1" }), invoicePage);
      expect("response" in outcome && outcome.response.status, JSON.stringify(slot)).toBe(400);
      const response = (outcome as { response: Response }).response;
      expect(response.headers.get("Location")).toBeNull();
      expect(await response.json()).toEqual({
        formId: null,
        fieldErrors: {},
        formErrors: ["アップロードエラー (アップロード先が正しくありません。)"],
        values: {},
      });
    }
  });

  it("refuses a well-formed slot the page does not show for that kind", async () => {
    const outcome = await handleUploadPost(
      ctx,
      slotPost({ slot: "claim-9-invoice", kind: "invoice-1" }),
      invoicePage,
    );
    const response = (outcome as { response: Response }).response;
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({
      "upload_claim-9-invoice": "アップロードエラー (アップロード先が正しくありません。)",
    });
  });

  it("refuses a pressed upload button (no JavaScript) naming a slot the page does not show", async () => {
    // The step form with a file chosen in a real slot: nothing is saved or sent.
    const form = new FormData();
    form.append("intent", "upload:claim-9-invoice:invoice-1:");
    form.append(
      "content:claim-1-invoice:invoice-1:",
      new Blob([new TextEncoder().encode("%PDF-1.4\n")]),
      "a.pdf",
    );
    const request = new Request("http://app.test/entry/entry_invoice", { method: "POST", body: form });
    const saveTyped = () => Promise.reject(new Error("the draft was saved"));
    const outcome = await handleUploadPost(ctx, request, { ...invoicePage, saveTyped });
    expect((outcome as { response: Response }).response.status).toBe(400);
  });
});
