// /register/profile's identity status reads from the files uploaded: a file in its slot is never
// beside 「未提出」. With JavaScript a file goes when chosen; without it, with any post of the page's
// form (the slot's button, or 「登録する」 refused for what is missing), which keeps the file.

import { type Locator, type Page, expect, test } from "./fixtures";
import { pdfFile, pngFile } from "./files";

const slotOf = (page: Page, label: string): Locator =>
  page.locator(".upload-slot").filter({ has: page.getByLabel(label, { exact: true }) });

test("/register/profile: the identity status says which sides are uploaded and that they wait for 「登録する」", async ({
  page,
  javaScript,
  newUserOnProfilePage,
}) => {
  await newUserOnProfilePage("identity-status");
  const status = page.getByTestId("identity-status");
  await expect(status).toHaveText("未提出");

  const front = slotOf(page, "本人確認書類（表面）");
  await front.getByLabel("本人確認書類（表面）", { exact: true }).setInputFiles(pngFile("status-front.png"));
  if (!javaScript) await front.getByRole("button", { name: "アップロードする" }).click();
  await expect(front.getByText("アップロード済み：status-front.png")).toBeVisible();
  await expect(status).toHaveText("表面をアップロード済み（提出前）");

  // Without JavaScript 「登録する」 with nothing typed is refused, and the file it carried is kept.
  const back = slotOf(page, "本人確認書類（裏面）");
  await back.getByLabel("本人確認書類（裏面）", { exact: true }).setInputFiles(pdfFile("status-back.pdf"));
  if (!javaScript) {
    await page.getByRole("button", { name: "登録する" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "エラー：入力内容をご確認ください" }),
    ).toBeVisible();
  }
  await expect(back.getByText("アップロード済み：status-back.pdf")).toBeVisible();
  await expect(status).toHaveText("表面・裏面をアップロード済み（提出前）");
  await expect(
    page.getByText("アップロードした本人確認書類は、「登録する」を押すと提出され、確認が始まります。"),
  ).toBeVisible();
  await expect(page.getByText("未提出")).toHaveCount(0);
});
