// The §8–§9 browser runtime (docs/decisions/0017-browser-runtime.md): the new-version
// check (builds/latest.json, hourly), the chunk-load reload guard (at most once in 10 s) and the
// analytics data layer (off unless configured). All of it runs only with JavaScript: without it there
// is nothing to reload or to count, and every page is a fresh document anyway.

import { createHmac } from "node:crypto";
import { EXPERIMENT_PAGE_VIEW_DELAY_MS } from "../../app/runtime/analytics-events";
import { DEFAULT_ANALYTICS_ID_KEY } from "../../reference-upstream/config";
import { type Page, expect, test } from "./fixtures";
import { STRONG_PASSWORD, UPSTREAM_URL, startAppAgainst } from "./support";
import { UpstreamUser } from "./support-account";
import { claim } from "./support-wizard-invoice";

test.beforeEach(({ javaScript }) => {
  test.skip(!javaScript, "the browser runtime runs only where scripts run");
});

const HOUR = 60 * 60 * 1000;
const LATEST = "**/builds/latest.json";

/** Marks the document: a reload (a new document) loses the mark. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as { documentMark?: boolean }).documentMark = true;
  });
}
const isSameDocument = (page: Page) =>
  page.evaluate(() => (window as { documentMark?: boolean }).documentMark === true);

/** Answers the hourly check with `version`, and says when the page has read the answer. */
async function answerVersion(page: Page, version: string | "real") {
  await page.unroute(LATEST);
  await page.route(LATEST, (route) =>
    version === "real" ? route.continue() : route.fulfill({ json: { version } }),
  );
}

test.describe("§8 changed app version: the page reloads", () => {
  test("the hourly check of builds/latest.json reloads an untouched page when the version changed", async ({
    page,
    applicantOnInvoiceStep,
  }) => {
    await page.clock.install();
    await applicantOnInvoiceStep("version");
    await markDocument(page);

    // The server's own answer is the page's version: an hour later, nothing happens.
    await answerVersion(page, "real");
    const sameAnswer = page.waitForResponse(LATEST);
    await page.clock.fastForward(HOUR);
    expect(await (await sameAnswer).json()).toEqual({
      version: await page.evaluate(() => window.__remixManifest.version),
    });
    expect(await isSameDocument(page)).toBe(true);

    // A deploy later: the next hourly check reloads the page.
    await answerVersion(page, "a-newer-build");
    const reloaded = page.waitForEvent("load");
    await page.clock.fastForward(HOUR);
    await reloaded;
    await expect(page.getByRole("heading", { level: 1, name: "請求書の情報" })).toBeVisible();
    expect(await isSameDocument(page)).toBe(false);
  });

  test("with typing on the page, the reload waits: saving posts once and loads the next page as a document", async ({
    page,
    applicantOnInvoiceStep,
  }) => {
    await page.clock.install();
    await applicantOnInvoiceStep("version-typing");
    // A reload tried on this step would meet the unsaved-changes warning (beforeunload): none may show.
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });
    await markDocument(page);
    // A field without suggestions as you type (a suggestion request under way would hold the reload too).
    const address = claim(page, 1).getByLabel("売掛先の所在地", { exact: false });
    await address.fill("東京都港区新版1-1");

    await answerVersion(page, "a-newer-build");
    const answered = page.waitForResponse(LATEST);
    await page.clock.fastForward(HOUR);
    await answered;
    // Nothing typed is lost: no reload while the person is typing.
    expect(await isSameDocument(page)).toBe(true);
    await expect(address).toHaveValue("東京都港区新版1-1");

    // 下書き保存 goes through the app once; the page it redirects to is loaded as a document.
    const documentLoad = page.waitForRequest(
      (request) => request.isNavigationRequest() && request.url().includes("/entry/entry_invoice?saved=1"),
    );
    await page.getByRole("button", { name: "下書き保存" }).click();
    await documentLoad;
    await expect(page).toHaveURL(/\/entry\/entry_invoice\?saved=1/);
    await expect(claim(page, 1).getByLabel("売掛先の所在地", { exact: false })).toHaveValue(
      "東京都港区新版1-1",
    );
    expect(await isSameDocument(page)).toBe(false);
    expect(dialogs).toEqual([]);
  });
});

test("§8 a chunk that fails to load reloads the page once, and not again within 10 seconds", async ({
  page,
  applicantOnInvoiceStep,
}) => {
  await page.clock.install();
  await applicantOnInvoiceStep("chunk");
  // A file of the build that a deploy removed, as a navigation or a prefetch would ask for it.
  const loadMissingChunk = () =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const script = document.createElement("script");
          script.type = "module";
          script.src = "/build/_shared/chunk-REMOVED-BY-A-DEPLOY.js";
          // The runtime's capture listener on window has decided before the element hears of it.
          script.addEventListener("error", () => resolve());
          document.head.append(script);
        }),
    );

  await markDocument(page);
  const reloaded = page.waitForEvent("load");
  void loadMissingChunk().catch(() => undefined); // the reload may end the page under it
  await reloaded;
  await expect(page.getByRole("heading", { level: 1, name: "請求書の情報" })).toBeVisible();
  expect(await isSameDocument(page)).toBe(false);

  // The tab remembers when it reloaded; the page's clock is then held just inside the 10 s, and
  // just past them, whatever this machine's speed.
  const reloadedAt = Number(
    await page.evaluate(() => window.sessionStorage.getItem("sakidori:lastReloadAt")),
  );
  expect(reloadedAt).toBeGreaterThan(0);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  // Still missing 9.9 s after the reload: no second reload (no loop).
  await page.clock.setFixedTime(reloadedAt + 9_900);
  await markDocument(page);
  await loadMissingChunk();
  expect(await isSameDocument(page)).toBe(true);

  // Ten seconds after it, the guard allows one reload again.
  await page.clock.setFixedTime(reloadedAt + 10_000);
  const reloadedAgain = page.waitForEvent("load");
  void loadMissingChunk().catch(() => undefined);
  await reloadedAgain;
  expect(await isSameDocument(page)).toBe(false);
});

test.describe("§9 analytics data layer", () => {
  const CONTAINER = "GTM-TEST123";
  const HASH_KEY = "the-deployment's-analytics-hash-key-for-tests";
  const ANALYTICS = { ANALYTICS_CONTAINER_ID: CONTAINER, ANALYTICS_HASH_KEY: HASH_KEY };

  /** What the page pushed to window.dataLayer, with when (the page's clock, ms). */
  async function recordDataLayer(page: Page) {
    await page.addInitScript(() => {
      const layer: unknown[] = [];
      const times: number[] = [];
      const push = layer.push.bind(layer);
      layer.push = (...items: unknown[]) => {
        for (const _ of items) times.push(Date.now());
        return push(...items);
      };
      Object.assign(window, { dataLayer: layer, dataLayerTimes: times });
    });
  }
  type Pushed = { event?: string; [field: string]: unknown };
  const pushed = (page: Page) =>
    page.evaluate(() => {
      const w = window as unknown as { dataLayer: Pushed[]; dataLayerTimes: number[] };
      return w.dataLayer.map((item, i) => ({ ...item, at: w.dataLayerTimes[i]! }));
    });
  const events = async (page: Page, name: string) => (await pushed(page)).filter((e) => e.event === name);

  test("configured: the content tag id 15, user data with the hashed id, page views, the tag manager with the nonce", async ({
    page,
    freshEmail,
  }) => {
    const app = await startAppAgainst(UPSTREAM_URL, ANALYTICS);
    try {
      const tagManager: string[] = [];
      await page.route("https://www.googletagmanager.com/**", (route) => {
        tagManager.push(route.request().url());
        return route.fulfill({ contentType: "text/javascript", body: "" });
      });
      await recordDataLayer(page);

      // A visitor on the white-label brand: config with content tag id 15 and no user, a page view.
      const midori = app.url.replace("localhost", "midori.localhost");
      await page.goto(`${midori}/login`);
      await expect.poll(() => events(page, "page_view")).toHaveLength(1);
      expect(await events(page, "config")).toEqual([
        expect.objectContaining({
          content_tag_id: 15,
          user_id: null,
          user_segment: null,
          company_name: null,
        }),
      ]);
      expect((await events(page, "page_view"))[0]).toMatchObject({ page_path: "/login" });
      // Loaded by us with the page's nonce, so the CSP let it through.
      expect(tagManager).toEqual([`https://www.googletagmanager.com/gtm.js?id=${CONTAINER}`]);

      // Logging in on the own brand (no content tag id): the user's analytics view, then My page's view.
      const user = await UpstreamUser.register(freshEmail("analytics"));
      await page.goto(`${app.url}/login`);
      await expect
        .poll(() => events(page, "config"))
        .toEqual([expect.objectContaining({ content_tag_id: null, user_id: null })]);
      await page.getByLabel("メールアドレス").fill(user.email);
      await page.getByLabel("パスワード", { exact: false }).first().fill(STRONG_PASSWORD);
      await page.getByRole("button", { name: "ログイン" }).click();
      await expect(page).toHaveURL(`${app.url}/mypage`);
      await expect.poll(() => events(page, "page_view")).toHaveLength(2);
      // The upstream's hash, whose default key is public, keyed again with the app's own secret.
      const upstreamHash = createHmac("sha256", DEFAULT_ANALYTICS_ID_KEY)
        .update(String(user.id))
        .digest("hex");
      const hashedId = createHmac("sha256", HASH_KEY).update(upstreamHash).digest("hex");
      expect(await events(page, "user_data")).toEqual([
        expect.objectContaining({
          user_id: hashedId,
          user_segment: "general",
          company_name: expect.any(String),
        }),
      ]);
      expect((await events(page, "page_view"))[1]).toMatchObject({ page_path: "/mypage" });

      // A new document of a logged-in user: the config carries the user at once.
      await page.reload();
      await expect
        .poll(() => events(page, "config"))
        .toEqual([expect.objectContaining({ user_id: hashedId, user_segment: "general" })]);
      // Never our own id or the e-mail address.
      expect(JSON.stringify(await pushed(page))).not.toContain(user.email);
    } finally {
      await app.stop();
    }
  });

  test("without ANALYTICS_HASH_KEY the app refuses to start with analytics on", async ({
    baseURL: _,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "js-on", "a start of the server: runs in js-on");
    await expect(startAppAgainst(UPSTREAM_URL, { ANALYTICS_CONTAINER_ID: CONTAINER })).rejects.toThrow(
      /exited before it answered/,
    );
  });

  test("§9 an experiment activation delays the page view by 800 ms", async ({ page }) => {
    const app = await startAppAgainst(UPSTREAM_URL, ANALYTICS);
    try {
      await page.route("https://www.googletagmanager.com/**", (route) =>
        route.fulfill({ contentType: "text/javascript", body: "" }),
      );
      await recordDataLayer(page);
      await page.addInitScript(() => window.localStorage.setItem("experimentUserId", "exp-42"));
      // Once the activation is pushed, the page's time moves only when the test moves it: the delay
      // is counted on the page's clock, not waited for.
      await page.clock.install();
      await page.goto(`${app.url}/login`);
      await expect
        .poll(() => events(page, "experiment_activation"), { intervals: [10] })
        .toEqual([expect.objectContaining({ experiment_user_id: "exp-42" })]);
      // Far enough ahead that a loaded machine's round trip to pauseAt does not pass it.
      const pausedAt = (await page.evaluate(() => Date.now())) + 200;
      await page.clock.pauseAt(pausedAt);
      const [activation] = await events(page, "experiment_activation");
      expect(await events(page, "page_view")).toEqual([]);
      const left = EXPERIMENT_PAGE_VIEW_DELAY_MS - (pausedAt - activation!.at);
      await page.clock.runFor(left - 1);
      expect(await events(page, "page_view")).toEqual([]);
      // At the delay it is sent, once the page's own next turn has read the title.
      await expect
        .poll(async () => {
          await page.clock.runFor(1);
          return events(page, "page_view");
        })
        .toHaveLength(1);
    } finally {
      await app.stop();
    }
  });

  test("not configured: no data layer, no analytics code, no tag manager, nothing about the user in the page", async ({
    page,
    open,
  }) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await open("/login");
    expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
    // Not configured, /login is a page without scripts (decision 0015): no hand-off, nothing of the user.
    expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
    await expect(page.locator("html")).not.toHaveAttribute("data-scripts", /.*/);
    expect(requested.filter((url) => /analytics|googletagmanager/.test(url))).toEqual([]);
  });
});
