// Load in the suite: many users at once through the app's own forms, JavaScript off
// (plain HTTP: form posts with a cookie jar, redirects followed, the HTML read for the next form's
// names), against the built app (scripts/serve.ts) and the reference upstream, each started on a free port
// with a temporary data directory, as in production. Shared by tests/integration/load.test.ts (which
// asserts) and `npm run bench` (which prints).
//
// Per user, all through the app's pages: /register → the activation link from the outbox → /login →
// /register/profile (the identity document's two sides uploaded with the page's form, then the
// profile) → the operator confirms the identity (the operator command on the database, as `npm run
// operator -- confirm-identity`) → the invoice step (claim fields + the invoice PDF) → the financial
// step (the answer, then the two trial-balance files the page then offers) → the withdrawal step (the
// statement, its two files, the payout account) → /profile/before_entry, whose final submit is posted
// twice at once (a double click). File inputs are read from each page's HTML, as a browser finds them.

import { randomUUID } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { type Servers, startServers } from "../../bench/servers";
import { openDatabase } from "../../reference-upstream/db/database";
import { sampleProfile } from "../../reference-upstream/demo/sample-entry";
import { runOperatorCommand } from "../../reference-upstream/operator/command-line";
import { FUTURE_PAYMENT_DATE } from "../fixtures/dates";
const PASSWORD = "Kaede-no-ki-2026";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

export interface LoadFigures {
  users: number;
  /** Users who reached /entry/complete with one of their two final submits. */
  submitted: number;
  /** Entries stored upstream, and per user (every user's count, to see a duplicate). */
  entriesStored: number;
  entriesPerUser: number[];
  /** Stored entries whose idempotency key is the app's per-draft one (draft-<id>, app/domain/entry-body.ts). */
  entriesKeyedByDraft: number;
  /** Every response the users got from the app with a status ≥ 500 (method, path, status). */
  serverErrors: string[];
  requests: number;
  /** The most requests to the app in flight at once (the concurrency was real). */
  peakInFlight: number;
  /** The final submit's latency (each of the two posts of each user), ms. */
  submitLatencies: number[];
  /** Where each final submit's post ended, redirects followed (path and status), and how many. */
  submitOutcomes: Record<string, number>;
  /** Users whose journey stopped before the submit, with why. */
  failures: string[];
  totalMs: number;
}

export interface Stats {
  requests: number;
  inFlight: number;
  peakInFlight: number;
  serverErrors: string[];
}

/**
 * Every user's final submit at the same moment: each journey waits here at the confirmation page until
 * every other has arrived or dropped out, so the 2 × users submits are all in flight together.
 */
class StartingLine {
  private waiting = 0;
  private release!: () => void;
  private readonly released = new Promise<void>((resolve) => (this.release = resolve));
  constructor(private remaining: number) {}

  arrive(): Promise<void> {
    this.waiting += 1;
    this.check();
    return this.released;
  }

  dropOut() {
    this.remaining -= 1;
    this.check();
  }

  private check() {
    if (this.waiting >= this.remaining) this.release();
  }
}

/** One HTTP answer a Browser got: what was asked, its status, and the ms until its body was read. */
export interface BrowserAnswer {
  method: string;
  url: URL;
  status: number;
  ms: number;
}

/** One person's browser with JavaScript off: a cookie jar, redirects followed, as a form post goes. */
export class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly origin: string,
    private readonly stats: Stats,
    /** Told of every answer (each redirect hop its own), for a caller timing them. */
    private readonly onAnswer?: (answer: BrowserAnswer) => void,
  ) {}

  /** Sends one request and follows its redirects with GETs; answers the last response, its URL and body. */
  async go(
    method: "GET" | "POST",
    url: string,
    body?: URLSearchParams | FormData,
  ): Promise<{ status: number; url: string; html: string }> {
    let target = new URL(url, this.origin);
    let response = await this.send(method, target, body);
    for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 10; hops += 1) {
      target = new URL(response.location!, target);
      response = await this.send("GET", target);
    }
    return { status: response.status, url: target.pathname + target.search, html: response.body };
  }

  /**
   * One POST as a page's script sends it (an upload slot's file with its own headers), its redirect
   * not followed.
   */
  post(
    url: string,
    body: Blob,
    headers: Record<string, string>,
  ): Promise<{ status: number; headers: Headers; body: string }> {
    return this.send("POST", new URL(url, this.origin), body, headers);
  }

  /** The Cookie header this browser sends (its session, for another client to use). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private async send(
    method: string,
    url: URL,
    body?: URLSearchParams | FormData | Blob,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ status: number; headers: Headers; location: string | null; body: string }> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (this.cookies.size) headers.Cookie = this.cookieHeader();
    // A browser's form post names its page's origin (ARCHITECTURE §12).
    if (method !== "GET") headers.Origin = this.origin;
    this.stats.requests += 1;
    this.stats.inFlight += 1;
    this.stats.peakInFlight = Math.max(this.stats.peakInFlight, this.stats.inFlight);
    const started = performance.now();
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, { method, headers, body, redirect: "manual" });
      text = await response.text();
    } finally {
      this.stats.inFlight -= 1;
    }
    this.onAnswer?.({ method, url, status: response.status, ms: performance.now() - started });
    if (response.status >= 500)
      this.stats.serverErrors.push(`${method} ${url.pathname} → ${response.status}`);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const expired = attributes.some((attribute) =>
        /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute),
      );
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(index + 1).trim());
    }
    return {
      status: response.status,
      headers: response.headers,
      location: response.headers.get("Location"),
      body: text,
    };
  }
}

/** The hidden fields (name and value) of the page's form whose button says `button`, as a browser posts them. */
function hiddenFields(html: string, button: string): [string, string][] {
  const form = [...html.matchAll(/<form[\s\S]*?<\/form>/g)].find((match) => match[0].includes(button));
  if (!form) throw new Error(`no form with the button ${button}`);
  return [...form[0].matchAll(/<input[^>]*type="hidden"[^>]*>/g)].flatMap((match) => {
    const name = /name="([^"]+)"/.exec(match[0])?.[1];
    const value = /value="([^"]*)"/.exec(match[0])?.[1] ?? "";
    return name ? [[name, value] as [string, string]] : [];
  });
}

/** The names of the file inputs a page's form offers (JavaScript off: the step's form carries them). */
function fileInputNames(html: string): string[] {
  return [...html.matchAll(/<input[^>]*type="file"[^>]*>/g)].flatMap(
    (match) => /name="([^"]+)"/.exec(match[0])?.slice(1, 2) ?? [],
  );
}

function expectAt(step: string, page: { status: number; url: string }, pathname: RegExp) {
  if (!pathname.test(page.url)) throw new Error(`${step}: ended at ${page.url} (${page.status})`);
}

/** The invoice step's fields for one claim, as the page posts them (names read from its form module). */
export function invoiceFields(): [string, string][] {
  return Object.entries({
    purchase_amount_desired: "1,000,000",
    purpose: "運転資金",
    "claims[0].obliger_company_name": "株式会社売掛先",
    "claims[0].houjinbangou": "7123456789012",
    "claims[0].houjinbangou_address": "東京都千代田区丸の内1-1",
    "claims[0].amount": "1100000",
    "claims[0].scheduled_deposit_amount_from_obliger": "1000000",
    "claims[0].obliger_payment_date": FUTURE_PAYMENT_DATE,
    "claims[0].is_fixed_debt": "true",
    "claims[0].is_bank_transfer_from_obliger": "true",
    "claims[0].receive_payment_account.bank_name": "みどり銀行",
    "claims[0].receive_payment_account.deposit_type": "ordinary",
    "claims[0].receive_payment_account.bank_account_number": "1234567",
    "claims[0].receive_payment_account.obliger_accounts[0].holder_name": "ｶ)ｳﾘｶｹｻｷ",
  });
}

/** A multipart body of `fields` and a small PDF in each of `fileInputs`. */
function multipart(fields: [string, string][], fileInputs: string[]): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const name of fileInputs) form.append(name, new Blob([PDF], { type: "application/pdf" }), "doc.pdf");
  return form;
}

/** What every journey of one run shares: the servers, the databases, the figures being gathered. */
interface Run {
  servers: Servers;
  db: ReturnType<typeof openDatabase>;
  outbox: Database.Database;
  stats: Stats;
  submitLatencies: number[];
  submitOutcomes: Record<string, number>;
  startingLine: StartingLine;
}

/**
 * One person's way through the app's forms from /register to a user who may apply (§4: profile
 * complete, identity confirmed), logged in.
 */
async function registerReadyToApply(
  browser: Browser,
  email: string,
  db: ReturnType<typeof openDatabase>,
  outbox: Database.Database,
): Promise<void> {
  // /register (the form), then the activation link the outbox holds, opened in the app.
  await browser.go("GET", "/register");
  const registered = await browser.go(
    "POST",
    "/register",
    new URLSearchParams({
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      corporate_division: "corporate",
      agreement: "on",
    }),
  );
  expectAt("register", registered, /^\/register\/complete/);
  const mail = outbox
    .prepare("SELECT link FROM outbox WHERE to_address = ? AND kind = 'activation' ORDER BY id DESC LIMIT 1")
    .get(email) as { link: string } | undefined;
  if (!mail) throw new Error("register: no activation mail");
  const link = new URL(mail.link);
  const activated = await browser.go("GET", `${link.pathname}${link.search}`);
  if (activated.status >= 400) throw new Error(`activation: ${activated.url} (${activated.status})`);

  // /login (the form) → My page.
  await browser.go("GET", "/login");
  const loggedIn = await browser.go("POST", "/login", new URLSearchParams({ email, password: PASSWORD }));
  expectAt("login", loggedIn, /^\/mypage$/);

  // The profile (/register/profile): the identity document's two sides, each sent with the page's form
  // by its slot's upload button (JavaScript off), then the profile saved whole → My page.
  const profilePage = await browser.go("GET", "/register/profile");
  expectAt("profile", profilePage, /^\/register\/profile$/);
  const identityInputs = fileInputNames(profilePage.html);
  if (identityInputs.length !== 2) throw new Error(`profile: ${identityInputs.length} identity file inputs`);
  const profileFields: [string, string][] = Object.entries({
    identity_document_type: "drivingLicence",
    ...sampleProfile("corporate"),
  });

  for (const input of identityInputs) {
    // The slot's button names the slot as its file input does (app/forms/step-upload.ts).
    const intent = input.replace(/^content:/, "upload:");
    const uploaded = await browser.go(
      "POST",
      "/register/profile",
      multipart([...profileFields, ["intent", intent]], [input]),
    );
    if (uploaded.status !== 200) throw new Error(`profile: ${input} answered ${uploaded.status}`);
  }
  const profileSaved = await browser.go("POST", "/register/profile", new URLSearchParams(profileFields));
  expectAt("profile", profileSaved, /^\/mypage$/);

  // The operator confirms the identity (as `npm run operator -- confirm-identity` does).
  const { id: userId } = outbox.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number };
  runOperatorCommand(db, ["confirm-identity", String(userId)], new Date());
}

/** The wizard through the app's forms, to the confirmation page: afterwards every step of the draft renders. */
async function walkToConfirmation(browser: Browser): Promise<URLSearchParams> {
  // The invoice step (the page's form: the claim's fields and the invoice file it offers) → /entry.
  const invoicePage = await browser.go("GET", "/entry/entry_invoice");
  expectAt("invoice step", invoicePage, /^\/entry\/entry_invoice$/);
  const invoiceInput = fileInputNames(invoicePage.html).filter((name) => name.includes(":invoice-1:"));
  if (invoiceInput.length !== 1) throw new Error("invoice step: no invoice file input on the page");
  const afterInvoice = await browser.go(
    "POST",
    "/entry/entry_invoice",
    multipart([...invoiceFields(), ["intent", "next"]], invoiceInput),
  );
  expectAt("invoice step", afterInvoice, /^\/entry$/);

  // The financial step: the answer saved (the page then offers the trial balance's slots), then its files → next.
  const answered = await browser.go(
    "POST",
    "/entry",
    new URLSearchParams({ can_submit_financial_statements: "false", intent: "save_draft" }),
  );
  const financialInputs = fileInputNames(answered.html);
  if (financialInputs.length === 0) throw new Error(`financial step: no file inputs at ${answered.url}`);
  const afterFinancial = await browser.go(
    "POST",
    "/entry",
    multipart(
      [
        ["can_submit_financial_statements", "false"],
        ["intent", "next"],
      ],
      financialInputs,
    ),
  );
  expectAt("financial step", afterFinancial, /^\/entry\/withdrawal_details$/);

  // The withdrawal step: the statement saved (the page then offers its two slots), then its files and
  // the payout account → the confirmation page.
  const statement: [string, string][] = [
    ["banks[0].bank_name", "みどり銀行"],
    ["banks[0].bank_account_number", "1234567"],
    ["banks[0].file_format", "passbook"],
  ];
  const statementSaved = await browser.go(
    "POST",
    "/entry/withdrawal_details",
    new URLSearchParams([...statement, ["intent", "save_bank:0"]]),
  );
  const statementInputs = fileInputNames(statementSaved.html);
  if (statementInputs.length !== 2)
    throw new Error(`withdrawal step: ${statementInputs.length} file inputs at ${statementSaved.url}`);
  const afterWithdrawal = await browser.go(
    "POST",
    "/entry/withdrawal_details",
    multipart(
      [
        ...statement,
        ["bank_account.bank_name", "みどり銀行"],
        ["bank_account.branch_name", "本店営業部"],
        ["bank_account.deposit_type", "ordinary"],
        ["bank_account.bank_account_number", "2345678"],
        ["bank_account.account_holder_name", "ｶ)ﾃｽﾄｼﾖｳｼﾞ"],
        ["intent", "next"],
      ],
      statementInputs,
    ),
  );
  expectAt("withdrawal step", afterWithdrawal, /^\/profile\/before_entry$/);

  // The confirmation page.
  const confirmation = await browser.go("GET", "/profile/before_entry");
  expectAt("confirmation", confirmation, /^\/profile\/before_entry$/);
  return new URLSearchParams(hiddenFields(confirmation.html, "この内容で申し込む"));
}

async function journey(
  index: number,
  { servers, db, outbox, stats, submitLatencies, submitOutcomes, startingLine }: Run,
  atLine: { reached: boolean },
): Promise<boolean> {
  const email = `load-${index}-${Date.now().toString(36)}@example.jp`;
  const browser = new Browser(servers.appUrl, stats);
  await registerReadyToApply(browser, email, db, outbox);
  const form = await walkToConfirmation(browser);

  // The confirmation page's submit posted twice at once (a double click).
  const submit = async () => {
    const started = performance.now();
    const page = await browser.go("POST", "/profile/before_entry", form);
    submitLatencies.push(performance.now() - started);
    const outcome = `${page.url.replace(/\?.*$/, "")} ${page.status}`;
    submitOutcomes[outcome] = (submitOutcomes[outcome] ?? 0) + 1;
    return page;
  };
  atLine.reached = true;
  await startingLine.arrive();
  const answers = await Promise.all([submit(), submit()]);
  return answers.some((page) => /^\/entry\/complete\?entry=\d+$/.test(page.url));
}

export interface PreparedUser {
  email: string;
  password: string;
  /** The app session's Cookie header, logged in. */
  cookie: string;
  /** The submitted entry's id (its detail page is /entry/detail/<id>), when asked to submit. */
  entryId: number | null;
}

/**
 * A user made through the app's forms, for `npm run bench`, which measures pages as such a user sees
 * them: "ready" may start an entry (no draft yet); "confirmation" has a draft filling every wizard step,
 * so each step renders (none redirects to an earlier one); "submitted" has submitted it (its detail page).
 */
export async function prepareUser(
  servers: Servers,
  until: "ready" | "confirmation" | "submitted",
): Promise<PreparedUser> {
  const db = openDatabase(servers.dataDir);
  const outbox = new Database(path.join(servers.dataDir, "upstream.sqlite3"), { readonly: true });
  const stats: Stats = { requests: 0, inFlight: 0, peakInFlight: 0, serverErrors: [] };
  const email = `bench-${randomUUID()}@example.jp`;
  const browser = new Browser(servers.appUrl, stats);
  try {
    await registerReadyToApply(browser, email, db, outbox);
    const form = until === "ready" ? null : await walkToConfirmation(browser);
    let entryId: number | null = null;
    if (until === "submitted") {
      const submitted = await browser.go("POST", "/profile/before_entry", form!);
      expectAt("submit", submitted, /^\/entry\/complete\?entry=\d+$/);
      const row = outbox
        .prepare(
          "SELECT entries.id FROM entries JOIN users ON users.id = entries.user_id WHERE users.email = ?",
        )
        .get(email) as { id: number } | undefined;
      if (!row) throw new Error("submit: no entry stored");
      entryId = row.id;
    }
    return { email, password: PASSWORD, cookie: browser.cookieHeader(), entryId };
  } finally {
    outbox.close();
    db.close();
  }
}

/** Runs `users` journeys at once against fresh servers; answers the figures. */
export async function runLoad(users: number): Promise<LoadFigures> {
  const servers = await startServers();
  const db = openDatabase(servers.dataDir);
  const outbox = new Database(path.join(servers.dataDir, "upstream.sqlite3"), { readonly: true });
  const stats: Stats = { requests: 0, inFlight: 0, peakInFlight: 0, serverErrors: [] };
  const startingLine = new StartingLine(users);
  const submitLatencies: number[] = [];
  const submitOutcomes: Record<string, number> = {};
  const failures: string[] = [];
  const run: Run = { servers, db, outbox, stats, submitLatencies, submitOutcomes, startingLine };
  try {
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: users }, (_, index) => {
        const atLine = { reached: false };
        return journey(index, run, atLine).catch((error: unknown) => {
          if (!atLine.reached) startingLine.dropOut();
          failures.push(`user ${index}: ${error instanceof Error ? error.message : String(error)}`);
          return false;
        });
      }),
    );
    const totalMs = performance.now() - started;
    const rows = outbox
      .prepare(
        "SELECT (SELECT COUNT(*) FROM entries WHERE entries.user_id = users.id) AS n FROM users WHERE email LIKE 'load-%'",
      )
      .all() as { n: number }[];
    const keyed = outbox
      .prepare(
        "SELECT COUNT(*) AS n FROM entries JOIN users ON users.id = entries.user_id WHERE users.email LIKE 'load-%' AND entries.idempotency_key = 'draft-' || entries.draft_entry_id",
      )
      .get() as { n: number };
    return {
      users,
      submitted: results.filter(Boolean).length,
      entriesStored: rows.reduce((sum, row) => sum + row.n, 0),
      entriesPerUser: rows.map((row) => row.n),
      entriesKeyedByDraft: keyed.n,
      serverErrors: stats.serverErrors,
      requests: stats.requests,
      peakInFlight: stats.peakInFlight,
      submitLatencies,
      submitOutcomes,
      failures,
      totalMs,
    };
  } finally {
    outbox.close();
    db.close();
    await servers.stop();
  }
}
