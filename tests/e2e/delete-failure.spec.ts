// A delete that fails (§8 "Delete failure toast: 削除に失敗しました。画面をリロードして再度お試しください",
// §9 "Toast display 7000 ms"): with JavaScript a toast that leaves after 7 seconds (the page's clock
// is driven, not waited for); without it the message stands inline at the list, once.

import { TOAST_DISPLAY_MS } from "../../app/domain/enumerations";
import { expect, test } from "./fixtures";

const MESSAGE = "削除に失敗しました。画面をリロードして再度お試しください";

test("a failed delete is told once: a 7-second toast with JavaScript, inline without", async ({
  page,
  open,
  javaScript,
  logInAs,
  userAtStep,
}) => {
  const user = await userAtStep("corporate");
  const draft = (await user.draft()) as { claims: { contentfile_relations: number[] }[] };
  const invoiceId = draft.claims[0]!.contentfile_relations[0]!;
  await logInAs(user);
  if (javaScript) await page.clock.install();
  await open("/entry/entry_invoice");
  const list = page.getByRole("list", { name: "請求書1の請求書のアップロード済みファイル" });
  await expect(list).toContainText("invoice.pdf");

  // Gone behind the page's back: the page's delete then fails upstream.
  await user.send("DELETE", `/api/uploads/${invoiceId}/`);
  // From here the page's time moves only when the test moves it.
  if (javaScript) await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await list.getByText("削除", { exact: true }).click();
  await page.getByRole("button", { name: "削除する" }).click();

  const shown = page.getByText(MESSAGE);
  await expect(shown).toHaveCount(1);
  await expect(shown).toBeVisible();
  if (javaScript) {
    await expect(page.locator(".toast")).toHaveText(MESSAGE);
    await page.clock.runFor(TOAST_DISPLAY_MS - 1);
    await expect(shown).toBeVisible();
    await page.clock.runFor(1);
    await expect(shown).toHaveCount(0);
  } else {
    // No script on the page: nothing can take it away; it is the list's alert, not a toast.
    await expect(page.getByRole("alert").filter({ hasText: MESSAGE })).toBeVisible();
    await expect(page.locator(".toast")).toHaveCount(0);
  }
});
