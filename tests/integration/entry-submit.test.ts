// The wizard's final submit (POST /profile/before_entry) pressed twice without JavaScript: the browser
// shows the second post's answer, so the second of two identical posts must land where the first did,
// on /entry/complete with the entry's number, and never make a second entry. Called as Remix calls the
// action, against the reference upstream behind a proxy that can hold the first post's answer, in both
// orders: the second post after the first was answered, and while the first is still on its way (the
// entry already stored, its answer not yet back).

import http from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loader as completeLoader } from "~/routes/_anonymous.entry.complete";
import { action, loader } from "~/routes/_entry.profile.before_entry/route";
import { APP_ORIGIN, appCookie, formPost, locationOf, settle } from "./app-requests";
import { type FaultProxy, startFaultProxy } from "./fault-proxy";
import {
  type UserClient,
  createUserWithSession,
  insertUpload,
  validClaim,
} from "./reference-upstream/entry-fixtures";
import { type TestUpstream, startTestUpstream } from "./reference-upstream/harness";

let upstream: TestUpstream;
let proxy: FaultProxy;

beforeAll(async () => {
  upstream = await startTestUpstream();
  proxy = await startFaultProxy(upstream.url);
  // appConfig() reads the environment once, at the first request: set before any.
  process.env.API_BASE_URL = proxy.url;
});

afterEach(() => proxy.setFault(null, null));

afterAll(async () => {
  await proxy.close();
  await upstream.dispose();
});

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
  const page = (await settle(
    loader({
      request: new Request(`${APP_ORIGIN}${PATH}`, { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    }),
  )) as Response;
  expect(page.status).toBe(200);
  const { idempotencyKey } = (await page.json()) as { idempotencyKey?: string };
  const fields = { idempotency_key: idempotencyKey ?? "" };
  return () =>
    settle(action({ request: formPost(PATH, cookie, fields), params: {}, context: {} })) as Promise<Response>;
}

/** The complete page's entry number, as it shows it for the redirect's target. */
async function shownCode(location: string, cookie: string): Promise<string | null> {
  const request = new Request(`${APP_ORIGIN}${location}`, { headers: { Cookie: cookie } });
  const page = (await settle(completeLoader({ request, params: {}, context: {} }))) as Response;
  return ((await page.json()) as { entry: { code: string } | null }).entry?.code ?? null;
}

function entriesOf(userId: number): { id: number; code: string }[] {
  return upstream.db.prepare("SELECT id, code FROM entries WHERE user_id = ?").all(userId) as {
    id: number;
    code: string;
  }[];
}

function receiptsTo(userId: number): number {
  return (
    upstream.db
      .prepare(
        "SELECT COUNT(*) AS n FROM outbox JOIN users ON users.email = outbox.to_address WHERE users.id = ? AND outbox.kind = 'entry_received'",
      )
      .get(userId) as { n: number }
  ).n;
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
    expect(receiptsTo(browser.userId)).toBe(1);
  });

  it("the second post while the first is on its way (stored, its answer held) lands on the same /entry/complete; one entry", async () => {
    const { browser, cookie } = await applicantAtConfirmation();
    const submit = await pagePost(cookie);

    // The first POST /api/entries/ reaches the upstream, which stores the entry; its answer is held
    // until the second post has been answered.
    let stored!: () => void;
    const entryStored = new Promise<void>((resolve) => (stored = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    proxy.setFault(browser.cookies.get("sessionid")!, (req, res) => {
      if (holding || req.method !== "POST" || req.url !== "/api/entries/") return false;
      holding = true;
      const outgoing = http.request(
        new URL(req.url, upstream.url),
        { method: req.method, headers: { ...req.headers, host: new URL(upstream.url).host } },
        (answer) => {
          stored();
          void released.then(() => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          });
        },
      );
      req.pipe(outgoing);
      return true;
    });

    const firstAnswer = submit();
    await entryStored;
    const second = await locationOf(await submit());
    release();
    const first = await locationOf(await firstAnswer);

    const entries = entriesOf(browser.userId);
    expect(entries).toHaveLength(1);
    expect(second).toBe(`/entry/complete?entry=${entries[0]!.id}`);
    expect(first).toBe(second);
    expect(await shownCode(first, cookie)).toBe(entries[0]!.code);
    expect(receiptsTo(browser.userId)).toBe(1);
  });
});
