// Every form of the product as a phone meets it, at 320 px: each field's text at 16 px or more (iOS
// Safari zooms into a smaller one when it takes focus), the keyboard (inputmode, type) and the
// autofill (autocomplete) its content calls for, and no page wider than the screen. Each page's
// fields are listed in the test's output; a field whose kind is not in FIELD_KINDS fails until it is.

import { type Page, type TestInfo, expect, test } from "./fixtures";
import { STRONG_PASSWORD } from "./support";
import {
  UpstreamUser,
  applicantWithInadequateInvoice,
  applicantWithInadequateStatements,
  runOperator,
  reviewClaims,
} from "./support-account";
import { actionRoutes } from "./support-routes";

const WIDTH = 320;
test.use({ viewport: { width: WIDTH, height: 640 } });

/** What a field holds, which says what it must carry. */
type Kind = keyof typeof RULES;

interface Rule {
  /** The input's type (select-one, textarea and the like for the other controls). */
  type?: readonly string[];
  inputmode?: readonly (string | null)[];
  autocomplete?: readonly (string | null)[];
}

// A field with no standard autofill token and no keyboard of its own is `autocomplete="off"` where
// a browser's own details would be wrong in it (someone else's name, a bank's, an account number).
const RULES = {
  email: { type: ["email"], autocomplete: ["email"] },
  /** The login's address: the account's user name, which a password manager pairs with the password. */
  "login-email": { type: ["email"], autocomplete: ["username"] },
  "current-password": { type: ["password"], autocomplete: ["current-password"] },
  "new-password": { type: ["password"], autocomplete: ["new-password"] },
  phone: { type: ["tel"], autocomplete: ["tel"] },
  postcode: { type: ["text"], inputmode: ["numeric"], autocomplete: ["postal-code"] },
  organization: { type: ["text"], autocomplete: ["organization"] },
  "family-name": { type: ["text"], autocomplete: ["family-name"] },
  "given-name": { type: ["text"], autocomplete: ["given-name"] },
  "address-level1": { type: ["select-one"], autocomplete: ["address-level1"] },
  "address-level2": { type: ["text"], autocomplete: ["address-level2"] },
  "address-line1": { type: ["text"], autocomplete: ["address-line1"] },
  /** Digits only: an account number, a corporate number (法人番号), whole years. */
  digits: { type: ["text"], inputmode: ["numeric"], autocomplete: ["off"] },
  /** Whole yen, typed with or without commas. */
  yen: { type: ["text"], inputmode: ["numeric"], autocomplete: ["off"] },
  date: { type: ["date"], autocomplete: ["off"] },
  /** A name in katakana as a bank prints it (no standard token: a browser's name would be kanji). */
  "kana-name": { type: ["text"], inputmode: [null], autocomplete: ["off"] },
  /** Someone else's details (the customer's company and address, a bank, a branch). */
  "their-text": { type: ["text"], inputmode: [null], autocomplete: ["off"] },
  /** Free text of the person's own words. */
  prose: { type: ["textarea"], inputmode: [null] },
  choice: { type: ["radio", "checkbox", "select-one"] },
  file: { type: ["file"] },
  /** The trap for robots (visually hidden): never filled by a browser. */
  honeypot: { type: ["text"], autocomplete: ["off"] },
} satisfies Record<string, Rule>;

/** Every field name of every form (a row's index as `[]`), by what it holds. */
const FIELD_KINDS: Record<string, Kind> = {
  // Log-in, registration, passwords.
  email: "email",
  password: "new-password",
  password_confirmation: "new-password",
  old_password: "current-password",
  new_password1: "new-password",
  new_password2: "new-password",
  persistLoginState: "choice",
  corporate_division: "choice",
  partner_data_consent: "choice",
  agreement: "choice",
  website: "honeypot",
  // Pre-entry screening.
  years_in_business: "digits",
  annual_sales: "yen",
  has_invoice: "choice",
  has_tax_delinquency: "choice",
  // Profile.
  company_name: "organization",
  last_name: "family-name",
  first_name: "given-name",
  office_zipcode: "postcode",
  office_prefecture: "address-level1",
  office_city: "address-level2",
  office_building_number: "address-line1",
  office_phone: "phone",
  owner_zipcode: "postcode",
  owner_prefecture: "address-level1",
  owner_city: "address-level2",
  owner_building_number: "address-line1",
  owner_phone: "phone",
  sector: "choice",
  business_summary: "prose",
  identity_document_type: "choice",
  bank_name: "their-text",
  branch_name: "their-text",
  deposit_type: "choice",
  bank_account_number: "digits",
  account_holder_name: "kana-name",
  // The wizard and the resubmission.
  purchase_amount_desired: "yen",
  purpose: "prose",
  "claims[].obliger_company_name": "their-text",
  "claims[].houjinbangou": "digits",
  "claims[].houjinbangou_address": "their-text",
  "claims[].amount": "yen",
  "claims[].scheduled_deposit_amount_from_obliger": "yen",
  "claims[].obliger_payment_date": "date",
  "claims[].is_fixed_debt": "choice",
  "claims[].is_bank_transfer_from_obliger": "choice",
  "claims[].receive_payment_account.bank_name": "their-text",
  "claims[].receive_payment_account.deposit_type": "choice",
  "claims[].receive_payment_account.bank_account_number": "digits",
  "claims[].receive_payment_account.obliger_accounts[].holder_name": "kana-name",
  can_submit_financial_statements: "choice",
  tax_return_submissions: "choice",
  includes_sga_expenses: "choice",
  "banks[].bank_name": "their-text",
  "banks[].bank_account_number": "digits",
  "banks[].file_format": "choice",
  "bank_account.bank_name": "their-text",
  "bank_account.branch_name": "their-text",
  "bank_account.deposit_type": "choice",
  "bank_account.bank_account_number": "digits",
  "bank_account.account_holder_name": "kana-name",
  // After submission.
  understood: "choice",
  agreed: "choice",
  "omit_file-[]": "choice",
};

/** The same name meaning something else on one page. */
const KINDS_ON_PAGE: Record<string, Record<string, Kind>> = {
  "/login": { email: "login-email", password: "current-password" },
};

interface Field {
  form: string;
  name: string;
  type: string;
  inputmode: string | null;
  autocomplete: string | null;
  fontSize: number;
}

/** The page's fields (a radio group once), hidden inputs left out. */
function fieldsOf(page: Page): Promise<Field[]> {
  return page.evaluate(() => {
    const seen = new Set<string>();
    const fields: Field[] = [];
    const controls = document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      "input:not([type=hidden]), select, textarea",
    );
    for (const control of controls) {
      const key = `${control.form?.id ?? ""}|${control.name}|${control.type}`;
      if (seen.has(key)) continue;
      seen.add(key);
      fields.push({
        // A form without an id by the path it posts to (its query may carry a token).
        form: control.form?.id || (control.form ? new URL(control.form.action).pathname : ""),
        name: control.name,
        type: control.type,
        inputmode: control.getAttribute("inputmode"),
        autocomplete: control.getAttribute("autocomplete"),
        fontSize: parseFloat(getComputedStyle(control).fontSize),
      });
    }
    return fields;
  });
}

const shown = (value: string | null) => (value === null ? "—" : value);

/** What is wrong with the field, or nothing. */
function problemsOf(path: string, field: Field): string[] {
  const general = field.name.replace(/\[\d+\]/g, "[]").replace(/-\d+$/, "-[]");
  // A file chooser is what its type says, whatever its slot is called.
  const kind = field.type === "file" ? "file" : (KINDS_ON_PAGE[path]?.[general] ?? FIELD_KINDS[general]);
  if (!kind) return [`${field.name}: not classified (add it to FIELD_KINDS)`];
  const rule: Rule = RULES[kind];
  const problems: string[] = [];
  if (field.fontSize < 16) problems.push(`${field.name}: font-size ${field.fontSize}px under 16px`);
  const check = (what: keyof Rule, actual: string | null) => {
    const allowed = rule[what];
    if (allowed && !allowed.includes(actual as string))
      problems.push(
        `${field.name} (${kind}): ${what} ${shown(actual)}, wants ${allowed.map(shown).join(" or ")}`,
      );
  };
  check("type", field.type);
  check("inputmode", field.inputmode);
  check("autocomplete", field.autocomplete);
  return problems;
}

/**
 * Opens each page, attaches its fields' listing and answers what breaks the rules, the page's
 * width included.
 */
async function checkForms(page: Page, testInfo: TestInfo, paths: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    if (testInfo.project.use.javaScriptEnabled !== false)
      await page.waitForFunction(
        () =>
          !document.documentElement.hasAttribute("data-scripts") ||
          document.documentElement.dataset.hydrated === "true",
      );
    const landed = new URL(page.url()).pathname;
    expect(landed, `${path} is shown, not a redirect`).toBe(new URL(path, "http://x").pathname);
    const label = landed.replace(/\/[0-9a-z-]{20,}(\/|$)/i, "/…$1");
    const fields = await fieldsOf(page);
    expect(fields.length, `${path} has fields`).toBeGreaterThan(0);
    const listing = fields
      .map(
        (field) =>
          `${field.form || "-"}\t${field.name}\t${field.type}\t${shown(field.inputmode)}\t${shown(field.autocomplete)}\t${field.fontSize}px`,
      )
      .join("\n");
    await testInfo.attach(`fields of ${label}`, {
      body: `form\tname\ttype\tinputmode\tautocomplete\tfont-size\n${listing}\n`,
      contentType: "text/plain",
    });
    for (const field of fields)
      problems.push(...problemsOf(landed, field).map((problem) => `${label}: ${problem}`));
    const width = await page.evaluate(() =>
      Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    );
    if (width > WIDTH) problems.push(`${label}: ${width}px wide at ${WIDTH}px`);
  }
  return problems;
}

/** Each route with an action, and where this spec meets its form (null: buttons only, nothing typed). */
const FORM_ROUTES: Record<string, string | null> = {
  "routes/_anonymous.login": "/login",
  "routes/_anonymous.register": "/register",
  "routes/_anonymous.profile.password.reset.recover": "/profile/password/reset/recover",
  "routes/_anonymous.profile.password.reset.reset.$": "the reset mail's link",
  "routes/_mypage.register.profile": "/register/profile",
  "routes/_mypage.register.pre_entry": "/register/pre_entry",
  "routes/_mypage.profile": "/profile",
  "routes/_mypage.profile_.password.change": "/profile/password/change",
  "routes/_entry.entry": "/entry",
  "routes/_entry.entry_.entry_invoice": "/entry/entry_invoice",
  "routes/_entry.entry_.withdrawal_details": "/entry/withdrawal_details",
  "routes/_mypage.entry.detail.$entryId": "/entry/detail/:id",
  "routes/_mypage.entry.contract.$entryId": "/entry/contract/:id",
  "routes/_mypage.entry.resubmit.$entryId": "/entry/resubmit/:id",
  // A confirming button each, or a redirect.
  "routes/_anonymous.company.mail.verify": null,
  "routes/_anonymous.profile.password.reset.recover_.$": null,
  "routes/_entry.profile.before_entry": null,
  "routes/_mypage.register.activation": null,
  "routes/logout": null,
  "routes/$": null,
};

test("every route with an action is met by this spec or has no field to type in", async () => {
  const ids = (await actionRoutes()).map((route) => route.id).sort();
  expect(ids).toEqual(Object.keys(FORM_ROUTES).sort());
});

test("the log-in, registration and password-reset forms suit a phone", async ({
  page,
  freshEmail,
  resetLinkFor,
}, testInfo) => {
  const user = await UpstreamUser.register(freshEmail("phone-reset"));
  const link = new URL(await resetLinkFor(user.email));
  const paths = ["/login", "/register", "/profile/password/reset/recover", link.pathname + link.search];
  expect(await checkForms(page, testInfo, paths)).toEqual([]);
});

test("a new account's profile, pre-entry and password forms suit a phone", async ({
  page,
  freshEmail,
  logIn,
}, testInfo) => {
  const email = freshEmail("phone-new");
  await UpstreamUser.register(email);
  await logIn(email, STRONG_PASSWORD);
  const paths = ["/register/profile", "/register/pre_entry", "/profile/password/change"];
  expect(await checkForms(page, testInfo, paths)).toEqual([]);
});

test("the profile and the wizard's steps suit a phone, a corporation's", async ({
  applicantOn,
  page,
}, testInfo) => {
  await applicantOn("/mypage", "corporate", { financialDone: true, withdrawalDone: true });
  const paths = ["/profile", "/entry/entry_invoice", "/entry", "/entry/withdrawal_details"];
  expect(await checkForms(page, testInfo, paths)).toEqual([]);
});

test("the financial step suits a phone, a sole proprietor's", async ({
  page,
  logInAs,
  userAtStep,
}, testInfo) => {
  const user = await userAtStep("individual");
  await logInAs(user);
  expect(await checkForms(page, testInfo, ["/profile", "/entry"])).toEqual([]);
});

test("the detail's cancel, the contract and the resubmissions suit a phone", async ({
  page,
  freshEmail,
  logIn,
}, testInfo) => {
  const reviewed = await UpstreamUser.register(freshEmail("phone-contract"));
  runOperator("confirm-identity", String(reviewed.id));
  const entry = await reviewed.createEntry();
  reviewClaims([entry.claimIds[0]], { decision: "can_buy", principal: 1_000_000 });
  await logIn(reviewed.email, STRONG_PASSWORD);
  const problems = await checkForms(page, testInfo, [
    `/entry/detail/${entry.id}`,
    `/entry/contract/${entry.id}`,
  ]);

  for (const inadequate of [applicantWithInadequateInvoice, applicantWithInadequateStatements]) {
    const { email, entry: resubmitted } = await inadequate(freshEmail);
    await page.context().clearCookies();
    await logIn(email, STRONG_PASSWORD);
    problems.push(...(await checkForms(page, testInfo, [`/entry/resubmit/${resubmitted.id}`])));
  }
  expect(problems).toEqual([]);
});
