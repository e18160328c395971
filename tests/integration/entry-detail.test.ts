// §2 /entry/detail/:entryId: the loader called directly against the in-process reference
// upstream. Digits only, else page not found before anything else; another user's entry or a missing
// one is page not found; a logged-out visitor goes to login and comes back; the user's own entry shows.

import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/_mypage.entry.detail.$entryId/route";
import { CancelMessage } from "~/routes/_mypage.entry.detail.$entryId/cancel-form";
import type { FormFailure } from "~/forms/form-failure";
import { runOperatorCommand } from "../../reference-upstream/operator/command-line";
import { APP_ORIGIN, appCookie, failureOf, formPost, locationOf } from "./app-requests";
import { callRoute } from "../fixtures/call-route";
import {
  createEntryVia,
  createUserWithSession,
  insertUpload,
  validEntryBody,
  reviewClaims,
} from "./reference-upstream/entry-fixtures";
import { useTestUpstream } from "./reference-upstream/harness";

const upstream = useTestUpstream();

/** The loader's answer, or what it threw (a redirect or an error screen). */
async function open(entryId: string, cookie?: string): Promise<Response> {
  const request = new Request(`${APP_ORIGIN}/entry/detail/${entryId}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  return callRoute(loader, request, { entryId });
}

describe("the entry detail page's loader (GET /entry/detail/:entryId)", () => {
  it("the user's own entry, with the operator's reason once a claim is found inadequate", async () => {
    const owner = createUserWithSession(upstream);
    const entry = await createEntryVia(owner);
    reviewClaims(upstream, [entry.claims[0].id], {
      decision: "inadequate",
      reason: "日付が読めません。",
      document: "invoice",
    });
    const response = await open(String(entry.id), await appCookie(owner));
    expect(response.status).toBe(200);
    const view = (await response.json()) as {
      code: string;
      statusLabel: string;
      claims: { inadequateReason: string }[];
    };
    expect(view.code).toBe(entry.code);
    expect(view.statusLabel).toBe("不備あり");
    expect(view.claims[0]!.inadequateReason).toBe("日付が読めません。");
  });

  it("決算書類 and 入出金明細 read 確認済み once reviewed, and still after contract and completion", async () => {
    const owner = createUserWithSession(upstream);
    const addfiles = [
      insertUpload(upstream, owner.userId, "pl"),
      insertUpload(upstream, owner.userId, "passbook_cover"),
    ];
    const entry = await createEntryVia(owner, validEntryBody({ addfiles }));
    const documents = async () => {
      const response = await open(String(entry.id), await appCookie(owner));
      const view = (await response.json()) as { documents: { label: string; status: string }[] };
      return Object.fromEntries(view.documents.map((document) => [document.label, document.status]));
    };
    expect(await documents()).toEqual({ 決算書類: "受付済み", 入出金明細: "受付済み" });
    const claim = String(entry.claims[0].id);
    reviewClaims(upstream, [claim]);
    const confirmed = { 決算書類: "確認済み", 入出金明細: "確認済み" };
    expect(await documents()).toEqual(confirmed);
    runOperatorCommand(upstream.db, ["mark-contracted", String(entry.id)], new Date());
    expect(await documents()).toEqual(confirmed);
    runOperatorCommand(upstream.db, ["mark-transferred", String(entry.id)], new Date());
    runOperatorCommand(upstream.db, ["mark-returned", claim], new Date());
    expect(await documents()).toEqual(confirmed);
  });

  it("another user's entry and a missing one are page not found (404), never their content", async () => {
    const owner = createUserWithSession(upstream);
    const entry = await createEntryVia(owner);
    const stranger = await appCookie(createUserWithSession(upstream));
    for (const id of [String(entry.id), "999999999"]) {
      const response = await open(id, stranger);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(entry.code);
    }
  });

  it("§2 route validation: an id that is not digits is page not found before anything else", async () => {
    for (const id of ["abc", "1e3", "-1", "12;DROP", ""]) {
      expect((await open(id)).status).toBe(404);
    }
  });

  it("a logged-out visitor goes to login, to come back here after it", async () => {
    const response = await open("123");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fentry%2Fdetail%2F123");
  });
});

/** The cancel form's post (the page's one form). */
async function cancel(entryId: string, cookie: string, fields: Record<string, string>): Promise<Response> {
  const request = formPost(`/entry/detail/${entryId}`, cookie, fields);
  return callRoute(action, request, { entryId });
}

describe("cancelling from the entry detail (POST /entry/detail/:entryId)", () => {
  it("without the tick: 422 with the message at the tick, nothing cancelled; with it: cancelled, then PRG", async () => {
    const owner = createUserWithSession(upstream);
    const entry = await createEntryVia(owner);
    const cookie = await appCookie(owner);
    const unticked = await cancel(String(entry.id), cookie, {});
    expect(unticked.status).toBe(422);
    expect(((await unticked.json()) as FormFailure).fieldErrors).toEqual({
      understood: CancelMessage.notConfirmed,
    });
    expect(((await owner.get(`/api/entries/${entry.id}/`)).body as { status: number }).status).toBe(1);

    expect(await locationOf(await cancel(String(entry.id), cookie, { understood: "on" }))).toBe(
      "/entry/cancel/complete",
    );
    expect(((await owner.get(`/api/entries/${entry.id}/`)).body as { status: number }).status).toBe(6);
  });

  it("a replayed post (a second press) lands where the first did, on the cancel's complete page; nothing changes again", async () => {
    const owner = createUserWithSession(upstream);
    const entry = await createEntryVia(owner);
    const cookie = await appCookie(owner);
    const first = await locationOf(await cancel(String(entry.id), cookie, { understood: "on" }));
    const cancelledAt = ((await owner.get(`/api/entries/${entry.id}/`)).body as { cancelled_at: string })
      .cancelled_at;
    expect(await locationOf(await cancel(String(entry.id), cookie, { understood: "on" }))).toBe(first);
    expect(
      ((await owner.get(`/api/entries/${entry.id}/`)).body as { cancelled_at: string }).cancelled_at,
    ).toBe(cancelledAt);
  });

  it("§4 a forged post for an entry that may not be cancelled (its only claim cannot be bought: archived) changes nothing and says why (400)", async () => {
    const owner = createUserWithSession(upstream);
    const entry = await createEntryVia(owner);
    const cookie = await appCookie(owner);
    reviewClaims(upstream, [entry.claims[0].id], { decision: "cannot_buy" });
    const forged = await cancel(String(entry.id), cookie, { understood: "on" });
    expect(forged.status).toBe(400);
    expect((await failureOf(forged)).formErrors).toEqual([CancelMessage.notCancellable]);
  });

  it("another user's entry is page not found, and stays as it was", async () => {
    const owner = createUserWithSession(upstream);
    const entry = await createEntryVia(owner);
    const stranger = await appCookie(createUserWithSession(upstream));
    expect((await cancel(String(entry.id), stranger, { understood: "on" })).status).toBe(404);
    expect(((await owner.get(`/api/entries/${entry.id}/`)).body as { status: number }).status).toBe(1);
  });
});
