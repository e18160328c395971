// A double press of 「この内容で申し込む」 (the wizard's final submit). Without JavaScript the browser
// sends both posts and shows the second one's answer: it must be the same 「お申し込みを受け付けました」
// page as the first's, with the same 申込番号, and the upstream must hold exactly one entry (decision
// 0024). The first press is sent as the browser sends it (the page's form fields, its cookies), the
// second is a real press of the same page: while the first is on its way, after the first was answered,
// and with the first answered by another replica of the app (sharing only the cookie secrets and the
// upstream: the record of what the first made is the upstream's). The same for 「再提出する」: both
// answers are the entry's detail with 再提出を受け付けました, the resubmission made once.

import { type Page, expect, test } from "./fixtures";
import { pdfFile } from "./files";
import { STRONG_PASSWORD, UPSTREAM_URL, mailsTo, startAppAgainst } from "./support";
import { applicantWithInadequateInvoice } from "./support-account";
import { type WizardUser } from "./support-wizard-steps";
import { entryNumbersOf } from "./support-wizard-run";

const SUBMIT = "この内容で申し込む";

/** The first press: the confirmation page's form posted with its own fields to `origin`, its answer followed. */
async function pressFromPage(page: Page, origin = new URL(page.url()).origin) {
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: SUBMIT }) });
  const hidden = await form
    .locator('input[type="hidden"]')
    .evaluateAll((inputs) =>
      inputs.map((input) => [(input as HTMLInputElement).name, (input as HTMLInputElement).value]),
    );
  return page.request.post(`${origin}/profile/before_entry`, {
    form: Object.fromEntries(hidden),
    headers: { Origin: origin },
  });
}

/** Both answers show the one entry the upstream holds, by its number; one receipt was mailed. */
async function expectOneEntryShownTwice(
  page: Page,
  user: WizardUser,
  first: Awaited<ReturnType<typeof pressFromPage>>,
) {
  await expect(page.getByRole("heading", { name: "お申し込みを受け付けました" })).toBeVisible();
  const entries = entryNumbersOf(user);
  expect(entries).toHaveLength(1);
  const [entry] = entries;
  await expect(page).toHaveURL(new RegExp(`/entry/complete\\?entry=${entry!.id}$`));
  await expect(page.getByText(`申込番号 ${entry!.code}`)).toBeVisible();
  const firstUrl = new URL(first.url());
  expect(firstUrl.pathname + firstUrl.search).toBe(`/entry/complete?entry=${entry!.id}`);
  // The first answer's page, read as text (tags dropped): the same number.
  expect((await first.text()).replace(/<[^>]+>/g, "")).toContain(`申込番号 ${entry!.code}`);
  expect(mailsTo(user.email, "entry_received")).toHaveLength(1);
}

for (const order of ["while the first is on its way", "after the first was answered"] as const) {
  test(`two presses of 申し込む, the second ${order}: both land on お申し込みを受け付けました with the same 申込番号; one entry`, async ({
    applicantOn,
    page,
  }) => {
    const user = await applicantOn("/profile/before_entry", "corporate", {
      financialDone: true,
      withdrawalDone: true,
    });

    const firstAnswer = pressFromPage(page);
    if (order === "after the first was answered") await firstAnswer;
    await page.getByRole("button", { name: SUBMIT }).click();

    await expectOneEntryShownTwice(page, user, await firstAnswer);
    await page.screenshot({
      path: test.info().outputPath("complete-after-double-press.png"),
      fullPage: true,
    });
  });
}

test("two presses of 申し込む, the first answered by another replica of the app: the second lands on the same entry", async ({
  applicantOn,
  page,
}) => {
  const replica = await startAppAgainst(UPSTREAM_URL);
  try {
    const user = await applicantOn("/profile/before_entry", "corporate", {
      financialDone: true,
      withdrawalDone: true,
    });

    // Cookies are kept per host, not per port: the replica on another port gets the same session.
    const first = await pressFromPage(page, replica.url);
    await page.getByRole("button", { name: SUBMIT }).click();

    await expectOneEntryShownTwice(page, user, first);
    expect(new URL(first.url()).origin).toBe(replica.url);
  } finally {
    await replica.stop();
  }
});

/**
 * The first press of 再提出する: the resubmission form's fields (its hidden key, what was typed) posted
 * as the browser posts them, multipart without JavaScript, its answer followed.
 */
async function pressResubmitFromPage(page: Page, javaScript: boolean) {
  const fields = await page.evaluate(() => {
    const form = document.getElementById("resubmit-form") as HTMLFormElement;
    return [...new FormData(form)].filter((pair): pair is [string, string] => typeof pair[1] === "string");
  });
  fields.push(["intent", "resubmit"]);
  const url = page.url();
  const headers = { Origin: new URL(url).origin };
  if (javaScript) return page.request.post(url, { form: Object.fromEntries(fields), headers });
  const multipart = new FormData();
  for (const [name, value] of fields) multipart.append(name, value);
  return page.request.post(url, { multipart, headers });
}

for (const order of ["while the first is on its way", "after the first was answered"] as const) {
  test(`two presses of 再提出する, the second ${order}: both land on the entry's detail with 再提出を受け付けました; resubmitted once`, async ({
    page,
    javaScript,
    freshEmail,
    logIn,
    open,
    uploadInto,
  }) => {
    const { email, entry } = await applicantWithInadequateInvoice(freshEmail);
    await logIn(email, STRONG_PASSWORD);
    await expect(page).toHaveURL(/\/mypage$/);
    await open(`/entry/resubmit/${entry.id}`);
    await uploadInto("請求書1の請求書", pdfFile("請求書_再提出.pdf"));
    await expect(page.getByRole("list", { name: "請求書1の請求書のアップロード済みファイル" })).toContainText(
      "請求書_再提出.pdf",
    );
    await page
      .getByRole("group", { name: /請求書1/ })
      .getByLabel("請求書額面（税込・円）")
      .fill("1,200,000");

    const firstAnswer = pressResubmitFromPage(page, javaScript);
    if (order === "after the first was answered") await firstAnswer;
    await page.getByRole("button", { name: "再提出する", exact: true }).click();

    const landing = new RegExp(`/entry/detail/${entry.id}\\?resubmitted=1$`);
    await expect(page).toHaveURL(landing);
    await expect(page.getByRole("status")).toContainText(
      "再提出を受け付けました。あらためて審査いたします。",
    );
    await expect(page.locator(".entry-detail-head")).toContainText("審査中");
    await expect(page.getByRole("region", { name: /請求書1/ })).toContainText("1,200,000円");
    const first = await firstAnswer;
    expect(first.url()).toMatch(landing);
    expect((await first.text()).replace(/<[^>]+>/g, "")).toContain("再提出を受け付けました。");
    expect(mailsTo(email, "entry_resubmitted")).toHaveLength(1);
  });
}
