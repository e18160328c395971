// Accessibility kept at zero findings, JavaScript on and off: every page, in every state a
// person meets it (logged out, logged in, each wizard step, each form sent with errors, an entry
// under review, inadequate, reviewed, contracted, late), has
// 1. no axe-core violation of the WCAG 2.0/2.1 A and AA rules, at the desktop width, and
// 2. touch targets of at least 44 × 44 CSS px on a 375 × 812 phone (WCAG 2.5.5), except a link
//    inside running text (WCAG 2.5.8's inline exception, see `smallTargets`).
// A failure lists every finding with what to fix (the rule, its impact, the elements, the help).
// One test per page, or per state of a page's few forms: a test's time is a few pages', whatever the machine.

import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test as base } from "./fixtures";
import { STRONG_PASSWORD, registerThroughUpstream, spendLookups } from "./support";
import { markDelayAfterDeadline, runOperator, UpstreamUser, reviewClaims } from "./support-account";
import { MIDORI_URL } from "./support-brands";
import { latestResetLink } from "./support-passwords";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 720 };
/** WCAG 2.5.5 (AAA) target size, asked by the issue on a phone. */
const MIN_TARGET = 44;

/** axe-core's WCAG 2 A/AA violations on the page as it is now, one readable line block each. */
async function axeFindings(page: Page, where: string): Promise<string[]> {
  // Only violations are read: axe then skips collecting the passing and undecided nodes (faster).
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return violations.map((violation) =>
    [
      `${where}: ${violation.id} (${violation.impact ?? "?"}): ${violation.help}`,
      ...violation.nodes.map(
        (node) => `    ${node.target.map((t) => JSON.stringify(t)).join(" ")} ${node.failureSummary ?? ""}`,
      ),
      `    ${violation.helpUrl}`,
    ].join("\n"),
  );
}

/**
 * The visible interactive elements smaller than 44 × 44 CSS px: links, buttons, inputs (not hidden
 * ones), selects, textareas, summaries; a radio or checkbox counts by the label that wraps it (the
 * label is what a finger presses). Not visible: no box, a 1 px visually-hidden element, or one
 * moved off the page (the skip link until it is focused, the honeypot).
 *
 * The inline exception (WCAG 2.5.8: "the target is in a sentence or its size is otherwise
 * constrained by the line-height of non-target text"): a link laid out inline (computed display
 * `inline`) whose nearest block container has text of its own besides the link's is exempt. A link
 * alone in its paragraph, list item or nav is not in a sentence and must be 44 px.
 */
async function smallTargets(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate((min) => {
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : "";
      const classes = [...element.classList].map((name) => `.${name}`).join("");
      const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 30);
      return `<${element.tagName.toLowerCase()}${id}${classes}> "${text}"`;
    };
    const isShown = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return false;
      if (box.right + window.scrollX <= 0 || box.bottom + window.scrollY <= 0) return false;
      return element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    };
    const isInline = (element: Element) => {
      if (getComputedStyle(element).display !== "inline") return false;
      let block = element.parentElement;
      while (block && /^(inline|contents)$/.test(getComputedStyle(block).display)) {
        block = block.parentElement;
      }
      if (!block) return false;
      const own = (element.textContent ?? "").replace(/\s+/g, "");
      const around = (block.textContent ?? "").replace(/\s+/g, "");
      return around.length > own.length;
    };
    const targets = new Set<Element>();
    for (const element of document.querySelectorAll(
      "a[href], button, input:not([type=hidden]), select, textarea, summary",
    )) {
      const type = element.getAttribute("type");
      const wrapping = element.closest("label");
      if ((type === "radio" || type === "checkbox") && wrapping) targets.add(wrapping);
      else targets.add(element);
    }
    const small: string[] = [];
    for (const element of targets) {
      if (!isShown(element) || (element.tagName === "A" && isInline(element))) continue;
      const box = element.getBoundingClientRect();
      // Half a pixel of rounding (2.75rem is 44 px; sub-pixel layout may report 43.99).
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        small.push(`${describe(element)} ${box.width.toFixed(1)}×${box.height.toFixed(1)}`);
      }
    }
    return small;
  }, MIN_TARGET);
  return found.map((line) => `${where} at ${PHONE.width} px: target under ${MIN_TARGET} px: ${line}`);
}

/**
 * axe runs inside the page, which JavaScript off forbids. Without JavaScript the page is what the
 * server sent, so its copy (the document as it is now, without scripts, with the app's own styles
 * and images) is scanned in a page of the same browser that allows axe's script. What `<noscript>`
 * holds is shown there as the page without JavaScript shows it.
 */
async function copyForAxe(page: Page, copy: Page): Promise<Page> {
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<\/?noscript>/gi, "");
  await copy.unrouteAll();
  await copy.route("**/*", (route) => {
    const request = route.request();
    if (request.isNavigationRequest()) {
      return route.fulfill({ body: html, contentType: "text/html; charset=utf-8" });
    }
    return request.resourceType() === "script" ? route.abort() : route.continue();
  });
  await copy.goto(page.url());
  return copy;
}

const test = base.extend<{
  /** Scans the page as it is now: axe at the desktop width, then the touch targets on a phone. */
  check(label?: string): Promise<string[]>;
}>({
  check: async ({ page, browser, javaScript }, use) => {
    // A context made in a test takes the project's options: JavaScript is allowed here explicitly.
    const copyContext = javaScript
      ? null
      : await browser.newContext({ javaScriptEnabled: true, viewport: DESKTOP, locale: "ja-JP" });
    const copy = copyContext ? await copyContext.newPage() : null;
    await use(async (label) => {
      const url = new URL(page.url());
      const where = label ?? `${url.pathname}${url.search}`;
      const findings = await axeFindings(copy ? await copyForAxe(page, copy) : page, where);
      await page.setViewportSize(PHONE);
      findings.push(...(await smallTargets(page, where)));
      await page.setViewportSize(DESKTOP);
      return findings;
    });
    await copyContext?.close();
  },
});

function expectNone(findings: string[]) {
  expect(findings, `\n${findings.join("\n")}\n`).toEqual([]);
}

// No trace: a failure lists every finding itself, and tracing some sixty pages, each with axe
// injected, made the spec about a sixth slower.
test.use({ viewport: DESKTOP, trace: "off" });

for (const path of [
  "/",
  "/login",
  "/register",
  "/register/complete",
  "/profile/password/reset/recover",
  "/profile/password/reset/done",
  "/profile/password/reset/reset/done",
  "/company/mail/verify?key=not-a-key",
  "/company/mail/complete",
  "/ext/signup",
  "/entry/complete",
  "/terms",
  "/policy/privacy",
  "/policy/security",
  "/legal/sct",
  "/unsupported",
  "/maintenance",
  "/ext/authentication_error",
  "/404",
  "/no-such-page",
  `${MIDORI_URL}/`,
  `${MIDORI_URL}/login`,
  // The white label's registration asks the partner bank's consent: its own box.
  `${MIDORI_URL}/register`,
]) {
  test(`logged out: ${path}`, async ({ open, check }) => {
    await open(path);
    expectNone(await check(path));
  });
}

/** Presses the form's button and waits for the answer's error summary (every form has one). */
async function sendWithErrors(page: Page, button: string | RegExp) {
  await page
    .getByRole("button", { name: button, exact: typeof button === "string" })
    .first()
    .click();
  await expect(page.locator(".error-summary")).toBeVisible();
  await page.waitForLoadState("load");
}

test("logged out: each form sent empty, the password reset from its mail", async ({
  page,
  open,
  check,
  freshEmail,
}) => {
  const findings: string[] = [];
  await open("/login");
  await sendWithErrors(page, "ログイン");
  findings.push(...(await check("/login sent empty")));
  await open("/register");
  await sendWithErrors(page, "同意して登録する");
  findings.push(...(await check("/register sent empty")));
  await open("/profile/password/reset/recover");
  await sendWithErrors(page, "再設定用のメールを送る");
  findings.push(...(await check("/profile/password/reset/recover sent empty")));

  const email = freshEmail("a11y-reset");
  await registerThroughUpstream(email);
  await open("/profile/password/reset/recover");
  await page.getByLabel("メールアドレス", { exact: false }).fill(email);
  await page.getByRole("button", { name: "再設定用のメールを送る" }).click();
  await expect(page).toHaveURL(/\/profile\/password\/reset\/done$/);
  await page.waitForLoadState("load");
  const link = new URL(latestResetLink(email)!);
  await open(`${link.pathname}${link.search}`);
  findings.push(...(await check("the reset form")));
  await sendWithErrors(page, "パスワードを設定する");
  findings.push(...(await check("the reset form sent empty")));
  expectNone(findings);
});

type LogInAs = (user: UpstreamUser, url?: string) => Promise<void>;

/** A new account (profile not filled), logged in and on `url`: the account pages' case. */
async function accountHolder(freshEmail: (label?: string) => string, logInAs: LogInAs, url: string) {
  await logInAs(await UpstreamUser.register(freshEmail("a11y-account")), url);
}

for (const path of [
  "/mypage",
  "/mypage?error=entry_blocked",
  "/profile",
  "/register/profile",
  "/register/activation",
  "/profile/password/change",
  "/profile/password/change/done",
  "/profile/mail/change/done",
  "/register/pre_entry",
]) {
  test(`logged in: ${path}`, async ({ check, freshEmail, logInAs }) => {
    await accountHolder(freshEmail, logInAs, path);
    expectNone(await check());
  });
}

test("logged in: the profile and the password forms sent with errors", async ({
  page,
  open,
  check,
  freshEmail,
  logInAs,
}) => {
  const findings: string[] = [];
  await accountHolder(freshEmail, logInAs, "/register/profile");
  await sendWithErrors(page, "登録する");
  findings.push(...(await check("/register/profile sent empty")));
  await open("/profile");
  const office = page.getByRole("group", { name: "事業所の所在地・連絡先" });
  await office.getByLabel("郵便番号 ※必須").fill("12-345");
  await office.getByLabel("電話番号 ※必須").fill("1234");
  await sendWithErrors(page, "登録する");
  findings.push(...(await check("/profile with errors")));
  await open("/profile/password/change");
  await sendWithErrors(page, "パスワードを変更する");
  findings.push(...(await check("/profile/password/change sent empty")));
  expectNone(findings);
});

test("logged in: the pre-entry screening sent empty, then declined, and My page refusing entries", async ({
  page,
  open,
  check,
  freshEmail,
  logInAs,
}) => {
  const findings: string[] = [];
  await accountHolder(freshEmail, logInAs, "/register/pre_entry");
  await sendWithErrors(page, "回答して結果を見る");
  findings.push(...(await check("/register/pre_entry sent empty")));
  // The screening answered (declined, the result with its reasons), then My page refusing entries.
  await page.getByLabel(/事業を始めてからの年数/).fill("3");
  await page.getByLabel(/年間の売上高/).fill("12,000,000");
  await page
    .getByRole("group", { name: /請求書（適格請求書）の発行/ })
    .getByLabel("発行している")
    .check();
  await page
    .getByRole("group", { name: /税金の滞納/ })
    .getByLabel("滞納がある")
    .check();
  await page.getByRole("button", { name: "回答して結果を見る" }).click();
  await expect(page).toHaveURL(/\/pre_entry\/result$/);
  await page.waitForLoadState("load");
  findings.push(...(await check("/pre_entry/result (declined)")));
  await open("/mypage");
  findings.push(...(await check("/mypage after a declined screening")));
  expectNone(findings);
});

test("the wizard: each step filled, a file's delete opened, check and submit, the complete page", async ({
  applicantOn,
  page,
  open,
  check,
}) => {
  const findings: string[] = [];
  await applicantOn("/mypage", "corporate", { financialDone: true, withdrawalDone: true });
  for (const path of ["/mypage", "/entry/entry_invoice", "/entry", "/entry/withdrawal_details"]) {
    await open(path);
    findings.push(...(await check()));
  }
  await open("/entry/entry_invoice");
  await page.locator("details.delete-confirmation > summary").first().click();
  findings.push(...(await check("/entry/entry_invoice with a delete confirmation open")));
  await open("/profile/before_entry");
  findings.push(...(await check()));
  await page.getByRole("button", { name: "この内容で申し込む" }).click();
  await expect(page).toHaveURL(/\/entry\/complete/);
  await page.waitForLoadState("load");
  findings.push(...(await check("/entry/complete after submitting")));
  expectNone(findings);
});

test("the wizard's errors: the invoice step and the financial step sent with nothing filled", async ({
  page,
  check,
  applicantOnInvoiceStep,
  userAtStep,
  logInAs,
}) => {
  const findings: string[] = [];
  await applicantOnInvoiceStep("a11y-invoice");
  findings.push(...(await check("/entry/entry_invoice empty")));
  await sendWithErrors(page, "次へ（決算書類）");
  findings.push(...(await check("/entry/entry_invoice 次へ with nothing filled")));
  // A second claim brings each claim's remove button.
  await page.getByRole("button", { name: "請求書を追加する" }).click();
  await expect(page.getByRole("group", { name: "請求書2", exact: true })).toBeVisible();
  await page.waitForLoadState("load");
  findings.push(...(await check("/entry/entry_invoice with two claims")));

  await page.context().clearCookies();
  const user = await userAtStep("individual");
  await logInAs(user, "/entry");
  findings.push(...(await check("/entry (individual)")));
  await sendWithErrors(page, "次へ");
  findings.push(...(await check("/entry 次へ with nothing answered")));
  expectNone(findings);
});

function reviewCanBuy(claimId: number) {
  reviewClaims([claimId], { decision: "can_buy", principal: 1_000_000 });
}

/** A confirmed user with an entry under review, logged in: an entry's states start here. */
async function entryOwner(freshEmail: (label?: string) => string, logInAs: LogInAs) {
  const user = await UpstreamUser.register(freshEmail("a11y-detail"));
  runOperator("confirm-identity", String(user.id));
  const entry = await user.createEntry();
  const detail = `/entry/detail/${entry.id}`;
  await logInAs(user, detail);
  return { entry, claimId: entry.claimIds[0]!, detail };
}

test("after submission, under review: the detail, a cancel without the tick, the contract and resubmission pages", async ({
  page,
  open,
  check,
  freshEmail,
  logInAs,
}) => {
  const findings: string[] = [];
  const { entry } = await entryOwner(freshEmail, logInAs);
  findings.push(...(await check("detail under review")));
  await sendWithErrors(page, "お申し込みをキャンセルする");
  findings.push(...(await check("detail: cancel without the tick")));
  await open(`/entry/contract/${entry.id}`);
  findings.push(...(await check("contract of an entry under review")));
  await open(`/entry/resubmit/${entry.id}`);
  findings.push(...(await check("resubmit with nothing inadequate")));
  expectNone(findings);
});

test("after submission, inadequate: My page, the detail, the resubmission and its errors", async ({
  page,
  open,
  check,
  freshEmail,
  logInAs,
}) => {
  const findings: string[] = [];
  const { entry, claimId, detail } = await entryOwner(freshEmail, logInAs);
  reviewClaims([claimId], {
    decision: "inadequate",
    reason: "請求書の日付が読めません。",
    document: "invoice",
  });
  await open("/mypage");
  findings.push(...(await check("/mypage with documents to fix")));
  await open(detail);
  await expect(page.locator(".entry-detail-head")).toContainText("不備あり");
  findings.push(...(await check("detail inadequate")));
  await open(`/entry/resubmit/${entry.id}`);
  findings.push(...(await check("resubmit")));
  await sendWithErrors(page, "再提出する");
  findings.push(...(await check("resubmit sent without the new file")));
  expectNone(findings);
});

test("after submission, reviewed: My page, the detail, the agreement, the contract with its errors and its complete page, the detail contracted", async ({
  page,
  open,
  check,
  freshEmail,
  logInAs,
}) => {
  const findings: string[] = [];
  const { entry, claimId, detail } = await entryOwner(freshEmail, logInAs);
  reviewCanBuy(claimId);
  await open("/mypage");
  findings.push(...(await check("/mypage with a contract to agree")));
  await open(detail);
  await expect(page.locator(".entry-detail-head")).toContainText("審査完了");
  findings.push(...(await check("detail reviewed")));
  await open(`/entry/${entry.id}/factoring_service_agreement`);
  findings.push(...(await check("the agreement")));
  await open(`/entry/contract/${entry.id}`);
  findings.push(...(await check("contract")));
  await sendWithErrors(page, "同意して契約する");
  findings.push(...(await check("contract without consent")));
  await page.getByLabel(/ファクタリングサービス契約書と上記の買取条件に同意します/).check();
  await page.getByRole("button", { name: "同意して契約する" }).click();
  await expect(page).toHaveURL(/\/entry\/contract\/complete\?entry=\d+$/);
  await page.waitForLoadState("load");
  findings.push(...(await check("/entry/contract/complete")));
  await open(detail);
  findings.push(...(await check("detail contracted")));
  expectNone(findings);
});

test("after submission, paid out and then late: the detail, My page and the detail with a late return", async ({
  page,
  open,
  check,
  freshEmail,
  logInAs,
}) => {
  const findings: string[] = [];
  const { entry, claimId, detail } = await entryOwner(freshEmail, logInAs);
  reviewCanBuy(claimId);
  runOperator("mark-contracted", String(entry.id));
  runOperator("mark-transferred", String(entry.id));
  await open(detail);
  await expect(page.getByRole("link", { name: /返金期日をカレンダーに登録する/ })).toBeVisible();
  findings.push(...(await check("detail transferred")));
  markDelayAfterDeadline(claimId);
  await open("/mypage");
  findings.push(...(await check("/mypage with a late return")));
  await open(detail);
  await expect(page.getByRole("region", { name: "お振込とご返金" }).getByRole("alert")).toBeVisible();
  findings.push(...(await check("detail with a late return")));
  expectNone(findings);
});

test("cancelled: the cancel complete page and the ended entry's detail", async ({
  page,
  open,
  check,
  freshEmail,
  logIn,
}) => {
  const findings: string[] = [];
  const email = freshEmail("a11y-cancel");
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  const entry = await user.createEntry();
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await open(`/entry/detail/${entry.id}`);
  await page.getByLabel(/キャンセルすると元に戻せないことを確認しました/).check();
  await page.getByRole("button", { name: "お申し込みをキャンセルする" }).click();
  await expect(page).toHaveURL(/\/entry\/cancel\/complete$/);
  await page.waitForLoadState("load");
  findings.push(...(await check()));
  await open(`/entry/detail/${entry.id}`);
  findings.push(...(await check("detail cancelled")));
  expectNone(findings);
});

test("the Japanese-first pickers' states: a bank search's matches and refusals, a postcode not found, a holiday payment date", async ({
  page,
  javaScript,
  open,
  check,
  userAtStep,
  logInAs,
}) => {
  const findings: string[] = [];
  const user = await userAtStep("corporate", { financialDone: true });
  await logInAs(user, "/entry/withdrawal_details");
  const payout = page.getByRole("group", { name: "お振込先口座（買取代金のお振込先）" });
  await payout.getByRole("button", { name: "金融機関を検索" }).click();
  await expect(payout.getByText("金融機関名を入力してから検索してください。").first()).toBeVisible();
  await page.waitForLoadState("load");
  findings.push(...(await check("/entry/withdrawal_details a bank search with nothing typed")));
  await payout.getByLabel(/^金融機関名/).fill("みついすみとも");
  await payout.getByLabel(/^金融機関名/).blur();
  if (!javaScript) {
    await payout.getByRole("button", { name: "金融機関を検索" }).click();
    await expect(page.getByRole("button", { name: "この金融機関を選択" })).toBeVisible();
    findings.push(...(await check("/entry/withdrawal_details a bank search's matches")));
  }

  await open("/entry/entry_invoice");
  const claim = page.locator("#claim-1");
  // The next 元日: a bank holiday never more than a year ahead.
  const nextNewYear = `${new Date(Date.now() + 9 * 3600_000).getUTCFullYear() + 1}-01-01`;
  await claim.getByLabel(/^入金予定日/).fill(nextNewYear);
  await page.getByRole("button", { name: "下書き保存" }).click();
  await expect(claim.getByText(/銀行休業日/).first()).toBeVisible();
  await page.waitForLoadState("load");
  findings.push(...(await check("/entry/entry_invoice a payment date on a holiday")));

  await open("/profile");
  const office = page.getByRole("group", { name: "事業所の所在地・連絡先" });
  await office.getByLabel("郵便番号 ※必須").fill("");
  await office.getByRole("button", { name: "住所を検索" }).click();
  await expect(office.getByText(/郵便番号を入力してから/).first()).toBeVisible();
  await page.waitForLoadState("load");
  findings.push(...(await check("/profile a postcode search with nothing typed")));

  // Past the session's look-up limit (decision 0023): the refusal under the bank field or at it, and
  // in the postcode's note.
  await spendLookups(page);
  await open("/profile");
  const bank = page.getByLabel(/^金融機関名/);
  if (javaScript) await bank.pressSequentially("みずほ");
  else {
    await bank.fill("みずほ");
    await page.getByRole("button", { name: "金融機関を検索" }).click();
  }
  await expect(page.getByText(/検索回数が上限に達しました。/).first()).toBeVisible();
  const owner = page.getByRole("group", { name: "代表者のご自宅・連絡先" });
  await owner.getByLabel("郵便番号 ※必須").fill("530-0001");
  if (!javaScript) await owner.getByRole("button", { name: "住所を検索" }).click();
  await expect(owner.getByRole("status")).toHaveText(/^検索回数が上限に達しました。/);
  await page.waitForLoadState("load");
  findings.push(...(await check("/profile past the look-up limit")));
  expectNone(findings);
});
