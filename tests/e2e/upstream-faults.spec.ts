// Upstream faults (decision 0008), JavaScript on and off, through a fault-injecting proxy (node:http) in
// front of the run's real reference upstream: an app of its own talks to the proxy, which forwards
// everything unless a test sets a fault.
//   - a 2xx the app cannot read is a 502 screen and the session is kept; a login that brings back no
//     session is an error on the login form, never My page.
//   - the entry write stored by the upstream and its answer dropped: the user still ends on
//     「お申し込みを受け付けました」, and exactly one entry exists.
//   - calls that hang show the 499 screen once the page's budget is spent, not after 10 s per call.
// And an upload stored by the upstream whose answer is dropped: the slot lists the file (looked up by
// the upload's key, decision 0022); one the upstream never got still reads as failure.
// And a wizard step's save that meets a 5xx or no answer in time: the error summary above the form as
// typed; an error screen inside the wizard starts again at its step, not at the top page.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { type Page, type TestInfo, test as base, expect } from "./fixtures";
import { ErrorMessage } from "../../app/domain/error-messages";
import { pdfFile } from "./files";
import { STRONG_PASSWORD, UPSTREAM_URL, openPage, startAppAgainst, upstreamDatabase } from "./support";
import { entriesOf, financialStep, invoiceStep, withdrawalStep } from "./support-wizard-run";
import { GOOD_CLAIM, claim, fillClaim, fillEntryFields, press } from "./support-wizard-invoice";
import { applicantWithInadequateInvoice } from "./support-account";

/** Handles a request instead of the upstream when it returns true. */
type Fault = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

const DEADLINE_MS = 4_000;
let fault: Fault | null = null;
/** POSTs to /api/entries/ still to forward and then drop (the upstream stores; the app hears nothing). */
let entryAnswersToDrop = 0;
/** The same for POSTs to /api/uploads/. */
let uploadAnswersToDrop = 0;

function forward(req: http.IncomingMessage, res: http.ServerResponse) {
  const target = new URL(req.url ?? "/", UPSTREAM_URL);
  const isPost = (path: string) => req.method === "POST" && target.pathname === path;
  const dropEntry = isPost("/api/entries/") && entryAnswersToDrop > 0;
  const dropUpload = isPost("/api/uploads/") && uploadAnswersToDrop > 0;
  const drop = dropEntry || dropUpload;
  if (dropEntry) entryAnswersToDrop -= 1;
  if (dropUpload) uploadAnswersToDrop -= 1;
  const outgoing = http.request(
    target,
    { method: req.method, headers: { ...req.headers, host: target.host } },
    (answer) => {
      if (drop) {
        // The upstream has answered (the entry is stored): the app's connection is cut instead.
        answer.resume();
        answer.on("end", () => req.socket.destroy());
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  outgoing.on("error", () => req.socket.destroy());
  req.pipe(outgoing);
}

/** A 200 on `path` with this body and Content-Type, the way a maintenance page or a broken proxy answers. */
function answer200(path: string, body: string, contentType: string): Fault {
  return (req, res) => {
    if (new URL(req.url ?? "/", UPSTREAM_URL).pathname !== path) return false;
    req.resume();
    res.writeHead(200, { "Content-Type": contentType, "Content-Length": Buffer.byteLength(body) });
    res.end(body);
    return true;
  };
}

function startProxy(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (fault?.(req, res)) return;
    forward(req, res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/**
 * The proxy and an app pointed at it, once per worker; every page of this file goes to that app (the
 * wizard helpers open relative paths, so baseURL is overridden).
 */
const test = base.extend<object, { proxiedApp: { url: string } }>({
  proxiedApp: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const proxy = await startProxy();
      const app = await startAppAgainst(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, {
        UPSTREAM_DEADLINE_MS: String(DEADLINE_MS),
      });
      await use(app);
      await app.stop();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    },
    { scope: "worker" },
  ],
  baseURL: async ({ proxiedApp }, use) => use(proxiedApp.url),
});

test.describe.configure({ mode: "default" });

test.beforeEach(() => {
  fault = null;
  entryAnswersToDrop = 0;
  uploadAnswersToDrop = 0;
});

async function expectStillLoggedIn(page: Page, testInfo: TestInfo) {
  fault = null;
  await openPage(page, "/mypage", testInfo);
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByRole("heading", { name: "マイページ", level: 1 })).toBeVisible();
}

const MAINTENANCE = "<!doctype html><html><body><h1>ただいまメンテナンス中です</h1></body></html>";
const MALFORMED_ANSWERS: [string, Fault, string][] = [
  ["an HTML maintenance page on /api/me/", answer200("/api/me/", MAINTENANCE, "text/html"), "/mypage"],
  ["garbage on /api/me/", answer200("/api/me/", '{"version": "1.0", gar', "application/json"), "/mypage"],
  ["an empty 200 on /api/me/", answer200("/api/me/", "", "application/json"), "/mypage"],
  ["a JSON list on /api/me/", answer200("/api/me/", '[{"version": "1.0"}]', "application/json"), "/mypage"],
  [
    "JSON as text/html on /api/me/",
    answer200("/api/me/", '{"version": "1.0", "id": 1}', "text/html"),
    "/mypage",
  ],
  [
    "an HTML page on the settings fetch",
    answer200("/api/system_settings/supress_entries/", MAINTENANCE, "text/html"),
    "/mypage",
  ],
  [
    "a JSON object on the entry list",
    answer200("/api/entries/", '{"results": []}', "application/json"),
    "/mypage",
  ],
];

test("a 2xx the app cannot read shows the 502 screen, and the user is still logged in once the upstream is fine", async ({
  page,
  open,
  logInAs,
  readyToApply,
}, testInfo) => {
  const user = await readyToApply("corporate");
  await logInAs(user);
  let kept = 0;
  for (const [what, injected, path] of MALFORMED_ANSWERS) {
    fault = injected;
    await open(path);
    await expect(page.getByText("エラーコード: 502"), what).toBeVisible();
    await expectStillLoggedIn(page, testInfo);
    kept += 1;
  }
  testInfo.annotations.push({
    type: "faults tried / sessions kept",
    description: `${MALFORMED_ANSWERS.length} / ${kept}`,
  });
  console.log(
    `[upstream faults] malformed answers tried / sessions kept: ${MALFORMED_ANSWERS.length} / ${kept}`,
  );
});

test("a login the upstream answers 200 without a session cookie is an error on the login form, never My page", async ({
  page,
  open,
  logIn,
  readyToApply,
}) => {
  const user = await readyToApply("corporate");
  fault = answer200("/api/auth/", JSON.stringify({ id: user.id, email: user.email }), "application/json");
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/login",
  );
  await logIn(user.email, STRONG_PASSWORD);
  expect((await answered).status()).toBe(502);
  await expect(page.getByText(ErrorMessage.loginNoSession)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  fault = null;
  await open("/mypage");
  await expect(page).toHaveURL(/\/login/);
});

test("the entry write stored and its answer dropped: the user reads お申し込みを受け付けました and one entry exists", async ({
  page,
  logInAs,
  readyToApply,
}, testInfo) => {
  test.setTimeout(120_000);
  const user = await readyToApply("corporate");
  await logInAs(user);
  await invoiceStep(page, testInfo);
  await financialStep(page, testInfo, "corporate");
  await withdrawalStep(page, testInfo);

  entryAnswersToDrop = 1;
  await page.getByRole("button", { name: "この内容で申し込む" }).click();
  await expect(page).toHaveURL(/\/entry\/complete\?entry=\d+$/);
  await expect(page.getByRole("heading", { name: "お申し込みを受け付けました" })).toBeVisible();
  expect(entryAnswersToDrop).toBe(0);
  expect(entriesOf(user)).toEqual([{ status: 1, claims: 1 }]);
});

// The budget's arithmetic (one deadline for every call, not 10 s each) is timed on a test clock in
// tests/unit/upstream/client.test.ts; here, what the person sees once it is spent.
test("calls that hang show the 499 screen once the page's budget is spent; the session is kept", async ({
  page,
  logInAs,
  readyToApply,
}, testInfo) => {
  const user = await readyToApply("corporate");
  await logInAs(user);
  const held: http.ServerResponse[] = [];
  fault = (req, res) => {
    if (!(req.url ?? "").startsWith("/api/")) return false;
    req.resume();
    held.push(res);
    return true;
  };
  await page.goto("/mypage");
  await expect(page.getByText("エラーコード: 499")).toBeVisible();
  // The app gave up on its own: the upstream's answers never came.
  expect(held.length).toBeGreaterThan(0);
  expect(held.every((res) => !res.writableEnded)).toBe(true);
  for (const res of held) res.destroy();
  await expectStillLoggedIn(page, testInfo);
});

/** The names of the user's stored uploads, in the run's upstream database. */
function storedNames(userId: number): string[] {
  const db = upstreamDatabase();
  try {
    const rows = db.prepare("SELECT name FROM uploads WHERE user_id = ? ORDER BY id").all(userId);
    return (rows as { name: string }[]).map((row) => row.name);
  } finally {
    db.close();
  }
}

test("an upload stored and its answer dropped: the slot lists the file, as when the answer comes", async ({
  page,
  applicantOnInvoiceStep,
  uploadClaimFile,
}, testInfo) => {
  const { user } = await applicantOnInvoiceStep("lost-upload");
  uploadAnswersToDrop = 1;
  await uploadClaimFile(1, "請求書", pdfFile("請求書.pdf"));
  expect(uploadAnswersToDrop).toBe(0);
  const slot = page.locator(".upload-slot").filter({ has: page.getByLabel("請求書1の請求書") });
  await expect(slot.getByRole("alert")).toHaveCount(0);
  expect(storedNames(user.id)).toEqual(["請求書.pdf"]);
  await page.screenshot({ path: `/tmp/quota-lost-answer-${testInfo.project.name}.png`, fullPage: true });
});

test("an upload the upstream never got still reads as failure: アップロードエラー at the slot, or the 499 screen", async ({
  page,
  javaScript,
  applicantOnInvoiceStep,
  uploadInto,
}) => {
  const { user } = await applicantOnInvoiceStep("unsent-upload");
  // Read to its end and never passed on; the connection goes without an answer.
  fault = (req) => {
    if (req.method !== "POST" || new URL(req.url ?? "/", UPSTREAM_URL).pathname !== "/api/uploads/")
      return false;
    req.resume();
    req.on("end", () => req.socket.destroy());
    return true;
  };
  const slot = await uploadInto("請求書1の請求書", pdfFile("請求書.pdf"));
  if (javaScript) await expect(slot.getByRole("alert")).toHaveText(`エラー：${ErrorMessage.uploadError}`);
  else await expect(page.getByText("エラーコード: 499")).toBeVisible();
  expect(storedNames(user.id)).toEqual([]);
});

/** Answers the draft's save (PATCH /api/draft_entry/) itself; every other call goes through. */
function onDraftSave(handle: (res: http.ServerResponse) => void): Fault {
  return (req, res) => {
    if (req.method !== "PATCH" || new URL(req.url ?? "/", UPSTREAM_URL).pathname !== "/api/draft_entry/")
      return false;
    req.resume();
    handle(res);
    return true;
  };
}

/** The invoice step's answer to the next post of its form. */
const stepAnswer = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname === "/entry/entry_invoice",
  );

/** What fillEntryFields and fillClaim(GOOD_CLAIM) typed is all still in the fields. */
async function expectTypedKept(page: Page) {
  await expect(page.getByLabel("希望買取額（円）", { exact: false })).toHaveValue("1,000,000");
  await expect(page.getByLabel("資金使途", { exact: false })).toHaveValue("仕入れ代金の支払い");
  const first = claim(page, 1);
  await expect(first.getByLabel("売掛先の会社名", { exact: false })).toHaveValue(GOOD_CLAIM.company);
  await expect(first.getByLabel("請求書額面（税込・円）", { exact: false })).toHaveValue(GOOD_CLAIM.amount);
  await expect(first.getByLabel("口座番号", { exact: false })).toHaveValue(GOOD_CLAIM.accountNumber);
  await expect(
    first.getByRole("group", { name: /請求金額は確定していますか/ }).getByRole("radio", { name: "はい" }),
  ).toBeChecked();
}

test("下書き保存 meeting a 5xx shows ステータス 503 in the error summary above the form, everything typed kept", async ({
  page,
  applicantOnInvoiceStep,
}, testInfo) => {
  await applicantOnInvoiceStep("save-5xx");
  await fillEntryFields(page);
  await fillClaim(page, 1, GOOD_CLAIM);
  fault = onDraftSave((res) => {
    res.writeHead(503, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ detail: "Service Unavailable" }));
  });
  const answered = stepAnswer(page);
  await press(page, "下書き保存");
  expect((await answered).status()).toBe(503);
  const summary = page.locator(".error-summary");
  await expect(summary).toContainText(ErrorMessage.status(503));
  await expect(page).toHaveURL(/\/entry\/entry_invoice$/);
  await expectTypedKept(page);
  // Above the form: the summary comes before the first field.
  const summaryBox = await summary.boundingBox();
  const fieldBox = await page.getByLabel("希望買取額（円）", { exact: false }).boundingBox();
  expect(summaryBox!.y).toBeLessThan(fieldBox!.y);
  await page.screenshot({ path: `/tmp/save-5xx-${testInfo.project.name}.png`, fullPage: true });

  // The upstream is back: the same press saves what is in the fields.
  fault = null;
  await press(page, "下書き保存");
  await expect(page.getByText("下書きを保存しました")).toBeVisible();
  await expectTypedKept(page);
});

test("次へ meeting no answer in time shows ステータス 499 in the error summary, everything typed kept", async ({
  page,
  applicantOnInvoiceStep,
}, testInfo) => {
  await applicantOnInvoiceStep("save-timeout");
  await fillEntryFields(page);
  await fillClaim(page, 1, GOOD_CLAIM);
  const held: http.ServerResponse[] = [];
  fault = onDraftSave((res) => held.push(res));
  const answered = stepAnswer(page);
  await press(page, "次へ（決算書類）");
  expect((await answered).status()).toBe(503);
  for (const res of held) res.destroy();
  await expect(page.locator(".error-summary")).toContainText(ErrorMessage.status(499));
  await expect(page).toHaveURL(/\/entry\/entry_invoice$/);
  await expectTypedKept(page);
  await page.screenshot({ path: `/tmp/save-timeout-${testInfo.project.name}.png`, fullPage: true });
});

test("「最初からやり直す」 on an error screen inside the wizard returns to the step; elsewhere to the top page", async ({
  page,
  logInAs,
  readyToApply,
}, testInfo) => {
  const user = await readyToApply("corporate");
  await logInAs(user);
  const failing =
    (path: string): Fault =>
    (req, res) => {
      if (new URL(req.url ?? "/", UPSTREAM_URL).pathname !== path) return false;
      req.resume();
      res.writeHead(500, { "Content-Type": "application/json" });
      res.end("{}");
      return true;
    };
  fault = failing("/api/draft_entry/");
  await openPage(page, "/entry/entry_invoice", testInfo);
  await expect(page.getByText("エラーコード: 500")).toBeVisible();
  await page.screenshot({ path: `/tmp/wizard-error-screen-${testInfo.project.name}.png`, fullPage: true });
  fault = null;
  await page.getByRole("link", { name: "最初からやり直す" }).click();
  await expect(page).toHaveURL(/\/entry\/entry_invoice$/);
  await expect(page.getByRole("heading", { level: 1, name: "請求書の情報" })).toBeVisible();

  fault = failing("/api/entries/");
  await openPage(page, "/mypage", testInfo);
  await expect(page.getByText("エラーコード: 500")).toBeVisible();
  await expect(page.getByRole("link", { name: "最初からやり直す" })).toHaveAttribute("href", "/");
});

test("再提出する meeting a 5xx shows ステータス 502 above the resubmission form, the fix typed kept", async ({
  page,
  freshEmail,
  logIn,
  uploadInto,
}, testInfo) => {
  const { email, entry } = await applicantWithInadequateInvoice(freshEmail);
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await openPage(page, `/entry/resubmit/${entry.id}`, testInfo);
  const amount = page.getByRole("group", { name: /請求書1/ }).getByLabel("請求書額面（税込・円）");
  await amount.fill("1,200,000");
  await uploadInto("請求書1の請求書", pdfFile("請求書_再提出.pdf"));
  // With JavaScript the file goes when chosen: 再提出する waits until the page lists it.
  await expect(page.getByRole("list", { name: "請求書1の請求書のアップロード済みファイル" })).toContainText(
    "請求書_再提出.pdf",
  );
  await expect(amount).toHaveValue("1,200,000");
  fault = (req, res) => {
    if (req.method !== "POST" || !new URL(req.url ?? "/", UPSTREAM_URL).pathname.endsWith("/review/"))
      return false;
    req.resume();
    res.writeHead(502, { "Content-Type": "text/html" });
    res.end("<html><body>Bad Gateway</body></html>");
    return true;
  };
  await page.getByRole("button", { name: "再提出する", exact: true }).click();
  await expect(page.locator(".error-summary")).toContainText(ErrorMessage.status(502));
  await expect(page).toHaveURL(new RegExp(`/entry/resubmit/${entry.id}$`));
  await expect(amount).toHaveValue("1,200,000");
  await page.screenshot({ path: `/tmp/resubmit-5xx-${testInfo.project.name}.png`, fullPage: true });
  fault = null;
  await page.getByRole("button", { name: "再提出する", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/entry/detail/${entry.id}\\?resubmitted=1$`));
});
