// A double press of 「この内容で申し込む」 (the wizard's final submit). Without JavaScript the browser
// sends both posts and shows the second one's answer: it must be the same 「お申し込みを受け付けました」
// page as the first's, with the same 申込番号, and the upstream must hold exactly one entry. The first
// press is sent as the browser sends it (the page's form fields, its cookies), the second is a real
// press of the same page; in one test the second goes while the first is on its way, in the other
// after the first was answered.

import { type Page, expect, test } from "./fixtures";
import { mailsTo } from "./support";
import { entryNumbersOf } from "./support-wizard-run";
import { withdrawalDone } from "./support-wizard-steps";

const SUBMIT = "この内容で申し込む";

/** The first press: the confirmation page's form posted with its own fields, its answer followed. */
async function pressFromPage(page: Page) {
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: SUBMIT }) });
  const hidden = await form
    .locator('input[type="hidden"]')
    .evaluateAll((inputs) =>
      inputs.map((input) => [(input as HTMLInputElement).name, (input as HTMLInputElement).value]),
    );
  return page.request.post("/profile/before_entry", {
    form: Object.fromEntries(hidden),
    headers: { Origin: new URL(page.url()).origin },
  });
}

for (const order of ["while the first is on its way", "after the first was answered"] as const) {
  test(`two presses of 申し込む, the second ${order}: both land on お申し込みを受け付けました with the same 申込番号; one entry`, async ({
    page,
    open,
    logInAs,
    userAtStep,
  }) => {
    const user = await userAtStep("corporate", { financialDone: true });
    await withdrawalDone(user);
    await logInAs(user);
    await open("/profile/before_entry");

    const firstAnswer = pressFromPage(page);
    if (order === "after the first was answered") await firstAnswer;
    await page.getByRole("button", { name: SUBMIT }).click();
    const first = await firstAnswer;

    await expect(page.getByRole("heading", { name: "お申し込みを受け付けました" })).toBeVisible();
    const entries = entryNumbersOf(user);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    await expect(page).toHaveURL(new RegExp(`/entry/complete\\?entry=${entry!.id}$`));
    await expect(page.getByText(`申込番号 ${entry!.code}`)).toBeVisible();
    expect(new URL(first.url()).pathname + new URL(first.url()).search).toBe(
      `/entry/complete?entry=${entry!.id}`,
    );
    // The first answer's page, read as text (tags dropped): the same number.
    expect((await first.text()).replace(/<[^>]+>/g, "")).toContain(`申込番号 ${entry!.code}`);
    expect(mailsTo(user.email, "entry_received")).toHaveLength(1);
    await page.screenshot({
      path: `/tmp/double-submit-${order.split(" ")[0]}-${test.info().project.name}.png`,
      fullPage: true,
    });
  });
}
