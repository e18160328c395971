// The demo owners `npm start` creates on a fresh data folder (and `npm run demo -- reset` recreates):
// one login per stage of an entry, all with one password. The README lists the same, and the browser
// test walks each to the screen named here.

import fs from "node:fs";
import Database from "better-sqlite3";
import { DEFAULT_BRAND, WHITE_LABEL_BRAND, brandOrigin } from "../../app/brand/brands";
import { databaseFile } from "../db/database";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../seed";

export interface DemoOwner {
  email: string;
  /** The brand the account belongs to: where it logs in. */
  brand: "sakidori" | "midori";
  /** What the owner shows, as the README and `npm start` say it. */
  shows: string;
}

/** Every demo owner has this password (the demo account's). */
export const DEMO_OWNER_PASSWORD = DEMO_PASSWORD;

export const DEMO_OWNERS = {
  mayApply: {
    email: DEMO_EMAIL,
    brand: "sakidori",
    shows: "no entry yet: My page invites a first one (新しく申し込む)",
  },
  underReview: {
    email: "review@sakidori.example",
    brand: "sakidori",
    shows: "an entry under review (審査中): My page → the entry's detail",
  },
  inadequate: {
    email: "resubmit@sakidori.example",
    brand: "sakidori",
    shows:
      "an invoice found inadequate (不備あり): My page → 不備を修正して再提出する, the resubmission page with the operator's reason",
  },
  reviewed: {
    email: "contract@sakidori.example",
    brand: "sakidori",
    shows: "reviewed (審査完了): My page → ご契約の手続きへ進む, the agreement to read and sign",
  },
  paidOut: {
    email: "payout@sakidori.example",
    brand: "sakidori",
    shows:
      "contracted and paid out (買取代金お振込済み), the debtor paying on the next bank holiday: the return is due the next business day (detail, .ics)",
  },
  late: {
    email: "late@sakidori.example",
    brand: "sakidori",
    shows: "a return past its deadline (ご返金遅延): My page's notice → the return on the detail",
  },
  returned: {
    email: "returned@sakidori.example",
    brand: "sakidori",
    shows: "finished, the return received (完了（ご返金確認済み）): the detail",
  },
  declined: {
    email: "declined@sakidori.example",
    brand: "sakidori",
    shows: "declined by the operator (お見送り): the detail",
  },
  soleProprietor: {
    email: "kojin@sakidori.example",
    brand: "sakidori",
    shows:
      "a sole proprietor (個人事業主) with an entry under review: 屋号 on My page, 確定申告書 in place of 決算書類 on the detail",
  },
  whiteLabel: {
    email: "midori@sakidori.example",
    brand: "midori",
    shows: "the white-label brand (みどり銀行 請求書買取サービス) with an entry under review",
  },
} as const satisfies Record<string, DemoOwner>;

export type DemoStage = keyof typeof DEMO_OWNERS;

export const DEMO_OWNER_LIST: readonly DemoOwner[] = Object.values(DEMO_OWNERS);

/** The demo owners the data folder holds, in the list's order (none when it has no database yet). */
export function demoOwnersIn(dataDir: string): DemoOwner[] {
  if (!fs.existsSync(databaseFile(dataDir))) return [];
  const db = new Database(databaseFile(dataDir), { readonly: true });
  try {
    const present = new Set(
      (db.prepare("SELECT email FROM users").all() as { email: string }[]).map((row) => row.email),
    );
    return DEMO_OWNER_LIST.filter((owner) => present.has(owner.email));
  } finally {
    db.close();
  }
}

/** The lines `npm start` prints: each login, what it shows, and where a white-label owner logs in. */
export function demoLoginLines(
  owners: readonly DemoOwner[],
  appBaseUrl: string,
  fixedBrandId?: string,
): string[] {
  const width = Math.max(...owners.map((owner) => owner.email.length));
  return owners.map((owner) => {
    const brand = owner.brand === WHITE_LABEL_BRAND.id ? WHITE_LABEL_BRAND : DEFAULT_BRAND;
    const where = brand === DEFAULT_BRAND ? "" : ` (${brandOrigin(brand, appBaseUrl, fixedBrandId)}/login)`;
    return `  ${owner.email.padEnd(width)}  ${owner.shows}${where}`;
  });
}
