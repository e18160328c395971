// The bank picker (decision 0013), JavaScript on and off: a bank and a branch picked from the Zengin
// directory in each kind of bank field (the payout account and a statement on the withdrawal step, a
// claim's receiving account on the invoice step, the profile's bank account). With JavaScript the matches
// come as the person types; without it, 「金融機関を検索」 brings the page back with them as radios, and nothing
// typed elsewhere is lost. The code shows beside a known name; an unknown one is kept, with a note.

import { type Locator, type Page, expect, test } from "./fixtures";

const WITHDRAWAL = "/entry/withdrawal_details";
const payout = (page: Page) => page.getByRole("group", { name: "お振込先口座（買取代金のお振込先）" });
const required = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label} ※必須$`));

/**
 * Picks `choice` for the field labelled `label` in `scope` after typing `typed`: from the listbox with
 * JavaScript, through the search button and its radios without.
 */
async function pick(
  page: Page,
  javaScript: boolean,
  scope: Locator,
  field: Locator,
  kind: "金融機関" | "支店",
  typed: string,
  choice: string,
) {
  await field.fill(typed);
  if (javaScript) {
    await page.getByRole("option", { name: new RegExp(`^${choice}\\s*\\d`) }).click();
  } else {
    await scope.getByRole("button", { name: `${kind}を検索` }).click();
    await page.getByRole("radio", { name: new RegExp(`^${choice}\\s*\\d`) }).check();
    await page.getByRole("button", { name: `この${kind}を選択` }).click();
  }
  await expect(field).toHaveValue(choice);
}

test("the payout account: a bank by its reading, then a branch of that bank; the code beside each; the rest kept", async ({
  page,
  javaScript,
  applicantOn,
}) => {
  await applicantOn(WITHDRAWAL, "corporate", { financialDone: true });
  const group = payout(page);
  await required(group, "口座番号").fill("7654321");
  await pick(
    page,
    javaScript,
    group,
    required(group, "金融機関名"),
    "金融機関",
    "みついすみとも",
    "三井住友銀行",
  );
  await expect(group.getByText("金融機関コード 0009", { exact: true })).toBeVisible();
  await pick(page, javaScript, group, required(group, "支店名"), "支店", "しんじゅく", "新宿");
  await expect(group.getByText(/^支店コード \d{3}$/)).toBeVisible();
  // Nothing typed elsewhere was lost on the way (without JavaScript, two round trips).
  await expect(required(group, "口座番号")).toHaveValue("7654321");
  await page.getByRole("button", { name: "下書き保存" }).click();
  await expect(page).toHaveURL(/saved=1/);
  await expect(required(payout(page), "金融機関名")).toHaveValue("三井住友銀行");
  await expect(payout(page).getByText("金融機関コード 0009", { exact: true })).toBeVisible();
  await expect(required(payout(page), "支店名")).toHaveValue("新宿");
});

test("a search with nothing typed, or for a bank nobody knows, says so at the field; an unknown name is kept with a note", async ({
  page,
  javaScript,
  applicantOn,
}) => {
  await applicantOn(WITHDRAWAL, "corporate", { financialDone: true });
  const group = payout(page);
  await required(group, "口座番号").fill("7654321");
  await group.getByRole("button", { name: "金融機関を検索" }).click();
  await expect(required(group, "金融機関名")).toHaveAccessibleDescription(
    /金融機関名を入力してから検索してください。/,
  );
  await required(group, "金融機関名").fill("ほげほげ銀行");
  await group.getByRole("button", { name: "金融機関を検索" }).click();
  await expect(required(group, "金融機関名")).toHaveAccessibleDescription(
    /「ほげほげ銀行」に当てはまる金融機関が見つかりませんでした/,
  );
  await group.getByRole("button", { name: "支店を検索" }).click();
  await expect(required(group, "支店名")).toHaveAccessibleDescription(/金融機関が一覧に見つからないため/);
  await expect(required(group, "口座番号")).toHaveValue("7654321");
  await expect(required(group, "金融機関名")).toHaveValue("ほげほげ銀行");
  // Kept as typed, with a note (a bank the directory does not know yet).
  await page.getByRole("button", { name: "下書き保存" }).click();
  await expect(page).toHaveURL(/saved=1/);
  await expect(required(payout(page), "金融機関名")).toHaveValue("ほげほげ銀行");
  await expect(payout(page).getByText("金融機関の一覧にない名称です。")).toBeVisible();
  if (!javaScript) {
    const response = await page.request.post(WITHDRAWAL, {
      form: { intent: "search_bank:bank_account.bank_name", "bank_account.bank_name": "" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(422);
  }
});

test("a statement's bank and a claim's receiving bank are picked the same way", async ({
  page,
  javaScript,
  open,
  hydrated,
  applicantOn,
}) => {
  await applicantOn(WITHDRAWAL, "corporate", { financialDone: true });
  const card = page.locator("#bank-1");
  await pick(page, javaScript, card, required(card, "金融機関名"), "金融機関", "ゆうちょ", "ゆうちょ銀行");
  await expect(card.getByText("金融機関コード 9900", { exact: true })).toBeVisible();

  await open("/entry/entry_invoice");
  await hydrated();
  const claim = page.locator("#claim-1");
  await pick(page, javaScript, claim, required(claim, "金融機関名"), "金融機関", "楽天", "楽天銀行");
  await expect(claim.getByText("金融機関コード 0036", { exact: true })).toBeVisible();
});

test("the profile's bank account: bank and branch picked, everything else on the form kept", async ({
  page,
  javaScript,
  open,
  hydrated,
  applicantOn,
}) => {
  await applicantOn("/profile", "corporate", { financialDone: true });
  await open("/profile");
  await hydrated();
  const form = page.getByRole("group", { name: "お振込先口座" });
  const summary = page.getByLabel("事業内容", { exact: false }).first();
  await summary.fill("食品の卸売（取引先：スーパー3社）");
  await pick(page, javaScript, form, form.getByLabel(/^金融機関名/), "金融機関", "みずほ", "みずほ銀行");
  await pick(page, javaScript, form, form.getByLabel(/^支店名/), "支店", "丸の内", "丸の内中央");
  await expect(summary).toHaveValue("食品の卸売（取引先：スーパー3社）");
  await expect(form.getByText("金融機関コード 0001", { exact: true })).toBeVisible();
});
