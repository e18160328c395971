// Helpers of the password flows: the reset mail read from the upstream's outbox, and the forms filled
// as a person fills them (by their labels).

import { type Page, type Response, type TestInfo, expect } from "@playwright/test";
import { mailsTo, openPage } from "./support";

export const RECOVER_PATH = "/profile/password/reset/recover";
export const NEW_PASSWORD = "Momiji-no-ha-2027";

export const Label = {
  email: "メールアドレス ※必須",
  oldPassword: "現在のパスワード ※必須",
  newPassword: "新しいパスワード ※必須",
  newPasswordConfirmation: "新しいパスワード（確認） ※必須",
} as const;

/** The link of the newest password reset mail to `email` (null when none was sent). */
export function latestResetLink(email: string): string | null {
  return mailsTo(email, "password_reset")[0]?.link ?? null;
}

/** How many password reset mails went to `email`. */
export function resetMailCount(email: string): number {
  return mailsTo(email, "password_reset").length;
}

/** Asks for a reset mail through the request page and waits for the answer page. */
export async function requestResetMail(page: Page, testInfo: TestInfo, email: string): Promise<void> {
  await openPage(page, RECOVER_PATH, testInfo);
  await page.getByLabel(Label.email, { exact: true }).fill(email);
  await page.getByRole("button", { name: "再設定用のメールを送る" }).click();
  await expect(page).toHaveURL(/\/profile\/password\/reset\/done$/);
  // Without JavaScript the URL changes as soon as the answer starts to arrive: wait for all of it.
  await page.waitForLoadState("load");
}

/** Requests a reset for `email` and returns the link the mail carries. */
export async function resetLinkFor(page: Page, testInfo: TestInfo, email: string): Promise<string> {
  await requestResetMail(page, testInfo, email);
  const link = latestResetLink(email);
  expect(link, "a reset mail was written to the outbox").not.toBeNull();
  return link!;
}

/**
 * Clicks a form's submit button and returns the POST's response: the document with JavaScript off,
 * the `?_data` fetch with it on (both carry the action's status).
 */
export async function submitForm(page: Page, buttonName: string): Promise<Response> {
  const posted = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: buttonName }).click();
  return posted;
}

/** Fills the new password pair of the reset or change form. */
export async function fillNewPassword(page: Page, password: string, confirmation = password): Promise<void> {
  await page.getByLabel(Label.newPassword, { exact: true }).fill(password);
  await page.getByLabel(Label.newPasswordConfirmation, { exact: true }).fill(confirmation);
}
