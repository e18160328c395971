// The demo owners: made on a data folder through the API and the operator's actions, each at its stage
// by the product's own rules whatever day it is; `npm run demo -- reset` removes only them (their rows,
// files and mails) and makes them again, and declines an upstream that is not a local data folder.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addDays, bankClosure } from "../../../app/domain/bank-calendar";
import { japanDate } from "../../../app/domain/japan-date";
import { returnDeadline } from "../../../app/domain/return-deadline";
import { ClaimStatus, EntryStatus } from "../../../app/domain/statuses";
import { branchNote } from "../../../app/lookup/bank-directory.server";
import { paymentDatesOn, bankCalendar } from "../../../app/lookup/japan-holidays.server";
import { configFromEnvironment } from "../../../reference-upstream/config";
import { type Db, openDatabase } from "../../../reference-upstream/db/database";
import { createDemoOwners, demoDates } from "../../../reference-upstream/demo/create";
import { DEMO_OWNERS, DEMO_OWNER_LIST } from "../../../reference-upstream/demo/owners";
import { removeDemoOwners } from "../../../reference-upstream/demo/reset";
import { OPERATOR_COMMANDS } from "../../../reference-upstream/operator/commands";
import { operatorHelp } from "../../../reference-upstream/operator/help";
import { claimReviewAtOffer } from "../../../reference-upstream/operator/review-offers";
import { insertUser } from "./accounts-fixtures";

const root = path.resolve(import.meta.dirname, "../../..");
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function freshFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sakidori-demo-test-"));
  folders.push(folder);
  return folder;
}

const configFor = (dataDir: string) => configFromEnvironment({ DATA_DIR: dataDir, UPSTREAM_LOG: "false" });

/** The entry and its one claim of the demo owner `email`. */
function entryOf(db: Db, email: string) {
  return db
    .prepare(
      `SELECT entries.status AS entry_status, entries.transaction_completed_at, entries.rejected_at,
              claims.status AS claim_status, claims.obliger_payment_date, claims.return_date, claims.returned_at
         FROM entries JOIN users ON users.id = entries.user_id JOIN claims ON claims.entry_id = entries.id
        WHERE users.email = ?`,
    )
    .all(email) as {
    entry_status: number;
    transaction_completed_at: string | null;
    rejected_at: string | null;
    claim_status: number;
    obliger_payment_date: string;
    return_date: string | null;
    returned_at: string | null;
  }[];
}

const count = (db: Db, sql: string) => (db.prepare(sql).get() as { n: number }).n;

describe("demoDates", () => {
  it("finds, for every day of two years, a bank holiday the invoice step accepts and a deadline already past", () => {
    for (let day = "2026-01-01"; day <= "2027-12-31"; day = addDays(day, 1)) {
      const dates = demoDates(day);
      const calendar = bankCalendar(addDays(day, -60), addDays(day, 400));
      const window = paymentDatesOn(new Date(`${day}T10:00:00+09:00`));
      expect(dates.holiday >= window.earliest && dates.holiday <= window.last, day).toBe(true);
      // A holiday or 年末年始, not a weekend (bankClosure answers "" for those).
      expect(bankClosure(dates.holiday, calendar), day).toBeTruthy();
      expect(dates.holidayDeadline > dates.holiday, day).toBe(true);
      // Accepted on the day the paid-out owner applied too, and paid out by today.
      const then = paymentDatesOn(new Date(`${dates.recentlyAppliedOn}T10:00:00+09:00`));
      expect(dates.holiday >= then.earliest && dates.holiday <= then.last, day).toBe(true);
      expect(dates.paymentDate >= window.earliest && dates.paymentDate <= window.last, day).toBe(true);
      expect(dates.pastDeadline).toBe(returnDeadline(dates.pastPaymentDate, calendar));
      expect(dates.pastDeadline < day, day).toBe(true);
    }
  });
});

describe("createDemoOwners", () => {
  it("makes each demo owner at its stage, once", async () => {
    const dataDir = freshFolder();
    const created = await createDemoOwners(configFor(dataDir));
    expect(created.sort()).toEqual(Object.keys(DEMO_OWNERS).sort());
    expect(await createDemoOwners(configFor(dataDir))).toEqual([]);

    const db = openDatabase(dataDir);
    try {
      // The same entry ids on every fresh data folder: docs/screens.md links each owner's screens.
      const ids = db
        .prepare("SELECT entries.id, users.email FROM entries JOIN users ON users.id = entries.user_id")
        .all() as { id: number; email: string }[];
      expect(ids.sort((a, b) => a.id - b.id).map((row) => `${row.id} ${row.email.split("@")[0]}`)).toEqual([
        "1 payout",
        "2 late",
        "3 returned",
        "4 review",
        "5 resubmit",
        "6 contract",
        "7 declined",
        "8 kojin",
        "9 midori",
      ]);
      // Their payout accounts are ones the Zengin directory knows: the screens give the codes, no note.
      const accounts = db
        .prepare(
          "SELECT bank_account FROM entries UNION ALL SELECT bank_account FROM users WHERE bank_account IS NOT NULL",
        )
        .all() as { bank_account: string }[];
      expect(accounts).toHaveLength(10);
      for (const row of accounts) {
        const account = JSON.parse(row.bank_account) as { bank_name: string; branch_name: string };
        expect(branchNote(account.bank_name, account.branch_name), row.bank_account).toEqual({
          code: expect.any(String),
          note: null,
        });
      }
      const today = japanDate(new Date());
      expect(entryOf(db, DEMO_OWNERS.mayApply.email)).toEqual([]);
      const stage = (email: string) => {
        const rows = entryOf(db, email);
        expect(rows, email).toHaveLength(1);
        return rows[0]!;
      };
      expect(stage(DEMO_OWNERS.underReview.email).entry_status).toBe(EntryStatus.under_review);
      expect(stage(DEMO_OWNERS.inadequate.email)).toMatchObject({
        entry_status: EntryStatus.inadequate,
        claim_status: ClaimStatus.inadequate,
      });
      expect(stage(DEMO_OWNERS.reviewed.email)).toMatchObject({
        entry_status: EntryStatus.reviewed,
        claim_status: ClaimStatus.can_buy,
      });
      const paidOut = stage(DEMO_OWNERS.paidOut.email);
      expect(paidOut).toMatchObject({
        entry_status: EntryStatus.transferred,
        claim_status: ClaimStatus.transferred,
      });
      expect(paidOut.obliger_payment_date).toBe(demoDates(today).holiday);
      expect(paidOut.return_date).toBe(demoDates(today).holidayDeadline);
      const paidOutOn = db
        .prepare(
          "SELECT transferred_at FROM entries JOIN users ON users.id = entries.user_id WHERE email = ?",
        )
        .get(DEMO_OWNERS.paidOut.email) as { transferred_at: string };
      expect(paidOutOn.transferred_at.slice(0, 10) <= today).toBe(true);
      expect(
        bankClosure(paidOutOn.transferred_at.slice(0, 10), bankCalendar(addDays(today, -30), today)),
      ).toBeNull();
      const late = stage(DEMO_OWNERS.late.email);
      expect(late).toMatchObject({ entry_status: EntryStatus.transferred, claim_status: ClaimStatus.delay });
      expect(late.return_date! < today).toBe(true);
      const returned = stage(DEMO_OWNERS.returned.email);
      expect(returned.claim_status).toBe(ClaimStatus.returned);
      expect(returned.transaction_completed_at).not.toBeNull();
      expect(returned.returned_at!.slice(0, 10)).toBe(returned.return_date);
      expect(stage(DEMO_OWNERS.declined.email)).toMatchObject({
        entry_status: EntryStatus.archived,
        claim_status: ClaimStatus.cannot_buy,
      });
      expect(stage(DEMO_OWNERS.soleProprietor.email).entry_status).toBe(EntryStatus.under_review);
      expect(stage(DEMO_OWNERS.whiteLabel.email).entry_status).toBe(EntryStatus.under_review);
      const brands = db.prepare("SELECT email, corporate_division, service_id FROM users").all() as {
        email: string;
        corporate_division: string;
        service_id: string;
      }[];
      const userOf = (email: string) => brands.find((user) => user.email === email)!;
      expect(userOf(DEMO_OWNERS.soleProprietor.email).corporate_division).toBe("individual");
      expect(userOf(DEMO_OWNERS.whiteLabel.email).service_id).toBe("midori");

      // Bought at the standard offer: what `review-claim … can_buy --offer standard` records.
      const bought = db
        .prepare(
          `SELECT id, purchase_amount, purchase_fee, purchase_fee_ratio, purchase_ratio, bank_charge
             FROM claims WHERE purchase_amount IS NOT NULL ORDER BY id`,
        )
        .all() as { id: number; [figure: string]: number | string }[];
      expect(bought).toHaveLength(4);
      for (const { id, ...figures } of bought) {
        const offer = claimReviewAtOffer(db, id, "standard", {}, configFor(dataDir));
        expect(Object.values(figures).map(Number), `claim ${id}`).toEqual(
          [offer.purchaseAmount, offer.fee, offer.feeRatio, offer.ratio, offer.bankCharge].map(Number),
        );
      }

      // The operator's examples (help, the README) name entries and claims a fresh demo has.
      const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
      const examples = [
        operatorHelp(),
        ...OPERATOR_COMMANDS.filter((c) => c !== "help").map(operatorHelp),
        readme,
      ]
        .flatMap((text) => text.split("\n"))
        .filter((line) => line.includes("npm run operator -- "));
      const codes = new Set(examples.flatMap((line) => line.match(/\bE\d{6}(?:-\d+)?\b/g) ?? []));
      expect(codes.size).toBeGreaterThan(3);
      for (const code of codes) {
        const table = code.includes("-") ? "claims" : "entries";
        expect(db.prepare(`SELECT 1 FROM ${table} WHERE code = ?`).get(code), code).toBeDefined();
      }
    } finally {
      db.close();
    }
  });
});

describe("npm run demo -- reset", () => {
  it("removes only the demo owners, their files and mails, and makes them again", async () => {
    const dataDir = freshFolder();
    await createDemoOwners(configFor(dataDir));
    const db = openDatabase(dataDir);
    try {
      const someoneElse = await insertUser(db, { email: "someone@example.jp" });
      const demoFiles = (
        db.prepare("SELECT storage_path FROM uploads").all() as { storage_path: string }[]
      ).map((row) => path.join(dataDir, row.storage_path));
      expect(demoFiles.length).toBeGreaterThan(0);
      expect(demoFiles.every((file) => fs.existsSync(file))).toBe(true);

      const removed = await removeDemoOwners(db, dataDir);
      expect(removed).toMatchObject({ users: DEMO_OWNER_LIST.length, entries: 9, files: demoFiles.length });
      expect(removed.mails).toBeGreaterThan(0);
      expect(count(db, "SELECT COUNT(*) AS n FROM users")).toBe(1);
      expect(db.prepare("SELECT id FROM users").get()).toEqual({ id: someoneElse });
      expect(count(db, "SELECT COUNT(*) AS n FROM entries")).toBe(0);
      expect(count(db, "SELECT COUNT(*) AS n FROM uploads")).toBe(0);
      expect(count(db, "SELECT COUNT(*) AS n FROM outbox")).toBe(0);
      expect(demoFiles.filter((file) => fs.existsSync(file))).toEqual([]);
    } finally {
      db.close();
    }

    const run = spawnSync(process.execPath, ["--import", "tsx", "reference-upstream/cli/demo.ts", "reset"], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, UPSTREAM_LOG: "false", API_BASE_URL: "" },
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Deleted from ${dataDir}: 0 demo accounts`);
    for (const owner of DEMO_OWNER_LIST) expect(run.stdout).toContain(owner.email);
    const after = openDatabase(dataDir);
    try {
      expect(count(after, "SELECT COUNT(*) AS n FROM users")).toBe(DEMO_OWNER_LIST.length + 1);
      expect(count(after, "SELECT COUNT(*) AS n FROM entries")).toBe(9);
    } finally {
      after.close();
    }
  });

  it("declines an upstream elsewhere (API_BASE_URL) and touches nothing", () => {
    const dataDir = freshFolder();
    const run = spawnSync(process.execPath, ["--import", "tsx", "reference-upstream/cli/demo.ts", "reset"], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, API_BASE_URL: "https://api.example.jp" },
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("API_BASE_URL");
    expect(run.stderr).toContain("デモをリセットできません");
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
