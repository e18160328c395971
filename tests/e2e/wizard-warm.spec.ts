// Decision 0038: My page, when it offers 「新しく申し込む」, fetches the invoice step's scripts and
// stylesheets ahead at idle after its load event, so the step opened from it takes them from the
// cache; never when the browser asks to save data, nor for an owner the page offers no new entry, nor
// without JavaScript.

import type { Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures";
import { UpstreamUser, runOperator } from "./support-account";

const NEW_ENTRY = "新しく申し込む";

/**
 * The build's files the page asks for from now on, but for its own stylesheets: what is fetched ahead
 * (a prefetch, or a fetch), and the step's modules once it is opened.
 */
function buildFilesRequested(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/build/") && request.resourceType() !== "stylesheet")
      urls.push(url.pathname);
  });
  return urls;
}

/**
 * An owner who may start a new entry (identity confirmed, no entry yet), or with an entry under review,
 * logged in and on My page, opened by its own address (Playwright's extra headers do not follow the
 * login's redirect).
 */
async function ownerOnMyPage(
  logInAs: (user: { email: string }, url?: string) => Promise<void>,
  email: string,
  withEntry = false,
) {
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  if (withEntry) await user.createEntry();
  await logInAs(user, "/mypage");
}

/** Once the page has settled after its load event: nothing more in flight for a while. */
async function settled(page: Page) {
  await page.waitForLoadState("load");
  await page.waitForLoadState("networkidle");
}

test("My page offering a new entry fetches the invoice step's files after its load, and the step opened takes them from the cache", async ({
  page,
  javaScript,
  freshEmail,
  logInAs,
  hydrated,
}) => {
  const requested = buildFilesRequested(page);
  await ownerOnMyPage(logInAs, freshEmail("warm"));
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByRole("link", { name: NEW_ENTRY })).toBeVisible();
  if (!javaScript) {
    await settled(page);
    expect(requested, "nothing is fetched ahead without JavaScript").toEqual([]);
    return;
  }
  // Every file asked for after the page's load event (the browser's own timeline), none before.
  await expect.poll(() => requested.length, { message: "files fetched ahead" }).toBeGreaterThan(0);
  await settled(page);
  const ahead = [...new Set(requested)];
  const timeline = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return {
      load: navigation.loadEventEnd,
      starts: performance
        .getEntriesByType("resource")
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
    };
  });
  for (const path of ahead) {
    const start = timeline.starts.find((entry) => entry.path === path)?.start;
    expect(start, `${path} asked for after the load event`).toBeGreaterThanOrEqual(timeline.load);
  }
  // My page itself stays without scripts: no module, no React.
  expect(await page.locator("html[data-scripts], script[src], script[type=module]").count()).toBe(0);

  await page.getByRole("link", { name: NEW_ENTRY }).click();
  await expect(page.getByRole("heading", { level: 1, name: "請求書の情報" })).toBeVisible();
  await hydrated();
  const step = await page.evaluate(() => {
    // The files the step's boot preloads before it hydrates (app/components/page-scripts.tsx).
    const boot = [...document.scripts].map((script) => /var p=(\[[^\]]*\])/.exec(script.text)).find(Boolean);
    const scripts = JSON.parse(boot?.[1] ?? "[]") as string[];
    const stylesheets = [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")].map(
      (link) => new URL(link.href).pathname,
    );
    const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const transferred = (path: string) =>
      entries.find((each) => new URL(each.name).pathname === path)?.transferSize ?? null;
    return {
      scripts: scripts.map((path) => ({ path, transferSize: transferred(path) })),
      stylesheets: stylesheets.map((path) => ({ path, transferSize: transferred(path) })),
    };
  });
  expect(step.scripts.length).toBeGreaterThan(3);
  for (const file of step.scripts) expect(ahead, `${file.path} was fetched ahead`).toContain(file.path);
  // Each loaded by the step (a timing entry), over no network (transferSize 0 is the HTTP cache): the
  // scripts and the wizard's stylesheets fetched ahead, the frame's own that My page loaded.
  for (const file of [...step.scripts, ...step.stylesheets])
    expect(file.transferSize, `${file.path} bytes over the line on the step`).toBe(0);
});

test.describe("with Save-Data: on", () => {
  test.use({ extraHTTPHeaders: { "Save-Data": "on" } });

  test("My page offering a new entry fetches nothing ahead", async ({ page, freshEmail, logInAs }) => {
    const requested = buildFilesRequested(page);
    await ownerOnMyPage(logInAs, freshEmail("save-data"));
    await expect(page.getByRole("link", { name: NEW_ENTRY })).toBeVisible();
    await settled(page);
    expect(requested).toEqual([]);
  });
});

test("My page offering a new entry fetches nothing ahead when the browser's connection says to save data", async ({
  page,
  javaScript,
  freshEmail,
  logInAs,
}) => {
  test.skip(!javaScript, "the browser's own setting is read by a script");
  // As a data saver sets it, without the request header (a proxy may drop it).
  await page.addInitScript(() => {
    const connection = (navigator as Navigator & { connection?: object }).connection;
    if (connection) Object.defineProperty(connection, "saveData", { get: () => true });
  });
  const requested = buildFilesRequested(page);
  await ownerOnMyPage(logInAs, freshEmail("save-data-connection"));
  await expect(page.getByRole("link", { name: NEW_ENTRY })).toBeVisible();
  await settled(page);
  expect(requested).toEqual([]);
});

test("My page offering no new entry (an entry under review) fetches nothing ahead", async ({
  page,
  freshEmail,
  logInAs,
}) => {
  const requested = buildFilesRequested(page);
  await ownerOnMyPage(logInAs, freshEmail("no-new-entry"), true);
  await expect(page.getByText("現在、新しいお申し込みはできません。")).toBeVisible();
  await expect(page.getByRole("link", { name: NEW_ENTRY })).toHaveCount(0);
  await settled(page);
  expect(requested).toEqual([]);
});
