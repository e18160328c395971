// A wizard step posted after the session ended keeps what was typed (docs/decisions/0027): the post is
// answered 401 on the step itself with a login form that carries the typed fields; logging in there
// saves them as the draft and shows the step again, files stored before still listed; the person who
// typed only: anyone else logging in there saves nothing. Both ways a session ends: the app's cookie
// gone, and the upstream's session expired while the cookie stays.

import { type Page, type Response, expect, test } from "./fixtures";
import { STRONG_PASSWORD } from "./support";
import { runOperator } from "./support-account";
import { claim } from "./support-wizard-invoice";
import type { WizardUser } from "./support-wizard-steps";

const INVOICE = "/entry/entry_invoice";
const WITHDRAWAL = "/entry/withdrawal_details";
const SESSION_EXPIRED = "セッションの有効期限が切れました。お手数ですが、再度ログインしてください。";

type Ending = "the app's cookie gone" | "the upstream's session expired";
const ENDINGS: readonly Ending[] = ["the app's cookie gone", "the upstream's session expired"];

async function endSession(page: Page, user: WizardUser, ending: Ending) {
  if (ending === "the app's cookie gone") await page.context().clearCookies();
  else runOperator("expire-sessions", String(user.id));
}

/** The answer to the next post of the step's form (a document post, or Remix's fetch with JavaScript). */
function stepPost(page: Page, path: string): Promise<Response> {
  return page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname === path,
  );
}

const relogin = (page: Page) => page.getByRole("region", { name: "もう一度ログインしてください" });

async function logInAgain(page: Page, email: string, password: string) {
  await relogin(page).getByLabel("メールアドレス", { exact: false }).fill(email);
  await relogin(page).getByLabel("パスワード", { exact: false }).fill(password);
  await relogin(page).getByRole("button", { name: "ログインして保存する" }).click();
}

for (const ending of ENDINGS) {
  test(`invoice step, ${ending}: 下書き保存 asks for the login on the step and saves what was typed after it`, async ({
    page,
    applicantOn,
    javaScript,
  }) => {
    const user = await applicantOn(INVOICE, "corporate");
    await page.getByLabel("資金使途", { exact: false }).fill("設備の入れ替え");
    await claim(page, 1).getByLabel("売掛先の会社名", { exact: false }).fill("株式会社あとから");
    await endSession(page, user, ending);

    const answer = stepPost(page, INVOICE);
    await page.getByRole("button", { name: "下書き保存", exact: true }).click();
    expect((await answer).status()).toBe(401);
    await expect(page).toHaveURL(new RegExp(`${INVOICE}$`));
    await expect(relogin(page)).toContainText(SESSION_EXPIRED);

    // A wrong password: the upstream's word, the typed fields still carried, the password never echoed.
    const refused = stepPost(page, INVOICE);
    await logInAgain(page, user.email, "not-the-password-2026");
    const refusal = await refused;
    expect(refusal.status()).toBe(401);
    expect(await refusal.text()).not.toContain("not-the-password-2026");
    await expect(relogin(page).getByRole("alert")).toBeVisible();
    // Without JavaScript the page comes from the server, which never echoes it (with it, the field keeps
    // what was typed in the browser, as any field does).
    if (!javaScript) await expect(relogin(page).getByLabel("パスワード", { exact: false })).toHaveValue("");

    await logInAgain(page, user.email, STRONG_PASSWORD);
    await expect(page).toHaveURL(new RegExp(`${INVOICE}\\?saved=1`));
    await expect(page.getByLabel("資金使途", { exact: false })).toHaveValue("設備の入れ替え");
    await expect(claim(page, 1).getByLabel("売掛先の会社名", { exact: false })).toHaveValue(
      "株式会社あとから",
    );
    // The file stored before the session ended is still the claim's.
    await expect(page.getByRole("list", { name: "請求書1の請求書のアップロード済みファイル" })).toContainText(
      "invoice.pdf",
    );
    if (javaScript) {
      // Nothing typed is kept in the browser's storage.
      expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    }
  });

  test(`invoice step, ${ending}: another person logging in on the form gets a plain login, nothing typed saved`, async ({
    page,
    applicantOn,
    userAtStep,
  }) => {
    // A shared computer: the typist's session ends, and someone else logs in on the form it left.
    const typist = await applicantOn(INVOICE, "corporate");
    const other = await userAtStep("corporate");
    const before = await other.draft();
    await page.getByLabel("資金使途", { exact: false }).fill("設備の入れ替え");
    await claim(page, 1).getByLabel("売掛先の会社名", { exact: false }).fill("株式会社あとから");
    await endSession(page, typist, ending);

    const answer = stepPost(page, INVOICE);
    await page.getByRole("button", { name: "下書き保存", exact: true }).click();
    expect((await answer).status()).toBe(401);
    await logInAgain(page, other.email, STRONG_PASSWORD);
    await expect(relogin(page)).toHaveCount(0);

    expect(await other.draft()).toEqual(before);
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByText("株式会社あとから")).toHaveCount(0);
  });

  test(`withdrawal step, ${ending}: 次へ asks for the login on the step and keeps the payout account typed`, async ({
    page,
    applicantOn,
  }) => {
    const user = await applicantOn(WITHDRAWAL, "corporate", { financialDone: true });
    const payout = page.getByRole("group", { name: "お振込先口座（買取代金のお振込先）" });
    await payout.getByLabel(/^支店名 ※必須$/).fill("本店営業部");
    await payout.getByLabel(/^口座番号 ※必須$/).fill("2345678");
    await endSession(page, user, ending);

    const answer = stepPost(page, WITHDRAWAL);
    await page.getByRole("button", { name: "次へ", exact: false }).last().click();
    expect((await answer).status()).toBe(401);
    await expect(relogin(page)).toContainText(SESSION_EXPIRED);

    await logInAgain(page, user.email, STRONG_PASSWORD);
    await expect(page).toHaveURL(new RegExp(`${WITHDRAWAL}(\\?|#|$)`));
    await expect(payout.getByLabel(/^支店名 ※必須$/)).toHaveValue("本店営業部");
    await expect(payout.getByLabel(/^口座番号 ※必須$/)).toHaveValue("2345678");
  });

  test(`financial step, ${ending}: the answer chosen is kept through the login`, async ({
    page,
    applicantOn,
  }) => {
    const user = await applicantOn("/entry", "corporate");
    await page.getByRole("radio", { name: "いいえ（試算表を提出する）" }).check();
    await endSession(page, user, ending);

    const answer = stepPost(page, "/entry");
    await page.getByRole("button", { name: "次へ" }).click();
    expect((await answer).status()).toBe(401);
    await expect(relogin(page)).toContainText(SESSION_EXPIRED);

    await logInAgain(page, user.email, STRONG_PASSWORD);
    await expect(page).toHaveURL(/\/entry(\?|#|$)/);
    await expect(page.getByRole("radio", { name: "いいえ（試算表を提出する）" })).toBeChecked();
  });
}
