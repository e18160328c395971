// A redirect built from outside input never leaves the site (the login form's redirectTo field, the
// /login?redirectTo= link, the upstream's redirect_to of §8). A form posted after its session ended
// answers on its page with a login (session-expiry-forms.spec.ts).

import http from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, type Page, expect, test } from "./fixtures";
import { STRONG_PASSWORD, registerThroughUpstream, startAppAgainst } from "./support";

const PASSWORD = "パスワード ※必須";

/** Targets whose dot segments collapse to "//evil.example/x" once resolved, and their plain form. */
const HOSTILE_TARGETS = [
  "/.//evil.example/x",
  "/..//evil.example/x",
  "/a/..//evil.example/x",
  "/%2e//evil.example/x",
  "/%2E%2e//evil.example/x",
  "/.%2e//evil.example/x",
  "//evil.example/x",
];

/** The Location of a redirect, checked: on the app's origin, and never "//…" or "/\…". */
function expectLocationOnSite(location: string | undefined, appUrl: string) {
  if (location === undefined) return;
  expect(location, "a Location starting with // or /\\ names another host").not.toMatch(/^[/\\]{2}/);
  expect(new URL(location, appUrl).origin).toBe(new URL(appUrl).origin);
}

/** The login action answered by the app, without following its redirect. */
async function postLogin(request: APIRequestContext, appUrl: string, form: Record<string, string>) {
  return request.post(`${appUrl}/login`, {
    form,
    headers: { Origin: new URL(appUrl).origin },
    maxRedirects: 0,
  });
}

/** The other site answers, so a redirect there would be seen rather than fail on DNS. */
async function fenceOffEvilExample(page: Page) {
  await page.route(/^https?:\/\/evil\.example\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<h1>evil.example</h1>" }),
  );
}

test.describe("a login's redirectTo never leaves the site", () => {
  test("the form field: each hostile target sends to My page instead", async ({
    playwright,
    baseURL,
    javaScript,
    freshEmail,
  }) => {
    test.skip(!javaScript, "HTTP only: the browser's JavaScript plays no part");
    // Each try is a fresh browser (a logged-in one is sent to My page before redirectTo is read) and
    // one login; the per-address limit is 10 tries, so one account serves the list.
    const email = freshEmail("redirect-field");
    await registerThroughUpstream(email);
    for (const redirectTo of [...HOSTILE_TARGETS, "/profile/password/change"]) {
      const request = await playwright.request.newContext();
      const response = await postLogin(request, baseURL!, { email, password: STRONG_PASSWORD, redirectTo });
      expect(response.status(), redirectTo).toBe(302);
      const location = response.headers().location;
      expectLocationOnSite(location, baseURL!);
      expect(location, redirectTo).toBe(
        redirectTo.startsWith("/profile") ? "/profile/password/change" : "/mypage",
      );
      await request.dispose();
    }
  });

  test("the /login?redirectTo= link: the person lands on My page, not the other site", async ({
    page,
    open,
    freshEmail,
  }) => {
    await fenceOffEvilExample(page);
    const email = freshEmail("redirect-link");
    await registerThroughUpstream(email);
    await open(`/login?redirectTo=${encodeURIComponent("/.//evil.example/x")}`);
    // The refused target is not carried into the form (it came out as "//evil.example/x" before).
    await expect(page.locator('input[name="redirectTo"]')).toHaveCount(0);
    await page.getByLabel("メールアドレス ※必須", { exact: true }).fill(email);
    await page.getByLabel(PASSWORD, { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "ログイン" }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/mypage$/);
    await expect(page.getByTestId("current-email")).toHaveText(email);
  });
});

test.describe("the upstream's redirect_to never leaves the site", () => {
  // Skipped here rather than in each test, so the faked upstream and its app are not started for it;
  // both tests run in one worker, against one of each.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "HTTP only: no browser involved");
  test.describe.configure({ mode: "default" });
  let answer = { status: 403, redirectTo: "/" };
  let logins = 0;
  /** Logs in to the faked upstream under a fresh address (the app counts tries per address). */
  const logInToFake = (request: APIRequestContext) => {
    logins += 1;
    return postLogin(request, app.url, { email: `someone-${logins}@example.jp`, password: STRONG_PASSWORD });
  };
  let fake: http.Server;
  let app: Awaited<ReturnType<typeof startAppAgainst>>;

  test.beforeAll(async () => {
    // Logs anyone in, then answers every call with the status and redirect_to the test chose.
    fake = http.createServer((req, res) => {
      req.resume();
      if (req.method === "POST" && req.url === "/api/auth/") {
        res.writeHead(200, {
          "Content-Type": "application/json",
          "Set-Cookie": [
            `sessionid=${"s".repeat(32)}; HttpOnly; Path=/; SameSite=Lax`,
            `csrftoken=${"c".repeat(32)}; Path=/; SameSite=Lax`,
          ],
        });
        res.end(JSON.stringify({ id: 1, email: "someone@example.jp", version: "1" }));
        return;
      }
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ detail: "faked", redirect_to: answer.redirectTo }));
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    app = await startAppAgainst(`http://127.0.0.1:${(fake.address() as AddressInfo).port}`);
  });
  test.afterAll(async () => {
    await app?.stop();
    await new Promise((resolve) => fake?.close(resolve));
  });

  for (const status of [403, 500]) {
    test(`an upstream ${status} on GET /mypage: redirect_to is followed only when it stays on the site`, async ({
      playwright,
    }) => {
      const request = await playwright.request.newContext();
      answer = { status: 200, redirectTo: "/" };
      expect((await logInToFake(request)).status()).toBe(302);

      for (const redirectTo of [...HOSTILE_TARGETS, "/\\evil.example/x", "/\t/evil.example/x"]) {
        answer = { status, redirectTo };
        const response = await request.get(`${app.url}/mypage`, { maxRedirects: 0 });
        expectLocationOnSite(response.headers().location, app.url);
        if (status === 500) expect(response.status(), redirectTo).toBe(500);
        else expect(response.headers().location, redirectTo).toMatch(/^\/login\?/);
        // A 403 ends the app session: log in again for the next target.
        if (status === 403) expect((await logInToFake(request)).status()).toBe(302);
      }

      // A redirect_to on this site is still followed (§8 "optional redirect target").
      answer = { status, redirectTo: "/maintenance" };
      const followed = await request.get(`${app.url}/mypage`, { maxRedirects: 0 });
      expect(followed.headers().location).toBe("/maintenance");
      await request.dispose();
    });
  }
});
