// Sign-in flows, each run with JavaScript on and off: register, log in, keep me logged in, log out,
// return to a guarded page after login, the wrong-service login, and the error screens.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import { STRONG_PASSWORD, registerThroughUpstream, startAppAgainst, userCount } from "./support";
import { send } from "./support-http";

const EMAIL = "メールアドレス ※必須";
const PASSWORD = "パスワード ※必須";
const PASSWORD_CONFIRMATION = "パスワード（確認） ※必須";

test("a new business owner registers, reaches My page, logs out and logs in again", async ({
  page,
  open,
  hydrated,
  freshEmail,
}) => {
  const email = freshEmail("register");
  await open("/register");
  await page.getByLabel(EMAIL, { exact: true }).fill(email);
  await page.getByLabel(PASSWORD, { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel(PASSWORD_CONFIRMATION, { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel("法人", { exact: true }).check();
  await page.getByLabel(/に同意する/).check();
  await page.getByRole("button", { name: "同意して登録する" }).click();

  await expect(page).toHaveURL(/\/register\/complete$/);
  await expect(page.getByRole("heading", { name: "会員登録が完了しました" })).toBeVisible();
  await page.getByRole("link", { name: "マイページへ進む" }).click();
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByTestId("current-email")).toHaveText(email);

  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/login\?error=logged_out$/);
  await expect(page.getByText("ログアウトしました。")).toBeVisible();

  await open("/mypage");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmypage$/);
  await hydrated();
  await page.getByLabel(EMAIL, { exact: true }).fill(email);
  await page.getByLabel(PASSWORD, { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "ログイン" }).click();
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByTestId("current-email")).toHaveText(email);
});

test("registration errors are shown at each field and in a summary, values kept but never a password", async ({
  page,
  open,
  javaScript,
  freshEmail,
}) => {
  const email = freshEmail("invalid");
  await open("/register");
  await page.getByLabel(EMAIL, { exact: true }).fill(email);
  await page.getByLabel(PASSWORD, { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel(PASSWORD_CONFIRMATION, { exact: true }).fill("Something-else-2026");
  const response = javaScript
    ? null
    : page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/register"));
  await page.getByRole("button", { name: "同意して登録する" }).click();

  const summary = page.getByRole("alert").filter({ hasText: "エラー：入力内容をご確認ください" });
  await expect(summary).toBeVisible();
  await expect(
    summary.getByRole("link", { name: /パスワード（確認）：パスワードが一致しません/ }),
  ).toBeVisible();
  await expect(page.getByText("法人か個人事業主かを選択してください。").first()).toBeVisible();
  await expect(page.getByText("利用規約とプライバシーポリシーへの同意が必要です。").first()).toBeVisible();
  // The field says what is wrong, tied to the input for screen readers.
  await expect(page.getByLabel(PASSWORD_CONFIRMATION, { exact: true })).toHaveAttribute(
    "aria-describedby",
    /field-password_confirmation-error/,
  );
  await expect(page.getByLabel(EMAIL, { exact: true })).toHaveValue(email);
  if (response) {
    expect((await response).status()).toBe(422);
    // Without JavaScript the page came back from the server: no password was echoed into it.
    await expect(page.getByLabel(PASSWORD, { exact: true })).toHaveValue("");
    expect(await page.content()).not.toContain(STRONG_PASSWORD);
  }
  expect(userCount(email)).toBe(0);
});

test("an address already registered gets the upstream's message at the e-mail field", async ({
  page,
  open,
  freshEmail,
}) => {
  const email = freshEmail("taken");
  await registerThroughUpstream(email);
  await open("/register");
  await page.getByLabel(EMAIL, { exact: true }).fill(email);
  await page.getByLabel(PASSWORD, { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel(PASSWORD_CONFIRMATION, { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel("個人事業主", { exact: true }).check();
  await page.getByLabel(/に同意する/).check();
  await page.getByRole("button", { name: "同意して登録する" }).click();
  await expect(page.locator("#field-email-error")).toContainText("既に登録されています");
  await expect(page.getByLabel(EMAIL, { exact: true })).toHaveValue(email);
  // An index route posts to ?index.
  await expect(page).toHaveURL(/\/register$/);
});

test("a wrong password shows its message, keeps the e-mail and clears the password", async ({
  page,
  javaScript,
  freshEmail,
  logIn,
}) => {
  const email = freshEmail("wrongpw");
  await registerThroughUpstream(email);
  await logIn(email, "Not-the-password-1");
  await expect(
    page.getByRole("alert").filter({ hasText: "メールアドレスまたはパスワードが正しくありません。" }),
  ).toBeVisible();
  await expect(page.getByLabel(EMAIL, { exact: true })).toHaveValue(email);
  if (!javaScript) await expect(page.getByLabel(PASSWORD, { exact: true })).toHaveValue("");
  await expect(page).toHaveURL(/\/login/);
});

test("keep me logged in sets a persistent cookie; without it the cookie ends with the browser", async ({
  page,
  context,
  freshEmail,
  logIn,
}) => {
  const email = freshEmail("persist");
  await registerThroughUpstream(email);

  await logIn(email, STRONG_PASSWORD, true);
  await expect(page).toHaveURL(/\/mypage$/);
  const persistent = (await context.cookies()).find((cookie) => cookie.name === "__sakidori");
  expect(persistent?.httpOnly).toBe(true);
  expect(persistent?.sameSite).toBe("Lax");
  // 14 days, give or take the test's own duration.
  expect(persistent!.expires).toBeGreaterThan(Date.now() / 1000 + 13.9 * 24 * 3600);

  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/login/);
  await logIn(email, STRONG_PASSWORD, false);
  await expect(page).toHaveURL(/\/mypage$/);
  const sessionOnly = (await context.cookies()).find((cookie) => cookie.name === "__sakidori");
  expect(sessionOnly?.expires).toBe(-1);
  // The upstream's cookies never reach the browser; the device cookie (decision 0020) stays a year,
  // HttpOnly, and names the account without its e-mail address.
  const cookies = await context.cookies();
  expect(cookies.map((cookie) => cookie.name).sort()).toEqual(["__sakidori", "__sakidori_device"]);
  const device = cookies.find((cookie) => cookie.name === "__sakidori_device")!;
  expect(device.httpOnly).toBe(true);
  expect(device.sameSite).toBe("Lax");
  expect(device.expires).toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 3600);
  const [payload] = decodeURIComponent(device.value).split(".");
  expect(Buffer.from(payload!, "base64").toString()).toMatch(/^\[\{"a":"[\w-]{43}","d":"[\w-]{22}"\}\]$/);
});

test("50 wrong passwords sent from another address leave the owner's browser free; a new browser is told to wait", async ({
  page,
  context,
  baseURL,
  freshEmail,
  logIn,
}, testInfo) => {
  const email = freshEmail("targeted");
  await registerThroughUpstream(email);
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/login/);

  // Someone else, on another machine (another client address, no cookie), sends 50 guesses at once.
  const app = new URL(baseURL!);
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      send(`http://127.0.0.1:${app.port}/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Host: app.host, Origin: app.origin },
        body: new URLSearchParams({ email, password: `Wrong-guess-${i}` }).toString(),
        from: "127.0.0.2",
      }),
    ),
  );
  const guesses = answers.map((answer) => answer.status);
  // Guessing stays slow: at most 10 reached the password check, and none got in.
  expect(guesses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
  expect(guesses).not.toContain(302);

  // The owner, from their own browser, logs in at once.
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await page.screenshot({ path: `/tmp/login25-owner-${testInfo.project.name}.png` });

  // A browser the account never logged in from shares the guesser's count: it is told to wait.
  await page.getByRole("button", { name: "ログアウト" }).click();
  await context.clearCookies();
  await logIn(email, STRONG_PASSWORD);
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "試行回数が上限に達しました。しばらく時間をおいてから再度お試しください。" }),
  ).toBeVisible();
  await page.screenshot({ path: `/tmp/login25-new-browser-${testInfo.project.name}.png` });
});

test("a logged-out visit to a guarded page returns there after login", async ({
  page,
  open,
  hydrated,
  freshEmail,
}) => {
  const email = freshEmail("return");
  await registerThroughUpstream(email);
  await open("/mypage?from=operator");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmypage%3Ffrom%3Doperator$/);
  await hydrated();
  await page.getByLabel(EMAIL, { exact: true }).fill(email);
  await page.getByLabel(PASSWORD, { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "ログイン" }).click();
  await expect(page).toHaveURL(/\/mypage\?from=operator$/);
});

test("a redirect target to another site is ignored after login", async ({ page, open, freshEmail }) => {
  const email = freshEmail("hostile");
  await registerThroughUpstream(email);
  await open("/login?redirectTo=%2F%5Cevil.example");
  await page.getByLabel(EMAIL, { exact: true }).fill(email);
  await page.getByLabel(PASSWORD, { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "ログイン" }).click();
  await expect(page).toHaveURL(/\/mypage$/);
});

test("an account of the other brand is told where to log in", async ({ page, freshEmail, logIn }) => {
  const email = freshEmail("midori");
  await registerThroughUpstream(email, { serviceId: "midori" });
  await logIn(email, STRONG_PASSWORD);
  const link = page.getByRole("link", { name: "みどり銀行 請求書買取サービスのログインページ" });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", /^http:\/\/midori\.localhost:\d+\/login$/);
});

test("an unknown address is page not found, linking to the top page or, logged in, to My page", async ({
  page,
  open,
  freshEmail,
  logIn,
}) => {
  const response = await open("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
  await expect(page.getByRole("link", { name: "トップページへ戻る" })).toHaveAttribute("href", "/");

  const email = freshEmail("notfound");
  await registerThroughUpstream(email);
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  const again = await open("/404");
  expect(again?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "マイページへ戻る" })).toHaveAttribute("href", "/mypage");
});

test("a cross-site post is refused with 403 and the upstream is never called", async ({
  page,
  freshEmail,
}, testInfo) => {
  const email = freshEmail("csrf");
  const form = {
    email,
    password: STRONG_PASSWORD,
    password_confirmation: STRONG_PASSWORD,
    corporate_division: "corporate",
    agreement: "on",
  };
  const fromOtherSite = await page.request.post("/register", {
    headers: { Origin: "https://evil.example" },
    form,
  });
  expect(fromOtherSite.status()).toBe(403);
  expect(await fromOtherSite.text()).toContain("リクエストを受け付けられませんでした");
  const data = await page.request.post("/register?_data=routes%2F_anonymous.register", {
    headers: { "Sec-Fetch-Site": "cross-site" },
    form,
  });
  expect(data.status()).toBe(403);
  expect(userCount(email)).toBe(0);
  void testInfo;
});

test.describe("when the upstream fails", () => {
  let mode: "fail" | "down" = "fail";
  let fake: http.Server;
  let app: Awaited<ReturnType<typeof startAppAgainst>>;

  test.beforeAll(async () => {
    fake = http.createServer((req, res) => {
      if (mode === "down") {
        req.socket.destroy();
        return;
      }
      res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ detail: "Internal Server Error" }));
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    app = await startAppAgainst(`http://127.0.0.1:${(fake.address() as AddressInfo).port}`);
  });
  test.afterAll(async () => {
    await app?.stop();
    await new Promise((resolve) => fake?.close(resolve));
  });

  for (const [which, title, code] of [
    ["fail", "サーバーエラーが発生しました", "500"],
    ["down", "エラーが発生しました", "499"],
  ] as const) {
    test(`an upstream that is ${which === "fail" ? "answering 500" : "down"} shows its error screen (${code})`, async ({
      page,
      open,
    }) => {
      mode = which;
      await open(`${app.url}/login`);
      await page.getByLabel(EMAIL, { exact: true }).fill("someone@example.jp");
      await page.getByLabel(PASSWORD, { exact: true }).fill(STRONG_PASSWORD);
      await page.getByRole("button", { name: "ログイン" }).click();
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      await expect(page.getByText(`エラーコード: ${code}`)).toBeVisible();
    });
  }
});
