// The storage quota per user through the app (decision 0022): the reference upstream with a small quota
// (64 KiB in all, 3 files a day), the app's actions called as Remix calls them. With JavaScript (the
// invoice slot's file streamed through) and without (the profile's form posted by an identity slot's
// button, spooled), the file that reaches the quota exactly is stored, one byte more is refused with the
// limit in Japanese at the slot and a 4xx, and nothing of it is kept.

import { describe, expect, it } from "vitest";
import { claimUploadSlot, uploadFieldName } from "~/domain/file-kinds";
import { stepUploadFileField, stepUploadIntent } from "~/forms/step-upload";
import { action as invoiceAction } from "~/routes/_entry.entry_.entry_invoice/route";
import { action as profileAction } from "~/routes/_mypage.profile";
import { APP_ORIGIN, applicantWithOneClaim, failureOf, streamedUpload } from "./app-requests";
import { callRoute } from "../fixtures/call-route";
import type { UserClient } from "./reference-upstream/entry-fixtures";
import { useTestUpstream } from "./reference-upstream/harness";

const QUOTA = { maxBytes: 64 * 1024, filesPerDay: 3 };
const INVOICE_SLOT = claimUploadSlot("invoice", 1);
const FRONT = { slot: "identity-front", kind: "identity", side: "front" } as const;

const upstream = useTestUpstream({ overrides: { uploadQuota: QUOTA } });

function pdfOf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(size)).fill(0x20);
  bytes.set(new TextEncoder().encode("%PDF-1.4\n"));
  return bytes;
}

/** With JavaScript: the file of `size` bytes streamed into claim 1's invoice slot. */
function invoiceWithScripts(cookie: string, size: number): Promise<Response> {
  const request = streamedUpload(
    "/entry/entry_invoice",
    cookie,
    { slot: INVOICE_SLOT, kind: "invoice-1", fileName: "請求書.pdf" },
    pdfOf(size),
  );
  return callRoute(invoiceAction, request);
}

/** Without JavaScript: the profile's form posted by the front identity slot's button, with the file. */
function identityWithoutScripts(cookie: string, size: number): Promise<Response> {
  const form = new FormData();
  form.append("last_name", "山田");
  form.append("intent", stepUploadIntent(FRONT));
  form.append(stepUploadFileField(FRONT), new Blob([pdfOf(size)], { type: "application/pdf" }), "免許証.pdf");
  const request = new Request(`${APP_ORIGIN}/profile`, {
    method: "POST",
    headers: { Origin: APP_ORIGIN, Cookie: cookie },
    body: form,
  });
  return callRoute(profileAction, request);
}

const sizesStored = async (browser: UserClient) =>
  ((await browser.get("/api/uploads/")).body as { size: number }[]).map((upload) => upload.size);

/** §8 "Upload failure: … アップロードエラー (message)": the quota's words, with the limit. */
const overQuota = (left: string | null) =>
  `アップロードエラー (${
    left === null
      ? "保存できるファイルは合計64KBまでで、残りはありません。"
      : `保存できるファイルは合計64KBまでです。残りは${left}です。`
  })`;

describe("the storage quota at the slot (decision 0022)", () => {
  it("with JavaScript: exactly the quota is stored, one byte more is refused at the slot with the limit", async () => {
    const { browser, cookie } = await applicantWithOneClaim(upstream);
    const justOver = await invoiceWithScripts(cookie, QUOTA.maxBytes + 1);
    expect(justOver.status).toBe(400);
    expect((await failureOf(justOver)).fieldErrors).toEqual({
      [uploadFieldName(INVOICE_SLOT)]: overQuota("64KB"),
    });
    expect(await sizesStored(browser)).toEqual([]);

    expect((await invoiceWithScripts(cookie, QUOTA.maxBytes)).status).toBe(302);
    const oneMore = await invoiceWithScripts(cookie, 16);
    expect(oneMore.status).toBe(400);
    expect((await failureOf(oneMore)).fieldErrors).toEqual({
      [uploadFieldName(INVOICE_SLOT)]: overQuota(null),
    });
    expect(await sizesStored(browser)).toEqual([QUOTA.maxBytes]);
  });

  it("with JavaScript: a file far over the room left is refused before the upstream reads it, still at the slot", async () => {
    const { browser, cookie } = await applicantWithOneClaim(upstream);
    const refused = await invoiceWithScripts(cookie, 1024 * 1024);
    expect(refused.status).toBe(400);
    expect((await failureOf(refused)).fieldErrors).toEqual({
      [uploadFieldName(INVOICE_SLOT)]: overQuota("64KB"),
    });
    expect(await sizesStored(browser)).toEqual([]);
  });

  it("without JavaScript: the same edge on the profile's identity slot, what was typed shown again", async () => {
    const { browser, cookie } = await applicantWithOneClaim(upstream);
    const justOver = await identityWithoutScripts(cookie, QUOTA.maxBytes + 1);
    expect(justOver.status).toBe(400);
    const refusal = await failureOf(justOver);
    expect(refusal.fieldErrors).toEqual({ [uploadFieldName(FRONT.slot)]: overQuota("64KB") });
    expect(refusal.values).toMatchObject({ last_name: "山田" });
    expect(await sizesStored(browser)).toEqual([]);

    expect((await identityWithoutScripts(cookie, QUOTA.maxBytes)).status).toBe(200);
    const oneMore = await identityWithoutScripts(cookie, 16);
    expect(oneMore.status).toBe(400);
    expect((await failureOf(oneMore)).fieldErrors).toEqual({
      [uploadFieldName(FRONT.slot)]: overQuota(null),
    });
    expect(await sizesStored(browser)).toEqual([QUOTA.maxBytes]);
  });

  it("files a day: the 4th of the day is refused at the slot with the limit, JavaScript on and off", async () => {
    const { browser, cookie } = await applicantWithOneClaim(upstream);
    for (let n = 0; n < QUOTA.filesPerDay; n += 1) {
      expect((await invoiceWithScripts(cookie, 100)).status).toBe(302);
    }
    const tooMany =
      "アップロードエラー (アップロードできるファイルは1日3個までです。明日以降にお試しください。)";
    const withScripts = await invoiceWithScripts(cookie, 100);
    expect(withScripts.status).toBe(400);
    expect((await failureOf(withScripts)).fieldErrors).toEqual({ [uploadFieldName(INVOICE_SLOT)]: tooMany });
    const withoutScripts = await identityWithoutScripts(cookie, 100);
    expect(withoutScripts.status).toBe(400);
    expect((await failureOf(withoutScripts)).fieldErrors).toEqual({ [uploadFieldName(FRONT.slot)]: tooMany });
    expect((await browser.get("/api/uploads/")).body.length).toBeLessThanOrEqual(QUOTA.filesPerDay);
  });
});
