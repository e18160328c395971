// Activation and My page, each flow with JavaScript on and off: register → the activation
// link from the outbox → confirm → complete; a used link refused; resend; My page's next step for a
// fresh user, the demo account ready to apply, an entry's Japanese status blocking a new one, and an
// expired identity.

import { type Page, expect, test } from "./fixtures";
import { formatJapaneseDate, japanDate } from "../../app/domain/japan-date";
import { NEW_ENTRY_BLOCKER_MESSAGES } from "../../app/domain/new-entry";
import { DEMO, STRONG_PASSWORD } from "./support";
import {
  UpstreamUser,
  activationMailCount,
  latestActivationLink,
  runOperator,
  userRow,
  verifyThroughUpstream,
  reviewClaims,
} from "./support-account";

const INVALID_LINK = "このリンクは無効か、有効期限が切れています。";

/** The step of My page's 「ご利用までの流れ」 whose heading names `title`. */
function accountStep(page: Page, title: string) {
  return page
    .getByRole("region", { name: "ご利用までの流れ" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`${title}$`) }) });
}

function nextStep(page: Page) {
  return page.getByRole("listitem").filter({ hasText: "次にしていただくこと" });
}

function blockReasons(page: Page) {
  return page.getByRole("list", { name: "お申し込みできない理由" }).getByRole("listitem");
}

/**
 * Presses the confirm button of the verification page; answers the status of the POST. A success is
 * a redirect: 302 for a document POST, 204 with X-Remix-Redirect for Remix's fetch with JavaScript on.
 */
async function pressConfirm(page: Page): Promise<number> {
  const response = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes("/company/mail/verify"),
  );
  await page.getByRole("button", { name: "メールアドレスを確認する" }).click();
  return (await response).status();
}

test("registering leads to the activation page; the mailed link, opened without a login, confirms the address once", async ({
  page,
  context,
  baseURL,
  open,
  freshEmail,
}) => {
  const email = freshEmail("activate");
  await open("/register");
  await page.getByLabel("メールアドレス ※必須", { exact: true }).fill(email);
  await page.getByLabel("パスワード ※必須", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel("パスワード（確認） ※必須", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel("法人", { exact: true }).check();
  await page.getByLabel(/に同意する/).check();
  await page.getByRole("button", { name: "同意して登録する" }).click();
  await expect(page).toHaveURL(/\/register\/complete$/);

  await page.getByRole("link", { name: "メールアドレスの確認へ進む" }).click();
  await expect(page).toHaveURL(/\/register\/activation$/);
  await expect(page.getByRole("heading", { level: 1, name: "メールアドレスの確認" })).toBeVisible();
  await expect(page.getByTestId("activation-email")).toHaveText(email);

  // The mail is opened on another device: no session there.
  const link = latestActivationLink(email, baseURL!);
  await context.clearCookies();
  await open(link);
  await expect(page.getByRole("heading", { level: 1, name: "メールアドレスの確認" })).toBeVisible();
  // Opening the link changed nothing (mail scanners open links too): only the button confirms.
  expect(userRow(email).email_verified_at).toBeNull();

  expect([204, 302]).toContain(await pressConfirm(page));
  await expect(page).toHaveURL(/\/company\/mail\/complete$/);
  await expect(page.getByRole("heading", { name: "メールアドレスの確認が完了しました" })).toBeVisible();
  await expect(page.getByRole("link", { name: "ログインする" })).toHaveAttribute("href", "/login");
  expect(userRow(email).email_verified_at).not.toBeNull();

  // The same link again is refused, with the way to a new mail.
  await open(link);
  expect(await pressConfirm(page)).toBe(400);
  await expect(page.getByRole("heading", { name: "メールアドレスを確認できませんでした" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText(INVALID_LINK);
  await expect(page.getByRole("link", { name: "確認メールを再送する" })).toHaveAttribute(
    "href",
    "/register/activation",
  );
});

test("a verification link without its key is a page not found", async ({ page, open }) => {
  const response = await open("/company/mail/verify");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("ページが見つかりません");
});

test("resending the mail makes a new link and the old one unusable; the new one confirms while logged in", async ({
  page,
  baseURL,
  open,
  freshEmail,
  logIn,
}) => {
  const email = freshEmail("resend");
  await UpstreamUser.register(email);
  const firstLink = latestActivationLink(email, baseURL!);
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);

  await open("/register/activation");
  await page.getByRole("button", { name: "確認メールを再送する" }).click();
  await expect(page).toHaveURL(/\/register\/activation\?sent=1$/);
  await expect(page.getByRole("status")).toContainText("確認メールを再送しました。");
  expect(activationMailCount(email)).toBe(2);
  const secondLink = latestActivationLink(email, baseURL!);
  expect(secondLink).not.toBe(firstLink);

  await open(firstLink);
  expect(await pressConfirm(page)).toBe(400);
  await expect(page.getByRole("alert")).toContainText(INVALID_LINK);

  await open(secondLink);
  expect([204, 302]).toContain(await pressConfirm(page));
  await expect(page).toHaveURL(/\/company\/mail\/complete$/);
  // Logged in here, so the way on is the profile.
  await expect(page.getByRole("link", { name: "会員情報の登録へ進む" })).toHaveAttribute(
    "href",
    "/register/profile",
  );

  await open("/register/activation");
  await expect(page.getByRole("status")).toContainText("メールアドレスの確認は完了しています。");
  await expect(page.getByRole("button", { name: "確認メールを再送する" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "会員情報の登録へ進む" })).toHaveAttribute(
    "href",
    "/register/profile",
  );
});

test("the activation page needs a login and returns there after it", async ({
  page,
  open,
  hydrated,
  freshEmail,
}) => {
  const email = freshEmail("guard");
  await UpstreamUser.register(email);
  await open("/register/activation");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fregister%2Factivation$/);
  await hydrated();
  await page.getByLabel("メールアドレス ※必須", { exact: true }).fill(email);
  await page.getByLabel("パスワード ※必須", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "ログイン" }).click();
  await expect(page).toHaveURL(/\/register\/activation$/);
  await expect(page.getByTestId("activation-email")).toHaveText(email);
});

test("My page tells a fresh user to confirm the e-mail, then to complete the profile, and records the first visit after verification", async ({
  page,
  open,
  freshEmail,
  logIn,
}) => {
  const email = freshEmail("fresh");
  await UpstreamUser.register(email);
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);

  await expect(nextStep(page).getByRole("heading")).toHaveText(/メールアドレスの確認$/);
  await expect(nextStep(page).getByRole("link", { name: "メールアドレスを確認する" })).toHaveAttribute(
    "href",
    "/register/activation",
  );
  await expect(accountStep(page, "会員情報の登録")).toContainText("未完了");
  await expect(accountStep(page, "本人確認書類の提出")).toContainText("未完了");
  await expect(page.getByTestId("identity-status")).toHaveText("未提出");
  await expect(blockReasons(page)).toHaveText([NEW_ENTRY_BLOCKER_MESSAGES.identityImperfect]);
  await expect(page.getByRole("link", { name: "新しく申し込む" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "パスワードを変更する" })).toHaveAttribute(
    "href",
    "/profile/password/change",
  );
  expect(userRow(email).visited_at_entry_page_after_mail_verification).toBeNull();

  await verifyThroughUpstream(email);
  await open("/mypage");
  await expect(accountStep(page, "メールアドレスの確認")).toContainText("完了");
  await expect(nextStep(page).getByRole("heading")).toHaveText(/会員情報の登録$/);
  await expect(nextStep(page).getByRole("link", { name: "会員情報を登録する" })).toHaveAttribute(
    "href",
    "/register/profile",
  );
  const visited = userRow(email).visited_at_entry_page_after_mail_verification;
  expect(visited).not.toBeNull();
  // Recorded once: a later visit keeps the first timestamp.
  await open("/mypage");
  expect(userRow(email).visited_at_entry_page_after_mail_verification).toBe(visited);
});

test("the demo account, complete and confirmed, may start a new entry", async ({ page, logIn }) => {
  await logIn(DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByRole("link", { name: "新しく申し込む" })).toHaveAttribute(
    "href",
    "/entry/entry_invoice",
  );
  await expect(blockReasons(page)).toHaveCount(0);
  await expect(nextStep(page)).toHaveCount(0);
  await expect(page.getByText("お申し込みの前に必要なご登録は完了しています。")).toBeVisible();
  await expect(page.getByTestId("identity-status")).toHaveText("確認済み");
  await expect(page.getByTestId("identity-valid-date")).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日（.）$/);
});

test("an entry shows on My page with its Japanese status and blocks a new entry with the reason", async ({
  page,
  open,
  freshEmail,
  logIn,
}) => {
  const email = freshEmail("entry");
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  const entry = await user.createEntry();
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);

  const card = page.getByRole("list", { name: "お申し込みの一覧" }).getByRole("listitem");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`申込番号 ${entry.code}`);
  await expect(card).toContainText("審査中");
  await expect(card).toContainText(formatJapaneseDate(japanDate(new Date())));
  await expect(card).toContainText("1,000,000円");
  await expect(card).toContainText("1件（審査中 1件）");
  await expect(blockReasons(page)).toHaveText([NEW_ENTRY_BLOCKER_MESSAGES.beforeContractedEntry]);
  await expect(page.getByRole("link", { name: "新しく申し込む" })).toHaveCount(0);

  // The operator finds the invoice inadequate: the entry reads 不備あり, and that is a reason too.
  reviewClaims([entry.claimIds[0]], { decision: "inadequate", reason: "請求書が読み取れません" });
  await open("/mypage");
  await expect(card).toContainText("不備あり");
  await expect(card).toContainText("1件（不備あり 1件）");
  await expect(blockReasons(page)).toHaveText([
    NEW_ENTRY_BLOCKER_MESSAGES.beforeContractedEntry,
    NEW_ENTRY_BLOCKER_MESSAGES.inadequateClaim,
  ]);
});

test("an identity the operator expired asks for new documents and shows the valid date", async ({
  page,
  freshEmail,
  logIn,
}) => {
  const email = freshEmail("expired");
  const user = await UpstreamUser.register(email);
  runOperator("expire-identity", String(user.id));
  const yesterday = formatJapaneseDate(japanDate(new Date(Date.now() - 24 * 60 * 60 * 1000)));
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);

  const identity = accountStep(page, "本人確認書類の提出");
  await expect(identity).toContainText(`本人確認書類の有効期限が切れています（有効期限：${yesterday}）`);
  await expect(identity.getByRole("link", { name: "新しい書類を提出する" })).toHaveAttribute(
    "href",
    "/profile",
  );
  await expect(page.getByTestId("identity-status")).toHaveText("期限切れ");
  await expect(page.getByTestId("identity-valid-date")).toContainText(yesterday);
  await expect(blockReasons(page)).toContainText([NEW_ENTRY_BLOCKER_MESSAGES.identityExpired]);
});
