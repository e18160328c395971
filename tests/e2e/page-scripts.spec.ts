// Decision 0015: JavaScript only where it helps. A page none of whose routes hydrates
// ships no script file (at most a few bytes inline: §2's hash notices, §7's experiment id); a page that
// hydrates is shown and usable before any script is fetched, and hydrates after its load event.

import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { STRONG_PASSWORD } from "./support";
import { UpstreamUser, runOperator } from "./support-account";

/** What the document itself carries: script files, module preloads, and the inline scripts' sizes. */
async function scriptsOf(page: Page) {
  return page.evaluate(() => ({
    files: [...document.querySelectorAll("script[src], link[rel=modulepreload]")].length,
    inline: [...document.querySelectorAll("script:not([src])")].map(
      (script) => script.textContent?.length ?? 0,
    ),
    marked: document.documentElement.hasAttribute("data-scripts"),
  }));
}

test("pages that gain nothing from scripts ship none, and still work", async ({
  page,
  open,
  freshEmail,
  logIn,
}) => {
  const scriptRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scriptRequests.push(request.url());
  });
  for (const url of [
    "/",
    "/login",
    "/register",
    "/terms",
    "/policy/privacy",
    "/profile/password/reset/recover",
  ]) {
    await open(url);
    const scripts = await scriptsOf(page);
    expect(scripts, url).toMatchObject({ files: 0, marked: false });
    for (const size of scripts.inline) expect(size, `${url}: an inline script`).toBeLessThan(600);
  }
  // Behind login: My page and an entry's detail.
  const email = freshEmail("no-scripts");
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  const entry = await user.createEntry();
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  expect(await scriptsOf(page)).toMatchObject({ files: 0, marked: false });
  await page.getByRole("link", { name: `申込番号 ${entry.code} の詳細を見る` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("お申し込みの詳細");
  expect(await scriptsOf(page)).toMatchObject({ files: 0, marked: false });
  expect(scriptRequests).toEqual([]);
});

test("a page that hydrates is usable before its scripts: none is fetched before the load event", async ({
  page,
  javaScript,
  applicantOnInvoiceStep,
}) => {
  await applicantOnInvoiceStep("deferred");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const scripts = await scriptsOf(page);
  expect(scripts.marked).toBe(true);
  if (!javaScript) {
    expect(scripts.files).toBe(0);
    return;
  }
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // When each script was asked for, against the page's load event (the browser's own timeline).
  const timeline = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const scripts = performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith(".js"));
    return { load: navigation.loadEventStart, scripts: scripts.map((entry) => entry.startTime) };
  });
  expect(timeline.scripts.length).toBeGreaterThan(3);
  expect(Math.min(...timeline.scripts)).toBeGreaterThanOrEqual(timeline.load);
  // The next step's module came with them (the step moves on without waiting for it).
  expect(await page.locator('link[rel=modulepreload][href*="/routes/_entry.entry-"]').count()).toBe(1);
});

test("with JavaScript, the experiment identifier in local storage goes with the registration", async ({
  page,
  open,
  javaScript,
  freshEmail,
}) => {
  test.skip(!javaScript, "local storage needs JavaScript");
  await open("/register");
  await page.evaluate(() => localStorage.setItem("experimentUserId", "exp-42"));
  await open("/register");
  const posted = page.waitForRequest((request) => request.method() === "POST");
  await page.getByLabel("メールアドレス").fill(freshEmail("experiment"));
  await page.locator("input[name=password]").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: /登録/ }).click();
  expect(new URLSearchParams((await posted).postData() ?? "").get("experiment_user_id")).toBe("exp-42");
});

test("with JavaScript, a second press on a page without scripts is held back while the first post is on its way", async ({
  page,
  open,
  javaScript,
}) => {
  test.skip(!javaScript, "without JavaScript the browser sends what it sends");
  await open("/login");
  await page.locator("input[name=email]").fill("nobody@example.com");
  await page.locator("input[name=password]").fill("wrong-password-1");
  // Two presses before the answer: the second submit is refused by the page, the first goes.
  const refused = await page.evaluate(() => {
    const seen: boolean[] = [];
    addEventListener("submit", (event) => seen.push(event.defaultPrevented));
    const button = [...document.querySelectorAll("button")].find((each) => each.textContent === "ログイン")!;
    button.click();
    button.click();
    return seen;
  });
  expect(refused).toEqual([false, true]);
  await expect(page.getByRole("alert").first()).toBeVisible();
});
