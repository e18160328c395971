// The demo account created on an empty database (corporate, profile complete, identity confirmed).
// Filled in by the accounts work; see README.

import type { Db } from "./db/database";

export const DEMO_EMAIL = "demo@sakidori.example";
export const DEMO_PASSWORD = "sakidori-demo-2026";

export async function seedDemoAccount(
  _db: Db,
  _now: Date,
): Promise<{ created: boolean; email: string; password: string }> {
  return { created: false, email: DEMO_EMAIL, password: DEMO_PASSWORD };
}
