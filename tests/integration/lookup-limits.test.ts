// The look-ups (法人番号, bank, branch, postcode) are bounded and cheap (decision 0023): a session may
// ask 60 a minute and one client address 300 a minute, whatever sessions it uses; past either, 429
// with Retry-After and the message, asking the upstream nothing. A query asked again is answered
// from a small cache, and who is logged in is asked of the upstream once a minute, not once a
// look-up: one query is one upstream call. Called as Remix calls the routes, through a pass-through
// in front of the in-process reference upstream that notes every call.

import { beforeEach, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "~/request/client-address";
import { action as invoiceAction } from "~/routes/_entry.entry_.entry_invoice/route";
import { action as profileAction } from "~/routes/_mypage.profile";
import { loader as banksLoader } from "~/routes/entry.banks";
import { loader as houjinbangouLoader } from "~/routes/entry.houjinbangou";
import { loader as postcodeLoader } from "~/routes/profile.postcode";
import { resetRateLimits } from "~/security/rate-limit.server";
import { FUTURE_PAYMENT_DATE } from "../fixtures/dates";
import { APP_ORIGIN, appCookie, failureOf, useFaultProxy } from "./app-requests";
import { type RouteFunction, callRoute } from "../fixtures/call-route";
import { createUserWithSession } from "./reference-upstream/entry-fixtures";
import { useTestUpstream } from "./reference-upstream/harness";

/** The policy this test holds the app to (decision 0023). */
const PER_SESSION = 60;
const PER_ADDRESS = 300;
const LIMIT_MESSAGE = /^検索回数が上限に達しました。/;

/** The upstream calls the app made, "METHOD /path", in order. */
let calls: string[] = [];
const upstream = useTestUpstream();
useFaultProxy(upstream, (req) => calls.push(`${req.method} ${decodeURIComponent(req.url ?? "")}`));

beforeEach(async () => {
  await resetRateLimits();
  calls = [];
});

/** Someone logged in, browsing from `address`. */
async function visitor(address: string) {
  const cookie = await appCookie(createUserWithSession(upstream));
  const headers = { Cookie: cookie, [CLIENT_ADDRESS_HEADER]: address };
  const get = (route: RouteFunction, path: string) =>
    callRoute(route, new Request(`${APP_ORIGIN}${path}`, { headers }));
  const post = (route: RouteFunction, path: string, fields: Record<string, string>) =>
    callRoute(
      route,
      new Request(`${APP_ORIGIN}${path}`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      }),
    );
  return {
    cookie,
    post,
    houjinbangou: (name: string) =>
      get(houjinbangouLoader, `/entry/houjinbangou?${new URLSearchParams({ name })}`),
    bank: (q: string) => get(banksLoader, `/entry/banks?${new URLSearchParams({ q })}`),
    branch: (bank: string, q: string) => get(banksLoader, `/entry/banks?${new URLSearchParams({ bank, q })}`),
    postcode: (zipcode: string) =>
      get(postcodeLoader, `/profile/postcode?${new URLSearchParams({ zipcode })}`),
  };
}

type Visitor = Awaited<ReturnType<typeof visitor>>;

/** `count` look-ups of every kind in turn; their statuses. */
async function lookUp(person: Visitor, count: number): Promise<number[]> {
  const kinds = [
    () => person.bank("みずほ"),
    () => person.branch("みずほ銀行", "しんじゅく"),
    () => person.postcode("100-0005"),
    () => person.houjinbangou("青葉"),
  ];
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await kinds[i % kinds.length]!()).status);
  return statuses;
}

const lookupCalls = () => calls.filter((call) => call.startsWith("GET /api/ext/houjinbangou/"));

describe("one query, one upstream call", () => {
  it("twenty identical 法人番号 look-ups of one person ask the upstream once for the query, and once who is logged in", async () => {
    const person = await visitor("10.20.0.1");
    const answers: unknown[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await person.houjinbangou("青葉精機");
      expect(response.status).toBe(200);
      answers.push(await response.json());
    }
    expect(answers[0]).toEqual([expect.objectContaining({ name: "株式会社青葉精機" })]);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(calls.sort()).toEqual(["GET /api/ext/houjinbangou/?name=青葉精機", "POST /api/me/"]);
  });

  it("the same query from ten people at once is asked of the upstream once", async () => {
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => visitor(`10.20.1.${i + 1}`)));
    const responses = await Promise.all(people.map((person) => person.houjinbangou("みなと物流")));
    for (const response of responses) expect(response.status).toBe(200);
    expect(lookupCalls()).toEqual(["GET /api/ext/houjinbangou/?name=みなと物流"]);
  });

  it("bank, branch and postcode look-ups are answered on the server: the upstream is asked only who is logged in, once", async () => {
    const person = await visitor("10.20.2.1");
    for (let i = 0; i < 10; i++) {
      expect((await person.bank("みずほ")).status).toBe(200);
      expect((await person.branch("みずほ銀行", "しんじゅく")).status).toBe(200);
      expect((await person.postcode("100-0005")).status).toBe(200);
    }
    expect(calls).toEqual(["POST /api/me/"]);
  });
});

describe("per session: 60 look-ups a minute", () => {
  it("the 61st look-up of a session is answered 429 with Retry-After and the message, asking the upstream nothing", async () => {
    const person = await visitor("10.30.0.1");
    expect(await lookUp(person, PER_SESSION)).toEqual(Array(PER_SESSION).fill(200));
    const before = calls.length;
    for (const refused of [
      await person.houjinbangou("まだ誰も聞いていない名前"),
      await person.bank("りそな"),
      await person.postcode("530-0001"),
    ]) {
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(((await refused.json()) as { message: string }).message).toMatch(LIMIT_MESSAGE);
    }
    expect(calls.length).toBe(before);
    // Another session from the same address goes on: 61 of the address's 300 are spent.
    const colleague = await visitor("10.30.0.1");
    expect((await colleague.bank("りそな")).status).toBe(200);
  });
});

describe("per address: 300 look-ups a minute, whichever sessions ask", () => {
  it("five sessions of one address spend its 300; a sixth session there is refused, another address is not", async () => {
    for (let i = 0; i < PER_ADDRESS / PER_SESSION; i++) {
      const person = await visitor("10.40.0.1");
      expect(await lookUp(person, PER_SESSION)).toEqual(Array(PER_SESSION).fill(200));
    }
    const newcomer = await visitor("10.40.0.1");
    const refused = await newcomer.bank("みずほ");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as { message: string }).message).toMatch(LIMIT_MESSAGE);
    const elsewhere = await visitor("10.40.0.2");
    expect((await elsewhere.bank("みずほ")).status).toBe(200);
  });
});

describe("without JavaScript, a search button past the limit says so at its field (429), nothing lost", () => {
  const invoiceFields = (intent: string) => ({
    purchase_amount_desired: "1,000,000",
    purpose: "運転資金",
    "claims[0].obliger_company_name": "青葉精機",
    "claims[0].amount": "1100000",
    "claims[0].scheduled_deposit_amount_from_obliger": "1000000",
    "claims[0].obliger_payment_date": FUTURE_PAYMENT_DATE,
    "claims[0].receive_payment_account.bank_name": "みずほ",
    "claims[0].receive_payment_account.deposit_type": "ordinary",
    "claims[0].receive_payment_account.bank_account_number": "1234567",
    intent,
  });

  it("「法人番号を検索」 and 「金融機関を検索」 on the invoice step: the draft is saved, the message is at the field", async () => {
    const person = await visitor("10.50.0.1");
    await lookUp(person, PER_SESSION);
    for (const [intent, field] of [
      ["search_houjinbangou:0", "claims[0].obliger_company_name"],
      [
        "search_bank:claims[0].receive_payment_account.bank_name",
        "claims[0].receive_payment_account.bank_name",
      ],
    ] as const) {
      const response = await person.post(invoiceAction, "/entry/entry_invoice", invoiceFields(intent));
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
      const failure = await failureOf(response);
      expect(failure.fieldErrors[field]).toMatch(LIMIT_MESSAGE);
      expect(failure.values["claims[0].obliger_company_name"]).toBe("青葉精機");
    }
    expect(calls).toContain("PATCH /api/draft_entry/");
    expect(lookupCalls()).toEqual([]);
  });

  it("「住所を検索」 and 「金融機関を検索」 on /profile: the message, everything typed kept", async () => {
    const person = await visitor("10.50.0.2");
    await lookUp(person, PER_SESSION);
    const typed = { office_zipcode: "100-0005", office_city: "", bank_name: "みずほ", first_name: "花子" };
    const postcode = await person.post(profileAction, "/profile", {
      ...typed,
      intent: "lookup_postcode:office",
    });
    expect(postcode.status).toBe(429);
    expect(Number(postcode.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    const postcodeFailure = (await failureOf(postcode)) as Awaited<ReturnType<typeof failureOf>> & {
      postcodeLookup?: { who: string; announcement: string };
    };
    expect(postcodeFailure.postcodeLookup?.announcement).toMatch(LIMIT_MESSAGE);
    expect(postcodeFailure.values.first_name).toBe("花子");
    expect(postcodeFailure.values.office_city).toBe("");

    const bank = await person.post(profileAction, "/profile", { ...typed, intent: "search_bank:bank_name" });
    expect(bank.status).toBe(429);
    const bankFailure = await failureOf(bank);
    expect(bankFailure.fieldErrors.bank_name).toMatch(LIMIT_MESSAGE);
    expect(bankFailure.values.first_name).toBe("花子");
  });
});
