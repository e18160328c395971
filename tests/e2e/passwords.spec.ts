// Passwords, each test run with JavaScript on and off: the password reset through the e-mailed
// link (read from the upstream's outbox), the refused links (used, tampered, incomplete), the same
// answer for any address, the routes of §2 around it, and the password change that keeps the session.

import { expect, test } from "./fixtures";
import { STRONG_PASSWORD, registerThroughUpstream } from "./support";
import {
  Label,
  NEW_PASSWORD,
  RECOVER_PATH,
  fillNewPassword,
  latestResetLink,
  resetMailCount,
  submitForm,
} from "./support-passwords";

const LINK_REFUSED = "このパスワード再設定用のリンクは使えません。";
const WRONG_CREDENTIALS = "メールアドレスまたはパスワードが正しくありません。";

test.describe("password reset", () => {
  test("a reset through the e-mailed link sets the new password: it logs in, the old one no longer does", async ({
    page,
    open,
    freshEmail,
    logIn,
    requestResetMail,
  }) => {
    const email = freshEmail("reset");
    await registerThroughUpstream(email);

    await requestResetMail(email);
    await expect(page.getByRole("heading", { name: "再設定用のメールを送信しました" })).toBeVisible();
    await expect(page.getByText("迷惑メールフォルダ")).toBeVisible();
    await expect(page.getByText("24時間")).toBeVisible();

    const link = latestResetLink(email)!;
    expect(new URL(link).pathname).toBe("/profile/password/reset/reset/new");
    await open(link);
    await expect(page.getByRole("heading", { name: "新しいパスワードの設定" })).toBeVisible();
    await expect(page.getByLabel(Label.newPassword, { exact: true })).toHaveAttribute(
      "aria-describedby",
      "field-new_password1-hint",
    );
    await fillNewPassword(page, NEW_PASSWORD);
    await page.getByRole("button", { name: "パスワードを設定する" }).click();

    await expect(page).toHaveURL(/\/profile\/password\/reset\/reset\/done$/);
    await expect(page.getByRole("heading", { name: "パスワードを再設定しました" })).toBeVisible();
    await page.getByRole("link", { name: "ログインする" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await logIn(email, STRONG_PASSWORD);
    await expect(page.getByRole("alert").filter({ hasText: WRONG_CREDENTIALS })).toBeVisible();
    await logIn(email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByTestId("current-email")).toHaveText(email);
  });

  test("the same link used twice is refused with its message, the form kept and a new link offered", async ({
    page,
    open,
    freshEmail,
    resetLinkFor,
  }) => {
    const email = freshEmail("twice");
    await registerThroughUpstream(email);
    const link = await resetLinkFor(email);
    await open(link);
    await fillNewPassword(page, NEW_PASSWORD);
    await page.getByRole("button", { name: "パスワードを設定する" }).click();
    await expect(page).toHaveURL(/\/profile\/password\/reset\/reset\/done$/);

    await open(link);
    await fillNewPassword(page, "Sakura-saku-2028");
    const response = await submitForm(page, "パスワードを設定する");
    expect(response.status()).toBe(400);
    const alert = page.getByRole("alert").filter({ hasText: LINK_REFUSED });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("使用済み");
    // The page stays the form (not an error screen), and offers the way to a new link.
    await expect(page.getByLabel(Label.newPassword, { exact: true })).toBeVisible();
    await alert.getByRole("link", { name: "再設定用のメールをもう一度受け取る" }).click();
    await expect(page).toHaveURL(new RegExp(`${RECOVER_PATH}$`));
  });

  test("a tampered token is refused like an expired one, and the real link still works afterwards", async ({
    page,
    open,
    freshEmail,
    resetLinkFor,
  }) => {
    // The upstream's clock cannot be moved from here: a token it does not know is refused the same way
    // as an expired one ({"token": ["無効な値です。"]}).
    const email = freshEmail("tampered");
    await registerThroughUpstream(email);
    const link = new URL(await resetLinkFor(email));
    const token = link.searchParams.get("token")!;
    const tampered = new URL(link);
    tampered.searchParams.set("token", `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`);

    await open(tampered.toString());
    await fillNewPassword(page, NEW_PASSWORD);
    const response = await submitForm(page, "パスワードを設定する");
    expect(response.status()).toBe(400);
    await expect(page.getByRole("alert").filter({ hasText: LINK_REFUSED })).toBeVisible();

    await open(link.toString());
    await fillNewPassword(page, NEW_PASSWORD);
    await page.getByRole("button", { name: "パスワードを設定する" }).click();
    await expect(page).toHaveURL(/\/profile\/password\/reset\/reset\/done$/);
  });

  test("the new password's problems are shown at its fields, and the link stays usable", async ({
    page,
    open,
    freshEmail,
    resetLinkFor,
  }) => {
    const email = freshEmail("rules");
    await registerThroughUpstream(email);
    const link = await resetLinkFor(email);
    await open(link);

    await fillNewPassword(page, NEW_PASSWORD, "Momiji-no-ha-2028");
    await page.getByRole("button", { name: "パスワードを設定する" }).click();
    await expect(page.locator("#field-new_password2-error")).toContainText("パスワードが一致しません。");

    // A common password passes the page's own checks; the upstream's validator refuses it, and its
    // message lands at the new password.
    await fillNewPassword(page, "password123");
    const response = await submitForm(page, "パスワードを設定する");
    expect(response.status()).toBe(400);
    await expect(page.locator("#field-new_password1-error")).toContainText(
      "このパスワードは一般的すぎます。",
    );
    await expect(
      page.getByRole("alert").filter({ hasText: "エラー：入力内容をご確認ください" }),
    ).toContainText("新しいパスワード：このパスワードは一般的すぎます。");
    expect(await page.content()).not.toContain("password123");

    await fillNewPassword(page, NEW_PASSWORD);
    await page.getByRole("button", { name: "パスワードを設定する" }).click();
    await expect(page).toHaveURL(/\/profile\/password\/reset\/reset\/done$/);
  });

  test("a link without its token or its uid is page not found", async ({ page, open }) => {
    for (const query of ["?uid=MQ", "?token=abc", "?uid=&token=abc", ""]) {
      const response = await open(`/profile/password/reset/reset/new${query}`);
      expect(response?.status(), query).toBe(404);
      await expect(page.getByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
    }
  });

  test("/profile/password/reset/reset/done is its own page, never taken by the $ route", async ({
    page,
    open,
  }) => {
    // Remix ranks a static segment above a splat: without uid and token the splat would answer 404,
    // and with them it would show the form.
    for (const query of ["", "?uid=MQ&token=abc"]) {
      const response = await open(`/profile/password/reset/reset/done${query}`);
      expect(response?.status(), query).toBe(200);
      await expect(page.getByRole("heading", { name: "パスワードを再設定しました" })).toBeVisible();
      await expect(page.getByLabel(Label.newPassword, { exact: true })).toHaveCount(0);
    }
    // Any other suffix is the form of the link.
    const other = await open("/profile/password/reset/reset/anything?uid=MQ&token=abc");
    expect(other?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "新しいパスワードの設定" })).toBeVisible();
  });
});

test.describe("password reset request", () => {
  test("an unknown address gets exactly the same answer as a registered one, and no mail", async ({
    page,
    freshEmail,
    requestResetMail,
  }) => {
    const known = freshEmail("known");
    const unknown = freshEmail("unknown");
    await registerThroughUpstream(known);

    await requestResetMail(known);
    const answerForKnown = await page.locator("main").innerText();
    await requestResetMail(unknown);
    const answerForUnknown = await page.locator("main").innerText();

    expect(answerForUnknown).toBe(answerForKnown);
    expect(answerForKnown).toContain("登録されている場合は");
    expect(resetMailCount(known)).toBe(1);
    expect(resetMailCount(unknown)).toBe(0);
  });

  test("an address in the wrong shape is told so at the field, the value kept", async ({ page, open }) => {
    await open(RECOVER_PATH);
    await page.getByLabel(Label.email, { exact: true }).fill("taro.example.jp");
    await page.getByRole("button", { name: "再設定用のメールを送る" }).click();
    await expect(page.locator("#field-email-error")).toContainText("メールアドレスの形式が正しくありません");
    await expect(page.getByLabel(Label.email, { exact: true })).toHaveValue("taro.example.jp");
    await expect(page).toHaveURL(new RegExp(`${RECOVER_PATH}$`));
  });

  test("any suffix after the request page leads to the request page", async ({ page, open }) => {
    await open(`${RECOVER_PATH}/some/old/suffix`);
    await expect(page).toHaveURL(new RegExp(`${RECOVER_PATH}$`));
    await expect(page.getByRole("heading", { name: "パスワードの再設定" })).toBeVisible();
  });

  test("a bot filling the hidden field gets the same answer and no mail; too many requests are refused", async ({
    page,
    baseURL,
    freshEmail,
  }) => {
    const email = freshEmail("bot");
    await registerThroughUpstream(email);
    const headers = { Origin: baseURL! };
    const post = (form: Record<string, string>) =>
      page.request.post(`${RECOVER_PATH}?index`, { headers, form, maxRedirects: 0 });

    const bot = await post({ email, website: "https://spam.example" });
    expect(bot.status()).toBe(302);
    expect(bot.headers().location).toBe("/profile/password/reset/done");
    expect(resetMailCount(email)).toBe(0);

    // 10 requests an address in 10 minutes: nobody can fill a mailbox with reset mails.
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await post({ email })).status(), `attempt ${attempt}`).toBe(302);
    }
    const refused = await post({ email });
    expect(refused.status()).toBe(429);
    expect(await refused.text()).toContain("試行回数が上限に達しました。");
    // The page itself (not only the script's data request) says when to try again.
    expect(refused.headers()["content-type"]).toContain("text/html");
    expect(refused.headers()["retry-after"]).toMatch(/^[1-9]\d*$/);
    expect(resetMailCount(email)).toBe(10);
  });
});

test.describe("password change", () => {
  test("a logged-in user changes the password, stays logged in, and then logs in with the new one", async ({
    page,
    context,
    playwright,
    baseURL,
    open,
    freshEmail,
    logIn,
  }) => {
    const email = freshEmail("change");
    await registerThroughUpstream(email);
    await logIn(email, STRONG_PASSWORD);
    await expect(page).toHaveURL(/\/mypage$/);
    const sessionBefore = (await context.cookies()).find((cookie) => cookie.name === "__sakidori")!;

    await open("/profile/password/change");
    await expect(page.getByRole("heading", { name: "パスワードの変更" })).toBeVisible();
    await page.getByLabel(Label.oldPassword, { exact: true }).fill("Not-my-password-1");
    await fillNewPassword(page, NEW_PASSWORD);
    const wrong = await submitForm(page, "パスワードを変更する");
    expect(wrong.status()).toBe(400);
    await expect(page.locator("#field-old_password-error")).toContainText(
      "元のパスワードが間違っています。もう一度入力してください。",
    );

    await page.getByLabel(Label.oldPassword, { exact: true }).fill(STRONG_PASSWORD);
    await fillNewPassword(page, NEW_PASSWORD);
    await page.getByRole("button", { name: "パスワードを変更する" }).click();
    await expect(page).toHaveURL(/\/profile\/password\/change\/done$/);
    await expect(page.getByRole("heading", { name: "パスワードを変更しました" })).toBeVisible();

    // The upstream rotated its session: the app kept the new one, so My page opens without a login…
    await page.getByRole("link", { name: "マイページへ戻る" }).click();
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByTestId("current-email")).toHaveText(email);
    await open("/mypage");
    await expect(page.getByTestId("current-email")).toHaveText(email);
    // …while the session from before the change is dead.
    const oldBrowser = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Cookie: `${sessionBefore.name}=${sessionBefore.value}` },
    });
    const withOldSession = await oldBrowser.get("/mypage", { maxRedirects: 0 });
    expect(withOldSession.status()).toBe(302);
    expect(withOldSession.headers().location).toMatch(/^\/login\?/);
    await oldBrowser.dispose();

    await page.getByRole("button", { name: "ログアウト" }).click();
    await expect(page).toHaveURL(/\/login\?error=logged_out$/);
    await logIn(email, STRONG_PASSWORD);
    await expect(page.getByRole("alert").filter({ hasText: WRONG_CREDENTIALS })).toBeVisible();
    await logIn(email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/mypage$/);
  });

  test("the change pages need a login and come back after it", async ({ page, open, freshEmail }) => {
    await open("/profile/password/change/done");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile%2Fpassword%2Fchange%2Fdone$/);

    const email = freshEmail("guarded");
    await registerThroughUpstream(email);
    await open("/profile/password/change");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile%2Fpassword%2Fchange$/);
    await page.getByLabel(Label.email, { exact: true }).fill(email);
    await page.getByLabel("パスワード ※必須", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "ログイン" }).click();
    await expect(page).toHaveURL(/\/profile\/password\/change$/);
    await expect(page.getByLabel(Label.oldPassword, { exact: true })).toBeVisible();
  });
});
