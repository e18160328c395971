// Uploads started together all end linked: with JavaScript each chosen file goes
// at once in its own request; five chosen within a moment in five slots must all be in the draft
// after a reload (they were written last-write-wins, and one link was lost).

import { expect, test } from "./fixtures";
import { validClaim } from "../fixtures/entry-body";
import { pdfFile } from "./files";

test("five uploads started together are all linked after a reload", async ({
  page,
  javaScript,
  logInAs,
  readyToApply,
}) => {
  test.skip(!javaScript, "without JavaScript the files go in one post, one after the other");
  const user = await readyToApply("corporate");
  const { contentfiles: _files, ...claim } = validClaim();
  const empty = { ...claim, contentfile_relations: [] };
  await user.send("PATCH", "/api/draft_entry/", { claims: [empty, empty, empty] });
  await logInAs(user, "/entry/entry_invoice");

  const slots = [
    "請求書1の請求書",
    "請求書1の追加書類（任意）",
    "請求書2の請求書",
    "請求書2の追加書類（任意）",
    "請求書3の請求書",
  ];
  await Promise.all(
    slots.map((label, index) =>
      page.getByLabel(label, { exact: true }).setInputFiles(pdfFile(`file-${index + 1}.pdf`)),
    ),
  );
  for (const [index, label] of slots.entries()) {
    await expect(page.getByRole("list", { name: `${label}のアップロード済みファイル` })).toContainText(
      `file-${index + 1}.pdf`,
    );
  }

  await page.reload();
  for (const [index, label] of slots.entries()) {
    await expect(page.getByRole("list", { name: `${label}のアップロード済みファイル` })).toContainText(
      `file-${index + 1}.pdf`,
    );
  }
  const draft = (await user.draft()) as { claims: { contentfile_relations: number[] }[] };
  expect(draft.claims.map((each) => each.contentfile_relations.length)).toEqual([2, 2, 1]);
});
