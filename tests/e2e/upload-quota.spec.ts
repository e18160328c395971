// JavaScript on and off: a person who has used up the day's files (the reference upstream's quota,
// decision 0022) reads why at the slot they chose, in §8's words with the limit, wherever files are
// uploaded: the identity documents on /register/profile and /profile, an invoice in the wizard and in a
// resubmission. Nothing of the file is stored. (The byte quota's edge, exactly at the limit and one byte
// over, is proven through the same actions in tests/integration/upload-quota.test.ts.)

import { DEFAULT_UPLOAD_QUOTA } from "../../reference-upstream/config";
import { type Locator, expect, test } from "./fixtures";
import { type FilePayload, pdfFile } from "./files";
import { STRONG_PASSWORD, upstreamDatabase } from "./support";
import { UpstreamUser, runOperator, reviewClaims } from "./support-account";
import { INVOICE_STEP_URL } from "./support-wizard-invoice";
import { WizardUser } from "./support-wizard-steps";

const FILES_A_DAY = DEFAULT_UPLOAD_QUOTA.filesPerDay;
/** §8 "Upload failure: … アップロードエラー (message)", the message the upstream gave, with its limit. */
const REFUSAL = `エラー：アップロードエラー (アップロードできるファイルは1日${FILES_A_DAY}個までです。明日以降にお試しください。)`;
const FRONT = "本人確認書類（表面）";

function withDatabase<T>(read: (db: ReturnType<typeof upstreamDatabase>) => T): T {
  const db = upstreamDatabase();
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const storedNames = (userId: number) =>
  withDatabase((db) =>
    (db.prepare("SELECT name FROM uploads WHERE user_id = ?").all(userId) as { name: string }[]).map(
      (row) => row.name,
    ),
  );

/** Uploads through the upstream until the user has stored the day's files (a fixture, not the flow). */
async function useUpTodaysFiles(
  userId: number,
  upload: (kind: string, file: FilePayload) => Promise<number>,
) {
  const done = withDatabase(
    (db) =>
      (
        db
          .prepare("SELECT COALESCE(SUM(files), 0) AS files FROM upload_days WHERE user_id = ?")
          .get(userId) as {
          files: number;
        }
      ).files,
  );
  for (let n = done; n < FILES_A_DAY; n += 1) await upload("additional_doc", pdfFile(`既存${n}.pdf`));
}

async function expectRefused(slot: Locator, userId: number, fileName: string, shot: string) {
  await expect(slot.getByRole("alert")).toHaveText(REFUSAL);
  expect(storedNames(userId)).not.toContain(fileName);
  await slot.screenshot({ path: `/tmp/quota-${shot}-${test.info().project.name}.png` });
}

test("/register/profile: the identity document past the day's files is refused at its slot", async ({
  page,
  open,
  freshEmail,
  logIn,
  uploadInto,
}) => {
  const user = await WizardUser.register(freshEmail("quota-register"), "corporate");
  await logIn(user.email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await useUpTodaysFiles(user.id, (kind, file) => user.upload(kind, file));
  await open("/register/profile");
  const slot = await uploadInto(FRONT, pdfFile("免許証.pdf"));
  await expectRefused(slot, user.id, "免許証.pdf", "register-profile");
  await expect(slot.getByText("まだアップロードされていません")).toBeVisible();
});

test("/profile: the identity document past the day's files is refused at its slot", async ({
  page,
  open,
  logInAs,
  readyToApply,
  uploadInto,
}) => {
  const user = await readyToApply("corporate");
  await logInAs(user);
  await useUpTodaysFiles(user.id, (kind, file) => user.upload(kind, file));
  await open("/profile");
  await page.getByText("本人確認書類を提出・更新する").click();
  const slot = await uploadInto(FRONT, pdfFile("新しい免許証.pdf"));
  await expectRefused(slot, user.id, "新しい免許証.pdf", "profile");
  await expect(slot.getByText("アップロード済み：front.png")).toBeVisible();
});

test("the wizard: an invoice past the day's files is refused at its slot", async ({
  page,
  open,
  logInAs,
  readyToApply,
  uploadInto,
}) => {
  const user = await readyToApply("corporate");
  await logInAs(user);
  await useUpTodaysFiles(user.id, (kind, file) => user.upload(kind, file));
  await open(INVOICE_STEP_URL);
  const slot = await uploadInto("請求書1の請求書", pdfFile("請求書.pdf"));
  await expectRefused(slot, user.id, "請求書.pdf", "wizard");
  await expect(page.getByRole("list", { name: "請求書1の請求書のアップロード済みファイル" })).toHaveCount(0);
});

test("a resubmission: the new invoice past the day's files is refused at its slot", async ({
  page,
  open,
  freshEmail,
  logIn,
  uploadInto,
}) => {
  const email = freshEmail("quota-resubmit");
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  const entry = await user.createEntry();
  reviewClaims([entry.claimIds[0]], {
    decision: "inadequate",
    reason: "請求書が読み取れません。",
    document: "invoice",
  });
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await useUpTodaysFiles(user.id, (kind, file) => user.upload(kind, file));
  await open(`/entry/resubmit/${entry.id}`);
  const slot = await uploadInto("請求書1の請求書", pdfFile("請求書_再提出.pdf"));
  await expectRefused(slot, user.id, "請求書_再提出.pdf", "resubmit");
});
