// A slot of several files through the app's actions (decision 0035), against the reference upstream:
// ten files and 50 MB in all, the eleventh or the byte past refused at the slot with a 400 and nothing
// of it kept, also when three sessions of one person send into a slot with room for one at once.

import { describe, expect, it } from "vitest";
import { claimUploadSlot, uploadFieldName } from "~/domain/file-kinds";
import { MAX_SLOT_BYTES, UploadRuleMessage } from "~/domain/upload-rules";
import { action as invoiceAction } from "~/routes/_entry.entry_.entry_invoice/route";
import { appCookie, applicantWithOneClaim, failureOf, streamedUpload } from "./app-requests";
import { callRoute } from "../fixtures/call-route";
import { useTestUpstream } from "./reference-upstream/harness";
import { type UserClient, insertUpload, loginAs } from "./reference-upstream/entry-fixtures";

const upstream = useTestUpstream();
const SLOT = claimUploadSlot("invoice", 1);

function pdfOf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(size)).fill(0x20);
  bytes.set(new TextEncoder().encode("%PDF-1.4\n"));
  return bytes;
}

/** With JavaScript: a file of `size` bytes streamed into claim 1's invoice slot. */
function upload(cookie: string, size: number, fileName = "請求書.pdf"): Promise<Response> {
  const request = streamedUpload(
    "/entry/entry_invoice",
    cookie,
    { slot: SLOT, kind: "invoice-1", fileName },
    pdfOf(size),
  );
  return callRoute(invoiceAction, request);
}

const slotFiles = async (browser: UserClient) =>
  ((await browser.get("/api/uploads/?kind=invoice-1")).body as { name: string }[]).map((file) => file.name);

const refusal = (message: string) => ({ [uploadFieldName(SLOT)]: `アップロードエラー (${message})` });

describe("a slot's limits, kept by the server (decision 0035)", () => {
  it("takes a tenth file and refuses an eleventh at the slot, nothing of it kept", async () => {
    const { browser, cookie } = await applicantWithOneClaim(upstream);
    for (let n = 0; n < 9; n += 1) insertUpload(upstream, browser.userId, "invoice-1");
    expect((await upload(cookie, 64, "10枚目.pdf")).status).toBe(302);
    const eleventh = await upload(cookie, 64, "11枚目.pdf");
    expect(eleventh.status).toBe(400);
    expect((await failureOf(eleventh)).fieldErrors).toEqual(refusal(UploadRuleMessage.tooManyInSlot));
    const names = await slotFiles(browser);
    expect(names).toHaveLength(10);
    expect(names).toContain("10枚目.pdf");
    expect(names).not.toContain("11枚目.pdf");
  });

  it("takes exactly 50 MB in all and refuses one byte more", async () => {
    const { browser, cookie } = await applicantWithOneClaim(upstream);
    const big = insertUpload(upstream, browser.userId, "invoice-1");
    upstream.db.prepare("UPDATE uploads SET size = ? WHERE id = ?").run(MAX_SLOT_BYTES - 1000, big);
    const over = await upload(cookie, 1001);
    expect(over.status).toBe(400);
    expect((await failureOf(over)).fieldErrors).toEqual(refusal(UploadRuleMessage.slotTooLarge));
    expect((await upload(cookie, 1000)).status).toBe(302);
    expect(await slotFiles(browser)).toHaveLength(2);
  });

  it("three sessions sending at once into a slot with room for one: one kept, two refused", async () => {
    const { browser, cookie } = await applicantWithOneClaim(upstream);
    for (let n = 0; n < 9; n += 1) insertUpload(upstream, browser.userId, "invoice-1");
    const others = [loginAs(upstream, browser.userId), loginAs(upstream, browser.userId)];
    const cookies = [cookie, ...(await Promise.all(others.map(appCookie)))];
    const answers = await Promise.all(cookies.map((each, n) => upload(each, 64, `同時${n + 1}.pdf`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([302, 400, 400]);
    for (const answer of answers.filter((each) => each.status === 400)) {
      expect((await failureOf(answer)).fieldErrors).toEqual(refusal(UploadRuleMessage.tooManyInSlot));
    }
    expect(await slotFiles(browser)).toHaveLength(10);
  });
});
