// An upload's key (X-Upload-Key, decisions 0022 and 0028) is bound to the slot it was first sent to:
// sent again to another slot (another page, another claim, the other side of a card) it is refused at
// that slot with §8's 「アップロードエラー (…)」 and a 422, nothing stored or linked, never a 500. The
// routes' actions are called as Remix calls them, against the in-process reference upstream.

import { describe, expect, it } from "vitest";
import { claimUploadSlot, uploadFieldName } from "~/domain/file-kinds";
import { newUploadKey } from "~/forms/step-upload";
import { action as invoiceAction } from "~/routes/_entry.entry_.entry_invoice/route";
import { action as profileAction } from "~/routes/_mypage.profile";
import { type Applicant, applicantWithOneClaim, failureOf, locationOf, streamedUpload } from "./app-requests";
import { callRoute, type RouteFunction } from "../fixtures/call-route";
import { useTestUpstream } from "./reference-upstream/harness";

const upstream = useTestUpstream();

const KEY_USED_ELSEWHERE =
  "アップロードエラー (このファイルの送信は別の欄で受け付け済みです。お手数ですが、もう一度ファイルを選んでください。)";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

interface Slot {
  route: RouteFunction;
  path: string;
  slot: string;
  kind: string;
  side?: "front" | "back";
}

const invoiceSlot = (base: "invoice" | "additional_doc"): Slot => ({
  route: invoiceAction as unknown as RouteFunction,
  path: "/entry/entry_invoice",
  slot: claimUploadSlot(base, 1),
  kind: `${base}-1`,
});

const identitySlot = (side: "front" | "back"): Slot => ({
  route: profileAction as unknown as RouteFunction,
  path: "/profile",
  slot: `identity-${side}`,
  kind: "identity",
  side,
});

/** The slot's file sent with JavaScript on, under `uploadKey`. */
function send(person: Applicant, to: Slot, uploadKey: string) {
  const { route, path, ...target } = to;
  const request = streamedUpload(path, person.cookie, { ...target, fileName: "書類.pdf", uploadKey }, PDF);
  return callRoute(route, request);
}

async function storedUploads(person: Applicant) {
  return (await person.browser.get("/api/uploads/")).body as { id: number; kind: string; side?: string }[];
}

async function linkedInDraft(person: Applicant) {
  const draft = (await person.browser.get("/api/draft_entry/")).body as {
    claims: { contentfile_relations: number[] }[];
  };
  return draft.claims.flatMap((claim) => claim.contentfile_relations);
}

describe("an upload's key is bound to its slot", () => {
  it.each([
    ["/profile's identity front, then a claim's invoice", identitySlot("front"), invoiceSlot("invoice")],
    ["a claim's invoice, then /profile's identity front", invoiceSlot("invoice"), identitySlot("front")],
    [
      "a claim's invoice, then its additional document",
      invoiceSlot("invoice"),
      invoiceSlot("additional_doc"),
    ],
    ["an identity card's front, then its back", identitySlot("front"), identitySlot("back")],
  ])("%s: the second is refused 422 at its slot, nothing stored or linked", async (_, first, second) => {
    const person = await applicantWithOneClaim(upstream);
    const key = newUploadKey();
    await locationOf(await send(person, first, key));
    const before = await storedUploads(person);
    const linked = await linkedInDraft(person);

    const refused = await send(person, second, key);
    expect(refused.status).toBe(422);
    expect((await failureOf(refused)).fieldErrors).toEqual({
      [uploadFieldName(second.slot)]: KEY_USED_ELSEWHERE,
    });
    expect(await storedUploads(person)).toEqual(before);
    expect(await linkedInDraft(person)).toEqual(linked);

    // The same key in its own slot is still the first upload's retry: answered as stored, kept once.
    await locationOf(await send(person, first, key));
    expect(await storedUploads(person)).toEqual(before);
  });
});
