// The browser tests' fixtures: what every flow test needs, bound to the test's page and project, so a
// spec says what it does (`await open("/login")`) instead of threading `page` and `testInfo` through
// every helper. Each fixture calls the one implementation in support*.ts, which the multi-step
// helpers (the wizard runs, the account set-ups) share.

import { test as base, type Locator } from "@playwright/test";
import { describeFindings, watchHtml } from "./html-check";
import { isJavaScriptOn, logIn, openPage, uniqueEmail, uploadInto, waitForHydration } from "./support";
import { requestResetMail, resetLinkFor } from "./support-passwords";
import { newUserOnProfilePage } from "./support-profile";
import { applicantOnInvoiceStep, uploadClaimFile } from "./support-wizard-invoice";
import { type WizardUser, logInAs, readyToApply, uploadAndWait, userAtStep } from "./support-wizard-steps";

type FilePayload = Parameters<typeof uploadInto>[3];

export interface AppFixtures {
  /** Whether this project runs with JavaScript on (every flow runs twice: on and off). */
  javaScript: boolean;
  /** Goes to `url` and, with JavaScript on, waits until React has hydrated (a click before that is a plain post). */
  open(url: string): ReturnType<typeof openPage>;
  /** With JavaScript on, waits until the page now shown has hydrated. */
  hydrated(): Promise<void>;
  /** A fresh e-mail address for this test and project, so runs never collide. */
  freshEmail(label?: string): string;
  /** Logs in through /login as a person does (the form, the button). */
  logIn(email: string, password: string, persist?: boolean): Promise<void>;
  /**
   * Logs in as a user set up through the upstream (over HTTP: the login page is not under test) and
   * opens `url`, My page unless told.
   */
  logInAs(user: { email: string }, url?: string): Promise<void>;
  /** A user who may apply, with the financial and withdrawal steps done when asked (upstream fixtures). */
  userAtStep(
    ...args: Parameters<typeof userAtStep> extends [unknown, ...infer Rest] ? Rest : never
  ): Promise<WizardUser>;
  /**
   * A user who may apply, logged in, on `url` (the wizard's specs start so): userAtStep, logInAs and
   * open in one.
   */
  applicantOn(
    url: string,
    ...args: Parameters<typeof userAtStep> extends [unknown, ...infer Rest] ? Rest : never
  ): Promise<WizardUser>;
  /** readyToApply, logged in, on `url`: a user with an empty draft starting there. */
  newApplicantOn(url: string, division: Parameters<typeof readyToApply>[1]): Promise<WizardUser>;
  /** A user who may apply (profile complete, identity confirmed, an empty draft), through the upstream. */
  readyToApply(division: Parameters<typeof readyToApply>[1]): Promise<WizardUser>;
  /** A new user whose identity the operator confirmed, logged in and on the invoice step. */
  applicantOnInvoiceStep(label?: string): ReturnType<typeof applicantOnInvoiceStep>;
  /** A fresh account, logged in, on /register/profile; answers its e-mail address. */
  newUserOnProfilePage(label: string): Promise<string>;
  /** Uploads into claim n's slot and waits until the claim lists the file. */
  uploadClaimFile(
    ...args: Parameters<typeof uploadClaimFile> extends [unknown, unknown, ...infer Rest] ? Rest : never
  ): Promise<void>;
  /** Asks for a password-reset mail through the page, as a person does. */
  requestResetMail(email: string): Promise<void>;
  /** requestResetMail, then the link of the mail in the outbox. */
  resetLinkFor(email: string): Promise<string>;
  /** Puts a file into the slot labelled `label` (with JavaScript it uploads when chosen; without, the slot's button). */
  uploadInto(label: string, file: FilePayload): Promise<Locator>;
  /** uploadInto, then waits until the page lists the file. */
  uploadAndWait(label: string, file: FilePayload): Promise<Locator>;
}

export const test = base.extend<AppFixtures>({
  // Every page state a test visits is valid HTML (html-check.ts): each document served and each
  // page's DOM at the end. A test that already failed is left with its own failure.
  context: async ({ context }, use, testInfo) => {
    const html = watchHtml(context);
    await use(context);
    const findings = await html.finish();
    if (testInfo.status === "passed" && findings.length > 0) throw new Error(describeFindings(findings));
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  javaScript: async ({}, use, testInfo) => use(isJavaScriptOn(testInfo)),
  open: async ({ page }, use, testInfo) => use((url) => openPage(page, url, testInfo)),
  hydrated: async ({ page }, use, testInfo) => use(() => waitForHydration(page, testInfo)),
  // eslint-disable-next-line no-empty-pattern -- as above
  freshEmail: async ({}, use, testInfo) => use((label) => uniqueEmail(testInfo, label)),
  logIn: async ({ page }, use, testInfo) =>
    use((email, password, persist) => logIn(page, testInfo, email, password, persist)),
  logInAs: async ({ page, baseURL }, use, testInfo) =>
    use((user, url) => logInAs(page, testInfo, baseURL!, user, url)),
  // eslint-disable-next-line no-empty-pattern -- as above
  userAtStep: async ({}, use, testInfo) => use((...args) => userAtStep(testInfo, ...args)),
  applicantOn: async ({ page, baseURL }, use, testInfo) =>
    use(async (url, ...args) => {
      const user = await userAtStep(testInfo, ...args);
      await logInAs(page, testInfo, baseURL!, user, url);
      return user;
    }),
  newApplicantOn: async ({ page, baseURL }, use, testInfo) =>
    use(async (url, division) => {
      const user = await readyToApply(testInfo, division);
      await logInAs(page, testInfo, baseURL!, user, url);
      return user;
    }),
  // eslint-disable-next-line no-empty-pattern -- as above
  readyToApply: async ({}, use, testInfo) => use((division) => readyToApply(testInfo, division)),
  applicantOnInvoiceStep: async ({ page }, use, testInfo) =>
    use((label) => applicantOnInvoiceStep(page, testInfo, label)),
  newUserOnProfilePage: async ({ page }, use, testInfo) =>
    use((label) => newUserOnProfilePage(page, testInfo, label)),
  uploadClaimFile: async ({ page }, use, testInfo) =>
    use((...args) => uploadClaimFile(page, testInfo, ...args)),
  requestResetMail: async ({ page }, use, testInfo) =>
    use((email) => requestResetMail(page, testInfo, email)),
  resetLinkFor: async ({ page }, use, testInfo) => use((email) => resetLinkFor(page, testInfo, email)),
  uploadInto: async ({ page }, use, testInfo) =>
    use((label, file) => uploadInto(page, testInfo, label, file)),
  uploadAndWait: async ({ page }, use, testInfo) =>
    use((label, file) => uploadAndWait(page, testInfo, label, file)),
});

// Everything else of Playwright (expect, Page, Locator…) comes from here too: specs import one module.
export * from "@playwright/test";
