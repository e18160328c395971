// Without JavaScript an oversize file never costs the step (decision 0007): the invoice step's form,
// posted with 下書き保存 and an 11 MiB file between its fields, is read through (the file's bytes past
// 10 MiB dropped, never stored), what was typed before and after the file is saved, and the step
// answers with the slot's message in the words the slot shows with JavaScript. Only a post over
// MAX_MULTIPART_REQUEST_BYTES is still refused unread, with the 413 screen. The action is wrapped by
// guardActions, as the server serves it, against the reference upstream.

import fs from "node:fs";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, describe, expect, it, vi } from "vitest";
import { claimUploadSlot, uploadFieldName } from "~/domain/file-kinds";
import { uploadFailureText } from "~/domain/error-messages";
import { MAX_UPLOAD_BYTES, UploadRuleMessage } from "~/domain/upload-rules";
import { WizardIntent } from "~/domain/wizard-intents";
import { MAX_MULTIPART_REQUEST_BYTES } from "~/forms/multipart-form.server";
import { stepUploadFileField } from "~/forms/step-upload";
import { action as invoiceAction } from "~/routes/_entry.entry_.entry_invoice/route";
import { guardActions } from "~/server/guard-actions.server";
import { APP_ORIGIN, applicantWithOneClaim, failureOf } from "./app-requests";
import { callRoute } from "../fixtures/call-route";
import { useTestUpstream } from "./reference-upstream/harness";
import type { UserClient } from "./reference-upstream/entry-fixtures";

// The app spools under os.tmpdir(): a directory of this file's own, to prove nothing is left there.
const appTmpDir = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const dir = mkdtempSync(join(tmpdir(), "sakidori-oversize-"));
  process.env.TMPDIR = dir;
  return dir;
});
afterAll(() => fs.rmSync(appTmpDir, { recursive: true, force: true }));
const APP_SPOOL_DIR = path.join(appTmpDir, "sakidori-uploads");

const upstream = useTestUpstream();
const guarded = guardActions({
  invoice: { id: "invoice", path: "entry/entry_invoice", module: { action: invoiceAction } },
} as unknown as ServerBuild["routes"]).invoice!.module.action!;

const SLOT = claimUploadSlot("invoice", 1);
const FILE_FIELD = stepUploadFileField({ slot: SLOT, kind: "invoice-1" });
const BOUNDARY = "----sakidorioversize";
const CHUNK = 64 * 1024;

type Part = [name: string, value: string] | [name: string, file: { name: string; size: number }];

/** The bytes of one part's head, and of a file's body (a PDF's first bytes, then spaces). */
function* partBytes(part: Part): Generator<Uint8Array> {
  const [name, value] = part;
  if (typeof value === "string") {
    yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    return;
  }
  yield Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const block = Buffer.alloc(CHUNK, 0x20);
  for (let left = value.size - 9; left > 0; left -= CHUNK) yield block.subarray(0, Math.min(left, CHUNK));
  yield Buffer.from("\r\n");
}

function* bodyOf(parts: Part[]): Generator<Uint8Array> {
  for (const part of parts) yield* partBytes(part);
  yield Buffer.from(`--${BOUNDARY}--\r\n`);
}

function lengthOf(parts: Part[]): number {
  let length = 0;
  for (const chunk of bodyOf(parts)) length += chunk.byteLength;
  return length;
}

/** The step's form as a browser without JavaScript posts it, a chunk at a time as it is read; the answer. */
function stepPost(cookie: string, parts: Part[], { withLength = true } = {}) {
  const chunks = bodyOf(parts);
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request(`${APP_ORIGIN}/entry/entry_invoice`, {
    method: "POST",
    headers: {
      Origin: APP_ORIGIN,
      Cookie: cookie,
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      ...(withLength ? { "Content-Length": String(lengthOf(parts)) } : {}),
    },
    body,
    duplex: "half",
  } as RequestInit);
  // The guard refuses before the action runs: thrown, not returned.
  return callRoute(guarded, request);
}

/** 資金使途 before the file, 売掛先 after it, then 下書き保存: the order a browser may send them in. */
function typedAround(file: { name: string; size: number }): Part[] {
  return [
    ["purchase_amount_desired", "2,500,000"],
    ["purpose", "外注費の支払い"],
    [FILE_FIELD, file],
    ["claims[0].obliger_company_name", "株式会社入力途中"],
    ["intent", WizardIntent.saveDraft],
  ];
}

async function draftOf(
  browser: UserClient,
): Promise<{ purpose?: string; claims: { obliger_company_name?: string }[] }> {
  return (await browser.get("/api/draft_entry/")).body as never;
}

async function storedUploads(browser: UserClient): Promise<unknown[]> {
  return (await browser.get("/api/uploads/")).body as unknown[];
}

const sizeMessage = uploadFailureText(null, UploadRuleMessage.tooLarge);

describe("an oversize file in a step's form without JavaScript never costs the step", () => {
  it.each([
    ["with a Content-Length (what a browser sends)", true],
    ["without a length", false],
  ])(
    "%s: an 11 MiB file between the fields is refused at its slot, the fields saved, nothing stored",
    async (_, withLength) => {
      const { browser, cookie } = await applicantWithOneClaim(upstream);
      const response = await stepPost(
        cookie,
        typedAround({ name: "scan-11mb.pdf", size: 11 * 1024 * 1024 }),
        {
          withLength,
        },
      );
      expect(response.status, await response.clone().text()).toBe(400);
      expect((await failureOf(response)).fieldErrors).toEqual({ [uploadFieldName(SLOT)]: sizeMessage });

      const draft = await draftOf(browser);
      expect(draft.purpose).toBe("外注費の支払い");
      expect(draft.claims[0]?.obliger_company_name).toBe("株式会社入力途中");
      expect(await storedUploads(browser)).toEqual([]);
      expect(fs.existsSync(APP_SPOOL_DIR) ? fs.readdirSync(APP_SPOOL_DIR) : []).toEqual([]);
    },
  );

  it("a file as large as the read bound allows is refused at its slot too", async () => {
    const { browser, cookie } = await applicantWithOneClaim(upstream);
    // The largest file whose post still fits: the form around it is a few hundred bytes.
    const parts = typedAround({ name: "scan.pdf", size: MAX_MULTIPART_REQUEST_BYTES - 4 * 1024 });
    expect(lengthOf(parts)).toBeLessThanOrEqual(MAX_MULTIPART_REQUEST_BYTES);
    const response = await stepPost(cookie, parts);
    expect(response.status).toBe(400);
    expect((await failureOf(response)).fieldErrors).toEqual({ [uploadFieldName(SLOT)]: sizeMessage });
    expect((await draftOf(browser)).purpose).toBe("外注費の支払い");
    expect(await storedUploads(browser)).toEqual([]);
  });

  it("a post over the read bound is refused unread with the 413 screen, and nothing is saved", async () => {
    const { browser, cookie } = await applicantWithOneClaim(upstream);
    const parts = typedAround({ name: "huge.pdf", size: MAX_MULTIPART_REQUEST_BYTES + 1 });
    const response = await stepPost(cookie, parts);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 413, badRequest: true });
    expect((await draftOf(browser)).purpose).not.toBe("外注費の支払い");
    expect(await storedUploads(browser)).toEqual([]);
  });

  it("a file of exactly 10 MiB in the same form is stored, the fields saved with it", async () => {
    const { browser, cookie } = await applicantWithOneClaim(upstream);
    const response = await stepPost(cookie, typedAround({ name: "exact.pdf", size: MAX_UPLOAD_BYTES }));
    expect(response.status).toBe(302);
    expect(await storedUploads(browser)).toHaveLength(1);
    expect((await draftOf(browser)).claims[0]?.obliger_company_name).toBe("株式会社入力途中");
  });
});
