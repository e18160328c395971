// The demo account created on an empty database (corporate, profile complete, identity
// confirmed), so `npm start` on a fresh clone can log in at once. `npm start` prints the credentials.

import { ReviewStatus } from "../app/domain/statuses";
import { hashPassword } from "./auth/passwords";
import { DEFAULT_SERVICE_ID } from "./config";
import { type Db, inTransaction } from "./db/database";
import { dateJst, isoJst } from "./time";

export const DEMO_EMAIL = "demo@sakidori.example";
export const DEMO_PASSWORD = "sakidori-demo-2026";

const usersExist = (db: Db) => db.prepare("SELECT 1 FROM users LIMIT 1").get() !== undefined;

/** One year ahead, as a calendar date in Japan (the identity stays valid through the demo's first year). */
function oneYearLater(now: Date): string {
  const next = new Date(now.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return dateJst(next);
}

const demoAccountExists = (db: Db) =>
  db.prepare("SELECT 1 FROM users WHERE email = ?").get(DEMO_EMAIL) !== undefined;

/** The demo account, on an empty database only. */
export function seedDemoAccount(db: Db, now: Date) {
  return insertDemoAccount(db, now, usersExist);
}

/** The demo account unless `skip` says otherwise (default: it exists already); the demo owners' first. */
export async function insertDemoAccount(
  db: Db,
  now: Date,
  skip: (db: Db) => boolean = demoAccountExists,
): Promise<{ created: boolean; email: string; password: string }> {
  const result = { created: false, email: DEMO_EMAIL, password: DEMO_PASSWORD };
  if (skip(db)) return result;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const stamp = isoJst(now);
  const created = inTransaction(db, () => {
    // Checked again under the write lock: a registration may have arrived while hashing.
    if (skip(db)) return false;
    db.prepare(
      `INSERT INTO users (
         email, password_hash, service_id, first_name, last_name, corporate_division, company_name,
         office_phone, office_zipcode, office_prefecture, office_city, office_building_number,
         owner_phone, owner_zipcode, owner_prefecture, owner_city, owner_building_number,
         sector, business_summary, bank_account, identity_document_type,
         identity_confirmation, identity_valid_date, email_verified_at, has_pre_entry_declined,
         create_time, update_time)
       VALUES (
         @email, @password_hash, @service_id, @first_name, @last_name, 'corporate', @company_name,
         @office_phone, @office_zipcode, @office_prefecture, @office_city, @office_building_number,
         @owner_phone, @owner_zipcode, @owner_prefecture, @owner_city, @owner_building_number,
         @sector, @business_summary, @bank_account, 'drivingLicence',
         @identity_confirmation, @identity_valid_date, @stamp, 0,
         @stamp, @stamp)`,
    ).run({
      email: DEMO_EMAIL,
      password_hash: passwordHash,
      service_id: DEFAULT_SERVICE_ID,
      first_name: "太郎",
      last_name: "山田",
      company_name: "株式会社サキドリデモ",
      office_phone: "03-6268-0000",
      office_zipcode: "1000005",
      office_prefecture: "東京都",
      office_city: "千代田区丸の内",
      office_building_number: "1-1-1 サキドリビル5階",
      owner_phone: "090-1234-5678",
      owner_zipcode: "1540004",
      owner_prefecture: "東京都",
      owner_city: "世田谷区太子堂",
      owner_building_number: "2-3-4",
      sector: "information_and_communications",
      business_summary: "中小企業向けの業務システムの受託開発と保守を行っています。",
      bank_account: JSON.stringify({
        bank_name: "みずほ銀行",
        branch_name: "丸之内支店",
        deposit_type: "ordinary",
        bank_account_number: "1234567",
        account_holder_name: "カ）サキドリデモ",
      }),
      identity_confirmation: ReviewStatus.confirmed,
      identity_valid_date: oneYearLater(now),
      stamp,
    });
    return true;
  });
  return { ...result, created };
}
