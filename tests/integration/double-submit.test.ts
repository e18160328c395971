// The posts that make something once, pressed twice without JavaScript: the browser shows the second
// post's answer, so the second of two identical posts must land where the first did and never make the
// thing twice (decision 0024). Called as Remix calls the actions, against the reference upstream behind
// a proxy that can hold one answer, in both orders: the second post after the first was answered, and
// while the first is still on its way.
//   - the wizard's final submit (POST /profile/before_entry) → /entry/complete with the entry's number;
//   - the contract agreement (POST /entry/contract/:id) → /entry/contract/complete;
//   - the cancel (POST /entry/detail/:id) → /entry/cancel/complete;
//   - the resubmission (POST /entry/resubmit/:id) → the entry's detail with 再提出を受け付けました.

import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { loader as completeLoader } from "~/routes/_anonymous.entry.complete";
import { action, loader } from "~/routes/_entry.profile.before_entry/route";
import { action as contractAction } from "~/routes/_mypage.entry.contract.$entryId/route";
import { action as cancelAction } from "~/routes/_mypage.entry.detail.$entryId/route";
import {
  action as resubmitAction,
  loader as resubmitLoader,
} from "~/routes/_mypage.entry.resubmit.$entryId/route";
import { pendingUploads } from "../../reference-upstream/users";
import { FUTURE_PAYMENT_DATE } from "../fixtures/dates";
import { APP_ORIGIN, appCookie, failureOf, formPost, locationOf, useFaultProxy } from "./app-requests";
import { callRoute } from "../fixtures/call-route";
import {
  type UserClient,
  createEntryVia,
  createUserWithSession,
  insertUpload,
  validClaim,
  reviewClaims,
} from "./reference-upstream/entry-fixtures";
import { useTestUpstream } from "./reference-upstream/harness";

const upstream = useTestUpstream();
const proxy = useFaultProxy(upstream);

afterEach(() => proxy.setFault(null, null));

const PATH = "/profile/before_entry";

/** A corporate user whose draft fills every step: the confirmation page offers the submit. */
async function applicantAtConfirmation(): Promise<{ browser: UserClient; cookie: string }> {
  const browser = createUserWithSession(upstream);
  const upload = (kind: string) => insertUpload(upstream, browser.userId, kind);
  const { contentfiles: _entryFiles, ...claim } = validClaim();
  const draft = await browser.patch("/api/draft_entry/", {
    purchase_amount_desired: 1_000_000,
    purpose: "運転資金",
    claims: [{ ...claim, contentfile_relations: [upload("invoice-1")] }],
    can_submit_financial_statements: false,
    banks: [
      {
        bank_name: "みどり銀行",
        bank_account_number: "1234567",
        file_format: "passbook",
        contentfile_relations: [upload("passbook_cover-1"), upload("passbook_details-1")],
      },
    ],
    bank_account: {
      bank_name: "みどり銀行",
      branch_name: "本店営業部",
      deposit_type: "ordinary",
      bank_account_number: "2345678",
      account_holder_name: "カ）サキドリ",
    },
  });
  expect(draft.status).toBe(200);
  upload("tb_pl");
  upload("tb_bs");
  return { browser, cookie: await appCookie(browser) };
}

/** The confirmation page's form as the browser posts it: its hidden fields, read from the loader. */
async function pagePost(cookie: string): Promise<() => Promise<Response>> {
  const page = await callRoute(loader, new Request(`${APP_ORIGIN}${PATH}`, { headers: { Cookie: cookie } }));
  expect(page.status).toBe(200);
  const { idempotencyKey } = (await page.json()) as { idempotencyKey?: string };
  const fields = { idempotency_key: idempotencyKey ?? "" };
  return () => callRoute(action, formPost(PATH, cookie, fields));
}

/** The complete page's entry number, as it shows it for the redirect's target. */
async function shownCode(location: string, cookie: string): Promise<string | null> {
  const request = new Request(`${APP_ORIGIN}${location}`, { headers: { Cookie: cookie } });
  const page = await callRoute(completeLoader, request);
  return ((await page.json()) as { entry: { code: string } | null }).entry?.code ?? null;
}

/**
 * Holds the answer to the first of `who`'s requests that `matches`: the upstream has done its work
 * (`answered`), the app hears nothing until `release()`. Every other request goes through.
 */
function holdOneAnswer(who: UserClient, matches: (method: string, path: string) => boolean) {
  let answered!: () => void;
  const upstreamAnswered = new Promise<void>((resolve) => (answered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding = false;
  proxy.setFault(who.cookies.get("sessionid")!, (req, res) => {
    if (holding || !matches(req.method ?? "", req.url ?? "")) return false;
    holding = true;
    const outgoing = http.request(
      new URL(req.url!, upstream.url),
      { method: req.method, headers: { ...req.headers, host: new URL(upstream.url).host } },
      (answer) => {
        answered();
        void released.then(() => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
      },
    );
    req.pipe(outgoing);
    return true;
  });
  return { answered: upstreamAnswered, release };
}

function mailsTo(userId: number, kind: string): number {
  return (
    upstream.db
      .prepare(
        "SELECT COUNT(*) AS n FROM outbox JOIN users ON users.email = outbox.to_address WHERE users.id = ? AND outbox.kind = ?",
      )
      .get(userId, kind) as { n: number }
  ).n;
}

function entriesOf(userId: number): { id: number; code: string }[] {
  return upstream.db.prepare("SELECT id, code FROM entries WHERE user_id = ?").all(userId) as {
    id: number;
    code: string;
  }[];
}

describe("the final submit posted twice (a double press without JavaScript)", () => {
  it("the second post after the first was answered lands on the same /entry/complete, with the same number; one entry", async () => {
    const { browser, cookie } = await applicantAtConfirmation();
    const submit = await pagePost(cookie);

    const first = await locationOf(await submit());
    const second = await locationOf(await submit());

    expect(second).toBe(first);
    const entries = entriesOf(browser.userId);
    expect(entries).toHaveLength(1);
    expect(first).toBe(`/entry/complete?entry=${entries[0]!.id}`);
    expect(await shownCode(second, cookie)).toBe(entries[0]!.code);
    expect(mailsTo(browser.userId, "entry_received")).toBe(1);
  });

  it("the second post while the first is on its way (stored, its answer held) lands on the same /entry/complete; one entry", async () => {
    const { browser, cookie } = await applicantAtConfirmation();
    const submit = await pagePost(cookie);

    // The first POST /api/entries/ reaches the upstream, which stores the entry; its answer is held
    // until the second post has been answered.
    const held = holdOneAnswer(browser, (method, path) => method === "POST" && path === "/api/entries/");
    const firstAnswer = submit();
    await held.answered;
    const second = await locationOf(await submit());
    held.release();
    const first = await locationOf(await firstAnswer);

    const entries = entriesOf(browser.userId);
    expect(entries).toHaveLength(1);
    expect(second).toBe(`/entry/complete?entry=${entries[0]!.id}`);
    expect(first).toBe(second);
    expect(await shownCode(first, cookie)).toBe(entries[0]!.code);
    expect(mailsTo(browser.userId, "entry_received")).toBe(1);
  });
});

/** A reviewed entry whose claim can be bought: the contract page offers the agreement. */
async function reviewedEntry() {
  const owner = createUserWithSession(upstream);
  const entry = await createEntryVia(owner);
  reviewClaims(upstream, [entry.claims[0].id], { decision: "can_buy", principal: 1_000_000 });
  return { owner, id: String(entry.id), cookie: await appCookie(owner) };
}

type EntryAction = typeof contractAction;

/** Posts a form of an entry's page, as the browser does. */
function entryPost(
  route: EntryAction,
  path: string,
  id: string,
  cookie: string,
  fields: Record<string, string>,
) {
  return () => callRoute(route, formPost(path, cookie, fields), { entryId: id });
}

const entryRow = (id: string) =>
  upstream.db
    .prepare("SELECT status, contracted_at, cancelled_at FROM entries WHERE id = ?")
    .get(Number(id)) as {
    status: number;
    contracted_at: string | null;
    cancelled_at: string | null;
  };

/**
 * The second post read the entry before the first changed it (its read's answer held), so it goes on to
 * the upstream, which refuses it (400): the change was just made.
 */
async function secondReadBeforeFirstChanged(owner: UserClient, id: string, press: () => Promise<Response>) {
  const held = holdOneAnswer(owner, (method, path) => method === "GET" && path === `/api/entries/${id}/`);
  const secondAnswer = press();
  await held.answered;
  const first = await locationOf(await press());
  held.release();
  return { first, second: await locationOf(await secondAnswer) };
}

describe("the contract agreement posted twice", () => {
  const agree = (id: string, cookie: string) =>
    entryPost(contractAction, `/entry/contract/${id}`, id, cookie, { agreed: "on" });

  it("the second post after the first was answered lands on the contract's complete page; one contract, one mail", async () => {
    const { owner, id, cookie } = await reviewedEntry();
    const first = await locationOf(await agree(id, cookie)());
    const contractedAt = entryRow(id).contracted_at;
    const second = await locationOf(await agree(id, cookie)());
    expect(second).toBe(first);
    expect(first).toBe(`/entry/contract/complete?entry=${id}`);
    expect(entryRow(id).contracted_at).toBe(contractedAt);
    expect(mailsTo(owner.userId, "entry_contracted")).toBe(1);
  });

  it("the second post while the first is on its way (it read the entry before the contract) lands on the same page; one contract", async () => {
    const { owner, id, cookie } = await reviewedEntry();
    const { first, second } = await secondReadBeforeFirstChanged(owner, id, agree(id, cookie));
    expect(first).toBe(`/entry/contract/complete?entry=${id}`);
    expect(second).toBe(first);
    expect(entryRow(id).status).toBe(4);
    expect(mailsTo(owner.userId, "entry_contracted")).toBe(1);
  });
});

describe("the cancel posted twice", () => {
  const cancelIt = (id: string, cookie: string) =>
    entryPost(cancelAction, `/entry/detail/${id}`, id, cookie, { understood: "on" });

  it("the second post after the first was answered lands on the cancel's complete page; cancelled once", async () => {
    const owner = createUserWithSession(upstream);
    const id = String((await createEntryVia(owner)).id);
    const cookie = await appCookie(owner);
    const first = await locationOf(await cancelIt(id, cookie)());
    const cancelledAt = entryRow(id).cancelled_at;
    const second = await locationOf(await cancelIt(id, cookie)());
    expect(second).toBe(first);
    expect(first).toBe("/entry/cancel/complete");
    expect(entryRow(id).cancelled_at).toBe(cancelledAt);
  });

  it("the second post while the first is on its way (it read the entry before the cancel) lands on the same page", async () => {
    const owner = createUserWithSession(upstream);
    const id = String((await createEntryVia(owner)).id);
    const cookie = await appCookie(owner);
    const { first, second } = await secondReadBeforeFirstChanged(owner, id, cancelIt(id, cookie));
    expect(first).toBe("/entry/cancel/complete");
    expect(second).toBe(first);
    expect(entryRow(id).status).toBe(6);
  });
});

/** An entry whose claim the operator found inadequate, its new invoice uploaded: the page offers 再提出する. */
async function inadequateWithNewInvoice() {
  const owner = createUserWithSession(upstream);
  const entry = await createEntryVia(owner);
  const id = String(entry.id);
  const findInadequate = () =>
    reviewClaims(upstream, [entry.claims[0].id], {
      decision: "inadequate",
      reason: "請求書の日付が読めません。",
      document: "invoice",
    });
  findInadequate();
  insertUpload(upstream, owner.userId, "invoice-1");
  return { owner, id, claimId: entry.claims[0].id as number, findInadequate, cookie: await appCookie(owner) };
}

/** The resubmission page's fields as the browser posts them: the claim as typed, the page's own key. */
async function resubmitPage(id: string, cookie: string, amount = "1,200,000") {
  const page = await callRoute(
    resubmitLoader,
    new Request(`${APP_ORIGIN}/entry/resubmit/${id}`, { headers: { Cookie: cookie } }),
    { entryId: id },
  );
  expect(page.status).toBe(200);
  const { reviewKey } = (await page.json()) as { reviewKey: string };
  const at = (field: string) => `claims[0].${field}`;
  return {
    [at("obliger_company_name")]: "株式会社売掛先",
    [at("houjinbangou")]: "7123456789012",
    [at("houjinbangou_address")]: "東京都千代田区丸の内1-1",
    [at("amount")]: amount,
    [at("scheduled_deposit_amount_from_obliger")]: "1,000,000",
    [at("obliger_payment_date")]: FUTURE_PAYMENT_DATE,
    [at("is_fixed_debt")]: "true",
    [at("is_bank_transfer_from_obliger")]: "true",
    idempotency_key: reviewKey,
    intent: "resubmit",
  };
}

const resubmitPost = (id: string, cookie: string, fields: Record<string, string>) => () =>
  callRoute(resubmitAction, formPost(`/entry/resubmit/${id}`, cookie, fields), { entryId: id });

/** Without JavaScript the page posts multipart, with the files chosen in its slots. */
const multipartResubmitPost = (id: string, cookie: string, fields: Record<string, string>) => () => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append(
    "upload_claim-1-invoice",
    new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "請求書_再提出.pdf", {
      type: "application/pdf",
    }),
  );
  return callRoute(
    resubmitAction,
    new Request(`${APP_ORIGIN}/entry/resubmit/${id}`, {
      method: "POST",
      headers: { Cookie: cookie },
      body,
    }),
    { entryId: id },
  );
};

const claimAmount = (claimId: number) =>
  (upstream.db.prepare("SELECT amount FROM claims WHERE id = ?").get(claimId) as { amount: number }).amount;

describe("the resubmission posted twice", () => {
  it("the second post after the first was answered lands on the entry's detail with the same notice; resubmitted once", async () => {
    const { owner, id, claimId, cookie } = await inadequateWithNewInvoice();
    const fields = await resubmitPage(id, cookie);

    const first = await locationOf(await resubmitPost(id, cookie, fields)());
    const pending = pendingUploads(upstream.db, owner.userId).length;
    // Without JavaScript the second press brings its file again: it is not read, let alone stored.
    const second = await locationOf(await multipartResubmitPost(id, cookie, fields)());

    expect(first).toBe(`/entry/detail/${id}?resubmitted=1`);
    expect(second).toBe(first);
    expect(entryRow(id).status).toBe(1);
    expect(claimAmount(claimId)).toBe(1_200_000);
    expect(pendingUploads(upstream.db, owner.userId)).toHaveLength(pending);
    expect(mailsTo(owner.userId, "entry_resubmitted")).toBe(1);
  });

  it("the second post while the first is on its way (its answer held) lands on the same page; resubmitted once", async () => {
    const { owner, id, cookie } = await inadequateWithNewInvoice();
    const press = resubmitPost(id, cookie, await resubmitPage(id, cookie));
    const held = holdOneAnswer(
      owner,
      (method, path) => method === "POST" && path === `/api/entries/${id}/review/`,
    );
    const firstAnswer = press();
    await held.answered;
    const second = await locationOf(await press());
    held.release();
    const first = await locationOf(await firstAnswer);

    expect(first).toBe(`/entry/detail/${id}?resubmitted=1`);
    expect(second).toBe(first);
    expect(mailsTo(owner.userId, "entry_resubmitted")).toBe(1);
  });

  it("the second read the entry before the first changed it: the upstream answers its key with the first answer", async () => {
    const { owner, id, claimId, cookie } = await inadequateWithNewInvoice();
    const fields = await resubmitPage(id, cookie);
    const { first, second } = await secondReadBeforeFirstChanged(owner, id, resubmitPost(id, cookie, fields));
    expect(first).toBe(`/entry/detail/${id}?resubmitted=1`);
    expect(second).toBe(first);
    expect(claimAmount(claimId)).toBe(1_200_000);
    expect(mailsTo(owner.userId, "entry_resubmitted")).toBe(1);
  });

  it("a later resubmission, from a new page after a new finding, is its own; a post with another page's key is refused as before", async () => {
    const { owner, id, claimId, cookie, findInadequate } = await inadequateWithNewInvoice();
    await locationOf(await resubmitPost(id, cookie, await resubmitPage(id, cookie))());

    findInadequate();
    insertUpload(upstream, owner.userId, "invoice-1");
    const later = await resubmitPage(id, cookie, "1,300,000");
    expect(await locationOf(await resubmitPost(id, cookie, later)())).toBe(
      `/entry/detail/${id}?resubmitted=1`,
    );
    expect(claimAmount(claimId)).toBe(1_300_000);
    expect(mailsTo(owner.userId, "entry_resubmitted")).toBe(2);

    // A page drawn but never sent: its key made nothing, so the refusal stands.
    const unsent = await resubmitPost(id, cookie, {
      ...later,
      idempotency_key: (await resubmitPage(id, cookie)).idempotency_key,
    })();
    expect(unsent.status).toBe(400);
    expect((await failureOf(unsent)).formErrors[0]).toMatch(/再提出していただくものはありません/);
  });
});
