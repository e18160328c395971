// What every flow test needs: knowing whether JavaScript is on, waiting for hydration when it is
// (a click before hydration silently becomes a plain form post), unique accounts, and the run's
// reference upstream (its URL and its database, for the outbox).

import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { type APIRequestContext, type Page, type TestInfo, expect } from "@playwright/test";
import Database from "better-sqlite3";
import { findFreePort, waitForHttp } from "../../scripts/ports";

export const UPSTREAM_URL = `http://127.0.0.1:${process.env.E2E_UPSTREAM_PORT}`;
export const DEMO = { email: "demo@sakidori.example", password: "sakidori-demo-2026" };
export const STRONG_PASSWORD = "Kaede-no-ki-2026";

export function isJavaScriptOn(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled !== false;
}

/** Opens `url` and, with JavaScript on, waits until React has hydrated the document. */
export async function openPage(page: Page, url: string, testInfo: TestInfo) {
  const response = await page.goto(url);
  await waitForHydration(page, testInfo);
  return response;
}

export async function waitForHydration(page: Page, testInfo: TestInfo) {
  // A page ships scripts only when a route of it hydrates (decision 0015); one without has nothing to wait for.
  if (isJavaScriptOn(testInfo))
    await page.waitForFunction(
      () =>
        !document.documentElement.hasAttribute("data-scripts") ||
        document.documentElement.dataset.hydrated === "true",
    );
}

let counter = 0;
/** A fresh address per test and project, so runs never collide. */
export function uniqueEmail(testInfo: TestInfo, label = "user"): string {
  counter += 1;
  const project = testInfo.project.name.replace(/[^a-z]/g, "");
  return `${label}-${project}-${testInfo.workerIndex}-${Date.now()}-${counter}@example.jp`;
}

/** The run's upstream database, read-only (the outbox, rows a screen does not show). */
export function upstreamDatabase() {
  return new Database(path.join(process.env.E2E_DATA_DIR!, "upstream.sqlite3"), {
    readonly: true,
    fileMustExist: true,
  });
}

/** Moves a claim's payment and return dates in the upstream's database: a day no screen lets a user choose. */
export function setClaimDates(claimId: number, date: string): void {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "upstream.sqlite3"), { fileMustExist: true });
  try {
    db.prepare("UPDATE claims SET obliger_payment_date = ?, return_date = ? WHERE id = ?").run(
      date,
      date,
      claimId,
    );
  } finally {
    db.close();
  }
}

/** §6 can_edit_bank_account, which the operator's side sets and no screen or command does. */
export function setBankAccountEditable(userId: number, editable: boolean): void {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "upstream.sqlite3"), {
    fileMustExist: true,
    timeout: 5_000,
  });
  try {
    db.prepare("UPDATE users SET can_edit_bank_account = ? WHERE id = ?").run(editable ? 1 : 0, userId);
  } finally {
    db.close();
  }
}

/** The mails of one kind the upstream "sent" to `email`, newest first (the outbox: `npm run outbox`). */
export function mailsTo(email: string, kind: string): { subject: string; body: string; link: string }[] {
  const db = upstreamDatabase();
  try {
    return db
      .prepare("SELECT subject, body, link FROM outbox WHERE to_address = ? AND kind = ? ORDER BY id DESC")
      .all(email, kind) as { subject: string; body: string; link: string }[];
  } finally {
    db.close();
  }
}

export function userCount(email: string): number {
  const db = upstreamDatabase();
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?").get(email) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Registers through the upstream directly (a fixture, not the flow under test). */
export async function registerThroughUpstream(email: string, options: { serviceId?: string } = {}) {
  const response = await fetch(`${UPSTREAM_URL}/api/register/`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Service-Id": options.serviceId ?? "sakidori" },
    // A white label with a partner bank asks the consent to inform it (the register page does too).
    body: JSON.stringify({
      email,
      password: STRONG_PASSWORD,
      corporate_division: "corporate",
      partner_data_consent: true,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

export async function logIn(
  page: Page,
  testInfo: TestInfo,
  email: string,
  password: string,
  persist = false,
) {
  await openPage(page, "/login", testInfo);
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: false }).first().fill(password);
  if (persist) await page.getByLabel("ログイン状態を保持する").check();
  await page.getByRole("button", { name: "ログイン" }).click();
}

/**
 * Logs in over HTTP with the login form's own post: a set-up for tests that are not about the login
 * page, without loading it. Given `page.request`, the session cookie lands in the page's browser
 * context. `baseURL` is the request context's (a spec may point it at an app of its own).
 */
export async function logInOverHttp(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  password: string,
) {
  const response = await request.post("/login", {
    headers: { Origin: new URL(baseURL).origin },
    form: { email, password },
    maxRedirects: 0,
  });
  expect(response.headers()["location"], await response.text()).toBe("/mypage");
}

/**
 * Spends the logged-in session's look-ups of the minute (decision 0023), as a script asking the look-up
 * route would, until the app refuses with 429 and a Retry-After.
 */
export async function spendLookups(page: Page) {
  for (let asked = 0; asked < 1_000; asked++) {
    const response = await page.request.get("/entry/banks?q=み");
    if (response.status() === 429) {
      expect(Number(response.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
      return;
    }
    expect(response.status()).toBe(200);
  }
  throw new Error("1,000 look-ups in a row were never refused");
}

/**
 * A second app server for one test file, pointed at an upstream the test controls (to see the error
 * screens for an upstream that fails or is down). Uses the same build the suite runs against.
 */
export async function startAppAgainst(
  apiBaseUrl: string,
  extraEnv: Record<string, string> = {},
): Promise<{ url: string; stop(): Promise<void> }> {
  // A free port can be taken by another process between findFreePort and the server's listen: the
  // child then exits at once, and a fresh port is tried rather than waiting out the timeout.
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      return await startAppOnFreePort(apiBaseUrl, extraEnv);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

async function startAppOnFreePort(apiBaseUrl: string, extraEnv: Record<string, string>) {
  const port = await findFreePort();
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/serve.ts", `./${process.env.SAKIDORI_BUILD_DIR || "build"}/index.js`],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        API_BASE_URL: apiBaseUrl,
        APP_BASE_URL: url,
        SESSION_SECRETS: process.env.E2E_SESSION_SECRETS,
        SESSION_ENCRYPTION_KEY: process.env.E2E_SESSION_ENCRYPTION_KEY,
        RATE_LIMIT_PER_ADDRESS: "100000",
        MAX_UPLOADS_AT_ONCE_PER_ADDRESS: "100000",
        ...extraEnv,
      },
      stdio: "ignore",
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const exitedEarly = exited.then(() => {
    throw new Error(`the app on port ${port} exited before it answered`);
  });
  exitedEarly.catch(() => undefined); // also exits after a stop; only the race below reads it
  try {
    await Promise.race([waitForHttp(`${url}/`, 30_000), exitedEarly]);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    url,
    // The server drains what is in flight at SIGTERM (SHUTDOWN_GRACE_MS); a test's server has nothing
    // to keep, so after a short grace it is killed.
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const grace = setTimeout(() => child.kill("SIGKILL"), 2_000);
      await exited;
      clearTimeout(grace);
    },
  };
}

/**
 * Puts a file into the upload slot labelled `label`: with JavaScript it uploads when chosen; without,
 * the person presses the slot's button. Answers the slot, to read its result.
 */
export async function uploadInto(
  page: Page,
  testInfo: TestInfo,
  label: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const slot = page.locator(".upload-slot").filter({ has: page.getByLabel(label, { exact: true }) });
  await slot.getByLabel(label, { exact: true }).setInputFiles(file);
  if (!isJavaScriptOn(testInfo)) {
    await slot.getByRole("button", { name: /アップロードする|このファイルに差し替える/ }).click();
  }
  return slot;
}
