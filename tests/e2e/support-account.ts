// Helpers for the account flows (activation, My page): an upstream session for setting up data the
// way a user would through the API, the outbox's activation links, and the operator's command.

import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import Database from "better-sqlite3";
import { STRONG_PASSWORD, UPSTREAM_URL, mailsTo, upstreamDatabase } from "./support";
import { validClaim, validEntryBody } from "../fixtures/entry-body";
import { type Review, reviewArguments } from "../fixtures/reviews";
import { type FilePayload, pdfFile } from "./files";
import { configFromEnvironment } from "../../reference-upstream/config";
import { openDatabase } from "../../reference-upstream/db/database";
import { runOperatorCommand } from "../../reference-upstream/operator/command-line";
import { withRecordedPublicLinks } from "../../reference-upstream/public-links";
import { ApiOwner } from "../../reference-upstream/demo/api-owner";

/** A user registered through the upstream, with the upstream's own session (a fixture, not a flow). */
export class UpstreamUser {
  private constructor(private readonly owner: ApiOwner) {}

  get id(): number {
    return this.owner.id;
  }

  get email(): string {
    return this.owner.email;
  }

  static async register(email: string): Promise<UpstreamUser> {
    return new UpstreamUser(
      await ApiOwner.register(UPSTREAM_URL, { email, password: STRONG_PASSWORD, division: "corporate" }),
    );
  }

  /** A POST as this user, answered whatever its status. */
  async post(apiPath: string, json?: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${UPSTREAM_URL}${apiPath}`, {
      method: "POST",
      headers: this.owner.headers({ "Content-Type": "application/json" }),
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  /** POST /api/uploads/ as this user; answers the upload's id. */
  upload(kind: string, file: FilePayload = pdfFile()): Promise<number> {
    return this.owner.upload(kind, file);
  }

  /**
   * Creates an entry of one claim (1,000,000 yen desired) through the API, with `overrides` of the
   * body's fields (claims, bank_account…), its first claim carrying an invoice file (§5: the upstream
   * needs one per entry); answers its code and claim ids.
   */
  async createEntry(
    overrides: Record<string, unknown> = {},
  ): Promise<{ id: number; code: string; claimIds: number[] }> {
    const invoice = await this.upload("invoice-1", pdfFile("invoice.pdf"));
    const [first, ...others] = (overrides.claims as Record<string, unknown>[] | undefined) ?? [validClaim()];
    const { status, body } = await this.post(
      "/api/entries/",
      validEntryBody({ ...overrides, claims: [{ ...first, contentfiles: [invoice] }, ...others] }),
    );
    expect(status, JSON.stringify(body)).toBe(201);
    const entry = body as { id: number; code: string; claims: { id: number }[] };
    return { id: entry.id, code: entry.code, claimIds: entry.claims.map((claim) => claim.id) };
  }
}

function withDatabase<T>(read: (db: ReturnType<typeof upstreamDatabase>) => T): T {
  const db = upstreamDatabase();
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** The newest activation link mailed to `email`, pointed at the app the test runs against. */
export function latestActivationLink(email: string, baseURL: string): string {
  const [mail] = mailsTo(email, "activation");
  if (!mail) throw new Error(`no activation mail to ${email}`);
  const link = new URL(mail.link);
  return new URL(`${link.pathname}${link.search}`, baseURL).toString();
}

export function activationMailCount(email: string): number {
  return mailsTo(email, "activation").length;
}

/** The user's row fields the screens do not show (e-mail verified, the visit after verification). */
export function userRow(email: string): {
  id: number;
  email_verified_at: string | null;
  visited_at_entry_page_after_mail_verification: string | null;
  partner_consent_at: string | null;
} {
  return withDatabase(
    (db) =>
      db
        .prepare(
          `SELECT id, email_verified_at, visited_at_entry_page_after_mail_verification, partner_consent_at
             FROM users WHERE email = ?`,
        )
        .get(email) as ReturnType<typeof userRow>,
  );
}

/**
 * `npm run operator -- …` against the run's upstream database, in this process: the command's own
 * code without a Node start per call (the program's exit codes are proven in its vitest). Answers
 * what it prints; a refusal throws.
 */
export function runOperator(...args: string[]): string {
  const db = openDatabase(process.env.E2E_DATA_DIR!);
  try {
    return `${runOperatorCommand(db, args, new Date(), withRecordedPublicLinks(db, configFromEnvironment()))}\n`;
  } finally {
    db.close();
  }
}

/** The operator's review of each claim (can_buy at the standard offer unless said). */
export function reviewClaims(claimIds: readonly (number | string | undefined)[], review?: Review): void {
  for (const claimId of claimIds) runOperator(...reviewArguments(claimId, review));
}

/**
 * The claim's return deadline (and the debtor's payment date) moved to yesterday, as if the days had
 * passed, then `mark-delay`: the operator marks a return late only after its deadline.
 */
export function markDelayAfterDeadline(claimId: number): string {
  const yesterday = new Date(Date.now() + 9 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "upstream.sqlite3"), {
    fileMustExist: true,
    timeout: 5_000,
  });
  try {
    db.prepare("UPDATE claims SET return_date = ?, obliger_payment_date = ? WHERE id = ?").run(
      yesterday,
      yesterday,
      claimId,
    );
  } finally {
    db.close();
  }
  return runOperator("mark-delay", String(claimId));
}

/** Confirms the address with the key of its newest activation mail, straight at the upstream. */
export async function verifyThroughUpstream(email: string): Promise<void> {
  const key = new URL(latestActivationLink(email, UPSTREAM_URL)).searchParams.get("key");
  const response = await fetch(`${UPSTREAM_URL}/api/register/activation/`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Service-Id": "sakidori" },
    body: JSON.stringify({ key }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** A user whose entry's first invoice the operator found inadequate: the resubmission page's case. */
export async function applicantWithInadequateInvoice(freshEmail: (label?: string) => string) {
  const email = freshEmail("resubmit");
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  const entry = await user.createEntry();
  reviewClaims([entry.claimIds[0]], {
    decision: "inadequate",
    reason: "請求書の日付が読めません。鮮明な画像をご提出ください。",
    document: "invoice",
  });
  return { email, entry, userId: user.id };
}

/** A user with an entry of `files` ([kind, name]) whose `document` group the operator found inadequate. */
async function applicantWithInadequateDocuments(
  email: string,
  files: [kind: string, name: string][],
  document: string,
  reason: string,
) {
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  const addfiles: number[] = [];
  for (const [kind, name] of files) addfiles.push(await user.upload(kind, pdfFile(name)));
  const entry = await user.createEntry({ addfiles });
  runOperator("inadequate-entry", String(entry.id), "--reason", reason, "--document", document);
  return { email, entry };
}

/** A user whose entry's statements (account 1, a passbook) the operator found short of months. */
export const applicantWithInadequateStatements = (freshEmail: (label?: string) => string) =>
  applicantWithInadequateDocuments(
    freshEmail("resubmit-statements"),
    [
      ["passbook_cover-1", "通帳_表紙.pdf"],
      ["passbook_details-1", "通帳_7月.pdf"],
    ],
    "withdrawals_detail",
    "直近3か月分の入出金明細をご提出ください。",
  );

/** A corporation whose entry's financial documents (a P/L and a balance sheet) the operator found short. */
export const applicantWithInadequateFinancialDocuments = (freshEmail: (label?: string) => string) =>
  applicantWithInadequateDocuments(
    freshEmail("resubmit-financial"),
    [
      ["pl", "損益計算書_前期.pdf"],
      ["bs", "貸借対照表_前期.pdf"],
    ],
    "financial_statements",
    "損益計算書が古い期のものです。直近の試算表も添えてご提出ください。",
  );

/** The user's stored files, newest last: as the upstream keeps them, bytes read from its data directory. */
export function storedFiles(email: string): { name: string; contentType: string; bytes: Buffer }[] {
  const db = upstreamDatabase();
  try {
    const rows = db
      .prepare("SELECT name, content_type, storage_path FROM uploads WHERE user_id = ? ORDER BY id")
      .all(userRow(email).id) as { name: string; content_type: string; storage_path: string }[];
    return rows.map((row) => ({
      name: row.name,
      contentType: row.content_type,
      bytes: fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, row.storage_path)),
    }));
  } finally {
    db.close();
  }
}
