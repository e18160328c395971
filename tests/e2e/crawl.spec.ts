// Every page a visitor can reach by following links is valid HTML and answers below 400, JavaScript on
// and off: breadth-first over the same-origin GET links, from the landing page as a visitor, and from
// My page and each stage of an owner's entry (under review, reviewed with its contract, paid out). A
// failure lists every page with its status or html-validate's messages. One test per group of pages.

import { ENTRY_STEPS, ENTRY_STEP_PATHS } from "../../app/domain/entry-steps";
import { htmlProblems } from "./html-check";
import { type Page, type TestInfo, expect, test } from "./fixtures";
import { waitForHydration } from "./support";
import { UpstreamUser, reviewClaims, runOperator } from "./support-account";

/** A group stays a few pages' time; a group that would pass this is split, not given more. */
const MAX_PAGES = 20;

/** Links that are no page: the logout form's address and the files a person downloads. */
const NOT_A_PAGE = /^\/logout(?:$|[/?])|\/(?:files|uploads|calendar)(?:\/|\.|$)|\.(?:ics|pdf|jpe?g|png|csv)$/;

async function sameOriginLinks(page: Page, keep: (path: string) => boolean): Promise<string[]> {
  const hrefs = await page
    .locator("a[href]:not([download])")
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  return hrefs.flatMap((href) => {
    const url = new URL(href);
    if (url.origin !== origin || NOT_A_PAGE.test(url.pathname)) return [];
    const path = `${url.pathname}${url.search}`;
    return keep(path) ? [path] : [];
  });
}

/**
 * Visits every page reachable from `start` whose path `keep` accepts, breadth-first; answers one line
 * per failing page (its status, or each html-validate message of the served HTML and, with JavaScript,
 * of the hydrated DOM) and the pages visited.
 */
async function crawl(
  page: Page,
  testInfo: TestInfo,
  starts: readonly string[],
  keep: (path: string) => boolean,
) {
  const queue = [...starts];
  const seen = new Set(queue);
  const failures: string[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    expect(seen.size, `more than ${MAX_PAGES} pages from ${starts[0]}: split the group`).toBeLessThanOrEqual(
      MAX_PAGES,
    );
    const response = await page.goto(path);
    const status = response?.status() ?? 0;
    if (status >= 400 || status === 0) {
      failures.push(`${path}: status ${status}`);
      continue;
    }
    await waitForHydration(page, testInfo);
    const served = await htmlProblems(await response!.text());
    const hydrated =
      testInfo.project.use.javaScriptEnabled === false ? [] : await htmlProblems(await page.content());
    for (const problem of new Set([...served, ...hydrated])) failures.push(`${path}: ${problem}`);
    for (const link of await sameOriginLinks(page, keep)) {
      if (seen.has(link)) continue;
      seen.add(link);
      queue.push(link);
    }
  }
  return { failures, visited: [...seen] };
}

/** The operator's moves that bring a submitted entry to each stage the crawl visits. */
const STAGES = {
  submitted: () => {},
  inadequate: (claimId: number) =>
    reviewClaims([claimId], {
      decision: "inadequate",
      reason: "請求書の日付が読めません。",
      document: "invoice",
    }),
  reviewed: (claimId: number) => reviewClaims([claimId], { decision: "can_buy", principal: 1_000_000 }),
  paid: (claimId: number, entryId: number) => {
    reviewClaims([claimId], { decision: "can_buy", principal: 1_000_000 });
    runOperator("mark-contracted", String(entryId));
    runOperator("mark-transferred", String(entryId));
  },
};

/** An owner with identity confirmed and one entry, moved by the operator to `stage`. */
async function ownerWithEntry(email: string, stage: keyof typeof STAGES) {
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  const entry = await user.createEntry();
  STAGES[stage](entry.claimIds[0]!, entry.id);
  return { user, entry };
}

test("as a visitor, every page reached from the landing page", async ({ page }, testInfo) => {
  const { failures, visited } = await crawl(page, testInfo, ["/"], () => true);
  expect(visited).toContain("/login");
  expect(failures).toEqual([]);
});

test("as an owner, every page reached from My page but an entry's own", async ({
  page,
  freshEmail,
  logInAs,
}, testInfo) => {
  const { user, entry } = await ownerWithEntry(freshEmail("crawl"), "submitted");
  await logInAs(user);
  const entryPage = new RegExp(`/${entry.id}(?:$|[/?])|entry=${entry.id}`);
  const { failures, visited } = await crawl(page, testInfo, ["/mypage"], (path) => !entryPage.test(path));
  expect(visited).toContain("/profile");
  expect(failures).toEqual([]);
});

test("as an applicant with a draft, every page reached from My page (the wizard's steps)", async ({
  page,
  applicantOn,
}, testInfo) => {
  await applicantOn("/mypage", "corporate", { financialDone: true });
  // The steps after the first are reached by the steps' buttons: each starts the crawl too.
  const steps = ENTRY_STEPS.filter((step) => step !== "complete").map((step) => ENTRY_STEP_PATHS[step]);
  const { failures, visited } = await crawl(page, testInfo, ["/mypage", ...steps], () => true);
  expect(visited).toContain("/entry/entry_invoice");
  expect(failures).toEqual([]);
});

for (const stage of Object.keys(STAGES) as (keyof typeof STAGES)[]) {
  test(`as an owner, every page of an entry ${stage}`, async ({ page, freshEmail, logInAs }, testInfo) => {
    const { user, entry } = await ownerWithEntry(freshEmail(`crawl-${stage}`), stage);
    await logInAs(user);
    const ofEntry = new RegExp(`/${entry.id}(?:$|[/?])|entry=${entry.id}`);
    const { failures, visited } = await crawl(page, testInfo, [`/entry/detail/${entry.id}`], (path) =>
      ofEntry.test(path),
    );
    if (stage === "reviewed") expect(visited).toContain(`/entry/contract/${entry.id}`);
    expect(failures).toEqual([]);
  });
}
