// §2 /entry/contract/:entryId, /entry/:entryId/factoring_service_agreement and the
// detail's calendar file, called directly against the in-process reference upstream: only a reviewed
// entry with a claim that can be bought is contracted; no consent, no contract; a replay makes no
// second one; the agreement carries the entry's figures; the .ics carries the return dates.

import { describe, expect, it } from "vitest";
import { ContractRefusalMessage } from "~/domain/contract-refusal";
import { formatJapaneseDate } from "~/domain/japan-date";
import { loader as agreementLoader } from "~/routes/_plain.entry.$entryId.factoring_service_agreement";
import { action, loader } from "~/routes/_mypage.entry.contract.$entryId/route";
import { ContractMessage } from "~/legal/contract-view.server";
import { loader as calendarLoader } from "~/routes/entry.detail.$entryId_.return[.]ics";
import type { FormFailure } from "~/forms/form-failure";
import { markEntryTransferred } from "../../reference-upstream/operator/payout";
import { markClaimDelay } from "../../reference-upstream/operator/returns";
import { expireIdentity } from "../../reference-upstream/operator/identity";
import { findClaim } from "../../reference-upstream/entries/rows";
import { paymentDateDueByToday } from "../fixtures/dates";
import { APP_ORIGIN, appCookie, failureOf, formPost, locationOf, useFaultProxy } from "./app-requests";
import { callRoute, type RouteFunction } from "../fixtures/call-route";
import { createEntryVia, createUserWithSession, reviewClaims } from "./reference-upstream/entry-fixtures";
import { useTestUpstream } from "./reference-upstream/harness";

/** The upstream calls the app made, "METHOD /path". */
let calls: string[] = [];
const upstream = useTestUpstream();
// A refused contract makes no call.
useFaultProxy(upstream, (req) => calls.push(`${req.method} ${req.url}`));

/** A loader's answer, or what it threw (a redirect or an error screen). */
function get(
  route: RouteFunction,
  path: string,
  params: Record<string, string>,
  cookie?: string,
): Promise<Response> {
  const request = new Request(`${APP_ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  return callRoute(route, request, params);
}

function contract(entryId: string, cookie: string, fields: Record<string, string>): Promise<Response> {
  const request = formPost(`/entry/contract/${entryId}`, cookie, fields);
  return callRoute(action, request, { entryId });
}

async function reviewedEntry() {
  const owner = createUserWithSession(upstream);
  const entry = await createEntryVia(owner);
  reviewClaims(upstream, [entry.claims[0].id], { decision: "can_buy", principal: 1_000_000 });
  return { owner, entry, id: String(entry.id), cookie: await appCookie(owner) };
}

const statusOf = async (owner: Awaited<ReturnType<typeof reviewedEntry>>["owner"], id: string) =>
  ((await owner.get(`/api/entries/${id}/`)).body as { status: number }).status;

describe("the contract (GET and POST /entry/contract/:entryId)", () => {
  it("a reviewed entry: the page offers the claim's figures; without consent 422 and nothing sent; with it, contracted, then PRG", async () => {
    const { owner, id, cookie } = await reviewedEntry();
    const page = await get(loader, `/entry/contract/${id}`, { entryId: id }, cookie);
    const view = (await page.json()) as {
      refusal: { message: string } | null;
      claims: { figures: { received: string } }[];
    };
    expect(view.refusal).toBeNull();
    expect(view.claims[0]!.figures.received).toBe("854,340円");

    const unticked = await contract(id, cookie, {});
    expect(unticked.status).toBe(422);
    expect(((await unticked.json()) as FormFailure).fieldErrors).toEqual({
      agreed: ContractMessage.agreementRequired,
    });
    expect(await statusOf(owner, id)).toBe(3);

    expect(await locationOf(await contract(id, cookie, { agreed: "on" }))).toBe(
      `/entry/contract/complete?entry=${id}`,
    );
    expect(await statusOf(owner, id)).toBe(4);
  });

  it("a replayed post (a second press) makes no second contract and lands where the first did; the page says it is contracted and offers no form", async () => {
    const { owner, id, cookie } = await reviewedEntry();
    const first = await locationOf(await contract(id, cookie, { agreed: "on" }));
    const contractedAt = ((await owner.get(`/api/entries/${id}/`)).body as { contracted_at: string })
      .contracted_at;
    expect(await locationOf(await contract(id, cookie, { agreed: "on" }))).toBe(first);
    expect(((await owner.get(`/api/entries/${id}/`)).body as { contracted_at: string }).contracted_at).toBe(
      contractedAt,
    );
    const page = await get(loader, `/entry/contract/${id}`, { entryId: id }, cookie);
    expect(((await page.json()) as { refusal: { message: string } }).refusal.message).toBe(
      ContractMessage.alreadyContracted,
    );
  });

  it("an entry under review is refused (400) and stays under review; another user's is page not found", async () => {
    const owner = createUserWithSession(upstream);
    const entry = await createEntryVia(owner);
    const id = String(entry.id);
    const refused = await contract(id, await appCookie(owner), { agreed: "on" });
    expect(refused.status).toBe(400);
    expect((await failureOf(refused)).formErrors).toEqual([ContractMessage.notContractable]);
    expect(await statusOf(owner, id)).toBe(1);

    const reviewed = await reviewedEntry();
    const stranger = await appCookie(createUserWithSession(upstream));
    expect((await contract(reviewed.id, stranger, { agreed: "on" })).status).toBe(404);
    expect(await statusOf(reviewed.owner, reviewed.id)).toBe(3);
  });

  it("a bought claim whose deadline has come (today or past) is refused: the page names the claim and the date and offers the operator's contact, not the form; a post is 400 and reaches no contract call", async () => {
    const { owner, entry, id, cookie } = await reviewedEntry();
    const paymentDate = paymentDateDueByToday();
    upstream.db
      .prepare("UPDATE claims SET obliger_payment_date = ?, return_date = ? WHERE id = ?")
      .run(paymentDate, paymentDate, entry.claims[0].id);
    const page = await get(loader, `/entry/contract/${id}`, { entryId: id }, cookie);
    const view = (await page.json()) as {
      refusal: { message: string; action: unknown; contact: boolean };
    };
    expect(view.refusal.message).toContain(
      `請求書1・${entry.claims[0].obliger_company_name}の返金期日（${formatJapaneseDate(paymentDate)}）が`,
    );
    expect(view.refusal.message).toContain(
      "お申し込みをキャンセルし、請求書の新しい入金予定日でお申し込みし直す",
    );
    expect(view.refusal.contact).toBe(true);

    calls = [];
    const refused = await contract(id, cookie, { agreed: "on" });
    expect(refused.status).toBe(400);
    expect((await failureOf(refused)).formErrors).toEqual([view.refusal.message]);
    expect(calls.filter((call) => call.includes("/contract/"))).toEqual([]);
    expect(await statusOf(owner, id)).toBe(3);
  });

  it("an owner whose identity has expired is refused with a link to /profile to renew it; a post is 400 and reaches no contract call", async () => {
    const { owner, id, cookie } = await reviewedEntry();
    expireIdentity(upstream.db, owner.userId, new Date());
    const page = await get(loader, `/entry/contract/${id}`, { entryId: id }, cookie);
    const view = (await page.json()) as { refusal: { message: string; action: { href: string } | null } };
    expect(view.refusal.message).toBe(ContractRefusalMessage.identityExpired);
    expect(view.refusal.action?.href).toBe("/profile");

    calls = [];
    const refused = await contract(id, cookie, { agreed: "on" });
    expect(refused.status).toBe(400);
    expect((await failureOf(refused)).formErrors).toEqual([ContractRefusalMessage.identityExpired]);
    expect(calls.filter((call) => call.includes("/contract/"))).toEqual([]);
    expect(await statusOf(owner, id)).toBe(3);
  });

  it("§2 digits only; logged out goes to login and comes back", async () => {
    expect((await get(loader, "/entry/contract/x1", { entryId: "x1" })).status).toBe(404);
    const response = await get(loader, "/entry/contract/5", { entryId: "5" });
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fentry%2Fcontract%2F5");
  });
});

describe("the agreement (GET /entry/:entryId/factoring_service_agreement)", () => {
  it("carries the entry's figures once reviewed; before review it says so (409); another user's or a non-digit id: page not found", async () => {
    const { id, cookie } = await reviewedEntry();
    const path = `/entry/${id}/factoring_service_agreement`;
    const page = await get(agreementLoader, path, { entryId: id }, cookie);
    expect(page.status).toBe(200);
    const view = (await page.json()) as {
      claims: { figures: { purchaseAmount: string } }[];
      totals: { received: string };
      payoutDueDate: string;
      text: unknown;
    };
    expect(view.claims[0]!.figures.purchaseAmount).toBe("900,000円");
    expect(view.totals.received).toBe("854,340円");
    // The price is paid by the next bank business day after today, and the agreement says which day.
    expect(view.payoutDueDate).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日（.）$/);
    expect(JSON.stringify(view.text)).toContain(
      `本契約の成立日の翌営業日（銀行の営業日をいいます。以下同じ。）である${view.payoutDueDate}までに`,
    );

    const owner = createUserWithSession(upstream);
    const fresh = String((await createEntryVia(owner)).id);
    const ownCookie = await appCookie(owner);
    const beforeReview = await get(agreementLoader, path, { entryId: fresh }, ownCookie);
    expect(beforeReview.status).toBe(409);
    expect(((await beforeReview.json()) as { absence: { kind: string } }).absence.kind).toBe("beforeReview");
    expect((await get(agreementLoader, path, { entryId: id }, ownCookie)).status).toBe(404);
    expect((await get(agreementLoader, path, { entryId: "1.5" }, cookie)).status).toBe(404);
  });
});

describe("the return dates as a calendar file (GET /entry/detail/:entryId/return.ics)", () => {
  it("after contract: one event per claim still owed, on its return date; before contract or another user's: page not found", async () => {
    const { id, cookie, entry } = await reviewedEntry();
    const path = `/entry/detail/${id}/return.ics`;
    expect((await get(calendarLoader, path, { entryId: id }, cookie)).status).toBe(404);
    await contract(id, cookie, { agreed: "on" });
    markEntryTransferred(upstream.db, entry.id, new Date());
    // Late is marked only once the deadline has passed: the day after it.
    const deadline = findClaim(upstream.db, entry.claims[0].id)!.return_date!;
    markClaimDelay(
      upstream.db,
      entry.claims[0].id,
      new Date(Date.parse(`${deadline}T12:00:00+09:00`) + 86_400_000),
    );
    const response = await get(calendarLoader, path, { entryId: id }, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="return-${entry.code}.ics"`,
    );
    const ics = (await response.text()).replace(/\r\n /g, "");
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    const paymentDate = (entry.claims[0] as { obliger_payment_date: string }).obliger_payment_date;
    expect(ics).toContain(`DTSTART;VALUE=DATE:${paymentDate.replace(/-/g, "")}`);
    expect(ics).toContain("返金額：1\\,000\\,000円");
    // The return account in full, each part on its own line of the description (returnAccountLines).
    expect(ics).toContain(
      [
        "ご返金の振込先（サキドリ株式会社の口座）：",
        "銀行：サキドリ銀行（0999）",
        "支店：本店営業部（001）",
        "種目：普通",
        "口座番号：1234567",
        "口座名義：ｻｷﾄﾞﾘ(ｶ",
      ].join("\\n"),
    );

    // Another user's calendar file is page not found, never the entry's dates.
    const stranger = await appCookie(createUserWithSession(upstream));
    const theirs = await get(calendarLoader, path, { entryId: id }, stranger);
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).not.toContain(entry.code);
  });
});
