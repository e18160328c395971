// The error summary names each field exactly as the field's label does (GOV.UK and
// デジタル庁: the same words in both places, so a person finds what the summary links to). Read from
// the page itself: every summary link's 「label：」 against the label of the control it points at.
// JavaScript on and off.

import { type Page, expect, test } from "./fixtures";

/** The label text of a control without its ※必須/※任意 mark, or its group's legend. */
async function labelOf(page: Page, id: string): Promise<string | null> {
  return page.evaluate((controlId) => {
    const control = document.getElementById(controlId);
    if (!control) return null;
    const label = document.querySelector(`label[for="${controlId}"]`);
    const legend = control.closest("fieldset")?.querySelector("legend");
    const text = (label ?? (control.matches("input[type=radio]") ? legend : null))?.textContent ?? null;
    return text === null ? null : text.replace(/※(必須|任意)/, "").trim();
  }, id);
}

/**
 * On a page with one of each field the name is the label; on a wizard step with several claims or
 * accounts it is the label after the group's number (「請求書1 」, 「口座1の」, 「お振込先の」).
 */
async function expectSummaryNamesLikeLabels(page: Page, grouped = false) {
  const links = page.locator(".error-summary a");
  await expect(links.first()).toBeVisible();
  const count = await links.count();
  let named = 0;
  for (let index = 0; index < count; index += 1) {
    const link = links.nth(index);
    const text = (await link.textContent()) ?? "";
    const id = ((await link.getAttribute("href")) ?? "").replace(/^#/, "");
    const label = await labelOf(page, id);
    if (!label || !text.includes("：")) continue;
    named += 1;
    const name = text.split("：")[0]!;
    if (grouped)
      expect(name.endsWith(label), `the summary's name 「${name}」 for #${id}: 「${label}」`).toBe(true);
    else expect(name, `the summary's name for #${id}`).toBe(label);
  }
  expect(named, "summary items that name a labelled field").toBeGreaterThan(0);
}

test("/register/profile: every summary item names its field as the field's label", async ({
  page,
  newApplicantOn,
}) => {
  await newApplicantOn("/register/profile", "corporate");
  const office = page.getByRole("group", { name: "事業所の所在地・連絡先" });
  await office.getByLabel("事業所の郵便番号").fill("12-345");
  await page
    .getByRole("group", { name: "代表者のご自宅・連絡先" })
    .getByLabel("代表者ご自宅の電話番号")
    .fill("1234");
  await page.getByRole("button", { name: "登録する" }).click();
  await expectSummaryNamesLikeLabels(page);
});

test("the invoice and withdrawal steps: every summary item names its field as the field's label", async ({
  page,
  open,
  applicantOn,
}) => {
  await applicantOn("/entry/withdrawal_details", "corporate", { financialDone: true });
  await page.getByRole("button", { name: "次へ" }).click();
  await expectSummaryNamesLikeLabels(page, true);

  await open("/entry/entry_invoice");
  await page
    .locator("#claim-1")
    .getByLabel(/^請求書額面（税込・円）/)
    .fill("");
  await page
    .locator("#claim-1")
    .getByLabel(/^入金予定日（支払期日）/)
    .fill("2020-01-01");
  await page.getByRole("button", { name: /^次へ/ }).click();
  await expectSummaryNamesLikeLabels(page, true);
});
