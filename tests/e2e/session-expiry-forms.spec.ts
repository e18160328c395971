// Every form that posts keeps what was typed through an ended session, as the wizard's steps do
// (docs/decisions/0027): the post is answered 401 on the page with a login form; the typist's login
// saves /profile as 保存 would, and brings the resubmission, the first profile and the pre-entry
// answers back filled, not sent; the password change carries nothing. Files chosen without
// JavaScript are named and asked for again.

import { type Page, type Response, expect, test } from "./fixtures";
import { pdfFile } from "./files";
import { STRONG_PASSWORD } from "./support";
import { UpstreamUser, applicantWithInadequateInvoice, runOperator } from "./support-account";
import { fillCorporateProfile } from "./support-profile";

const SESSION_EXPIRED = "セッションの有効期限が切れました。お手数ですが、再度ログインしてください。";
const UNSENT = "まだ送信していません";

type Ending = "the app's cookie gone" | "the upstream's session expired";
const ENDINGS: readonly Ending[] = ["the app's cookie gone", "the upstream's session expired"];

async function endSession(page: Page, userId: number, ending: Ending) {
  if (ending === "the app's cookie gone") await page.context().clearCookies();
  else runOperator("expire-sessions", String(userId));
}

function postTo(page: Page, path: string): Promise<Response> {
  return page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname === path,
  );
}

const relogin = (page: Page) => page.getByRole("region", { name: "もう一度ログインしてください" });

async function logInAgain(page: Page, email: string, button: string) {
  await relogin(page).getByLabel("メールアドレス", { exact: false }).fill(email);
  await relogin(page).getByLabel("パスワード", { exact: false }).fill(STRONG_PASSWORD);
  await relogin(page).getByRole("button", { name: button }).click();
}

/** Logged in, a form that sends to the operator waits for the person: one press back to it, nothing sent. */
async function backToTheForm(page: Page) {
  const wayBack = page.getByRole("region", { name: "ログインしました" });
  await expect(wayBack).toContainText("入力した内容はまだ送信していません。");
  await wayBack.getByRole("button", { name: "入力の画面に戻る" }).click();
}

for (const ending of ENDINGS) {
  test(`/profile, ${ending}: 変更を保存する asks for the login on the page and saves what was typed after it`, async ({
    page,
    readyToApply,
    logInAs,
    hydrated,
  }) => {
    const user = await readyToApply("corporate");
    await logInAs(user, "/profile");
    await hydrated();
    await page.getByLabel("会社名・屋号", { exact: false }).fill("株式会社あとから商事");
    await endSession(page, user.id, ending);

    const answer = postTo(page, "/profile");
    await page.getByRole("button", { name: "変更を保存する" }).click();
    expect((await answer).status()).toBe(401);
    await expect(relogin(page)).toContainText(SESSION_EXPIRED);

    await logInAgain(page, user.email, "ログインして保存する");
    await expect(page).toHaveURL(/\/profile\?saved=profile$/);
    await expect(page.getByRole("status").filter({ hasText: "会員情報を保存しました。" })).toBeVisible();
    await expect(page.getByLabel("会社名・屋号", { exact: false })).toHaveValue("株式会社あとから商事");
  });

  test(`/entry/resubmit, ${ending}: 再提出する asks for the login, and after it the form is back as typed, not sent`, async ({
    page,
    freshEmail,
    logIn,
    open,
    javaScript,
  }) => {
    const { email, entry, userId } = await applicantWithInadequateInvoice(freshEmail);
    await logIn(email, STRONG_PASSWORD);
    const path = `/entry/resubmit/${entry.id}`;
    await open(path);
    const claim = page.getByRole("group", { name: /請求書1/ });
    const amount = claim.getByLabel("請求書額面（税込・円）");
    await amount.fill("1,200,000");
    // Without JavaScript a chosen file goes with the form; it cannot wait for the login.
    if (!javaScript)
      await claim.getByLabel("請求書1の請求書", { exact: true }).setInputFiles(pdfFile("請求書_差替.pdf"));
    await endSession(page, userId, ending);

    const answer = postTo(page, path);
    await page.getByRole("button", { name: "再提出する", exact: true }).click();
    expect((await answer).status()).toBe(401);
    await expect(relogin(page)).toContainText(SESSION_EXPIRED);
    if (!javaScript) {
      await expect(relogin(page)).toContainText("請求書_差替.pdf");
      await expect(relogin(page)).toContainText("もう一度選んでください");
    }

    await logInAgain(page, email, "ログインして入力に戻る");
    await backToTheForm(page);
    await expect(page).toHaveURL(new RegExp(`${path}(\\?|$)`));
    await expect(page.getByRole("status").filter({ hasText: UNSENT })).toBeVisible();
    await expect(amount).toHaveValue("1,200,000");

    // The next press is an ordinary post: the page asks for the new file, it asks for no login.
    await page.getByRole("button", { name: "再提出する", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "入力内容をご確認ください" })).toContainText(
      "請求書1の請求書",
    );
    await expect(relogin(page)).toHaveCount(0);
    await expect(amount).toHaveValue("1,200,000");
    await open(`/entry/detail/${entry.id}`);
    await expect(page.locator(".entry-detail-head")).toContainText("不備あり");
  });
}

for (const ending of ENDINGS) {
  test(`the password change, ${ending}: the login on the page, no password carried, the form again after it`, async ({
    page,
    freshEmail,
    logIn,
    open,
  }) => {
    const email = freshEmail("password-relogin");
    const user = await UpstreamUser.register(email);
    await logIn(email, STRONG_PASSWORD);
    await open("/profile/password/change");
    await page.getByLabel("現在のパスワード", { exact: false }).fill(STRONG_PASSWORD);
    await page
      .getByLabel(/^新しいパスワード/)
      .first()
      .fill("Another-Strong-2026!x");
    await page.getByLabel(/^新しいパスワード（確認）/).fill("Another-Strong-2026!x");
    await endSession(page, user.id, ending);

    const answer = postTo(page, "/profile/password/change");
    await page.getByRole("button", { name: "パスワードを変更する" }).click();
    const refused = await answer;
    expect(refused.status()).toBe(401);
    expect(await refused.text()).not.toContain("Another-Strong-2026!x");
    await expect(relogin(page)).toContainText(SESSION_EXPIRED);
    await expect(relogin(page)).toContainText("パスワードは、安全のため");

    await logInAgain(page, email, "ログインする");
    await expect(page).toHaveURL(/\/profile\/password\/change$/);
    await expect(page.getByLabel("現在のパスワード", { exact: false })).toHaveValue("");
  });
}

test("/register/profile, the app's cookie gone: after the login the form is back as typed, not registered", async ({
  page,
  newUserOnProfilePage,
  hydrated,
}) => {
  const email = await newUserOnProfilePage("register-relogin");
  await hydrated();
  await fillCorporateProfile(page);
  await page.context().clearCookies();

  const answer = postTo(page, "/register/profile");
  await page.getByRole("button", { name: "登録する" }).click();
  expect((await answer).status()).toBe(401);
  await expect(relogin(page)).toContainText(SESSION_EXPIRED);

  await logInAgain(page, email, "ログインして入力に戻る");
  await backToTheForm(page);
  await expect(page).toHaveURL(/\/register\/profile(\?|$)/);
  await expect(page.getByRole("status").filter({ hasText: UNSENT })).toBeVisible();
  await expect(page.getByLabel("会社名・屋号", { exact: false })).toHaveValue("株式会社テスト商事");
  await expect(
    page.getByRole("group", { name: "代表者のご自宅・連絡先" }).getByLabel("市区町村 ※必須"),
  ).toHaveValue("渋谷区");
});

test("pre-entry, the app's cookie gone: after the login the answers are back as given, not sent", async ({
  page,
  freshEmail,
  logIn,
  open,
}) => {
  const email = freshEmail("pre-entry-relogin");
  await UpstreamUser.register(email);
  await logIn(email, STRONG_PASSWORD);
  await open("/register/pre_entry");
  await page.getByLabel(/事業を始めてからの年数/).fill("3");
  await page.getByLabel(/年間の売上高/).fill("12,000,000");
  await page.context().clearCookies();

  const answer = postTo(page, "/register/pre_entry");
  await page.getByRole("button", { name: "回答して結果を見る" }).click();
  expect((await answer).status()).toBe(401);
  await expect(relogin(page)).toContainText(SESSION_EXPIRED);

  await logInAgain(page, email, "ログインして入力に戻る");
  await backToTheForm(page);
  await expect(page).toHaveURL(/\/register\/pre_entry(\?|$)/);
  await expect(page.getByRole("status").filter({ hasText: UNSENT })).toBeVisible();
  await expect(page.getByLabel(/事業を始めてからの年数/)).toHaveValue("3");
  await expect(page.getByLabel(/年間の売上高/)).toHaveValue("12,000,000");
});
