// Shared set-up for the accounts tests: users written straight into the database (one scrypt hash
// reused, so tests stay quick), logged-in clients, identity uploads, a settable clock.

import { hashPassword } from "../../../reference-upstream/auth/passwords";
import type { Db } from "../../../reference-upstream/db/database";
import { isoJst } from "../../../reference-upstream/time";
import { type ApiClient, type TestUpstream } from "./harness";

export const PASSWORD = "kasumi-river-2931";

let sharedHash: Promise<string> | null = null;
/** The scrypt hash of PASSWORD, computed once per test file. */
export const passwordHash = () => (sharedHash ??= hashPassword(PASSWORD));

let counter = 0;
/**
 * An address no other file's process uses. The process id is written in letters: as digits (pid 12345)
 * a test password such as "1234" would be refused as too like the address.
 */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  const pid = [...process.pid.toString(10)].map((digit) => "abcdefghij"[Number(digit)]).join("");
  return `${prefix}${counter}.${pid}@example.co.jp`;
}

/** A user row with PASSWORD; columns may be overridden. Returns the id. */
export async function insertUser(db: Db, columns: Record<string, unknown> = {}): Promise<number> {
  const stamp = isoJst(new Date());
  const row: Record<string, unknown> = {
    email: uniqueEmail(),
    password_hash: await passwordHash(),
    corporate_division: "corporate",
    create_time: stamp,
    update_time: stamp,
    ...columns,
  };
  const names = Object.keys(row);
  const { lastInsertRowid } = db
    .prepare(`INSERT INTO users (${names.join(", ")}) VALUES (${names.map((name) => `@${name}`).join(", ")})`)
    .run(row);
  return Number(lastInsertRowid);
}

export async function logInClient(
  upstream: TestUpstream,
  email: string,
  options: { password?: string; persistLoginState?: boolean; serviceId?: string } = {},
): Promise<ApiClient> {
  const client = upstream.client();
  const response = await client.post(
    "/api/auth/",
    { email, password: options.password ?? PASSWORD, persistLoginState: options.persistLoginState ?? false },
    options.serviceId ? { headers: { "X-Service-Id": options.serviceId } } : {},
  );
  if (response.status !== 200)
    throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return client;
}

/** A user in the database and a client logged in as them. */
export async function userWithClient(upstream: TestUpstream, columns: Record<string, unknown> = {}) {
  const email = (columns.email as string | undefined) ?? uniqueEmail();
  const id = await insertUser(upstream.db, { ...columns, email });
  return { id, email, client: await logInClient(upstream, email) };
}

/** An identity upload row (the uploads endpoint is another module's; only the row matters here). */
export function insertIdentityUpload(
  db: Db,
  userId: number,
  side: "front" | "back",
  kind = "identity",
): number {
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO uploads (user_id, kind, side, name, content_type, size, storage_path, created_at)
       VALUES (?, ?, ?, ?, 'image/png', 100, 'uploads/none.png', ?)`,
    )
    .run(userId, kind, kind === "identity" ? side : null, `${side}.png`, isoJst(new Date()));
  return Number(lastInsertRowid);
}

/** The value of one cookie in a response's Set-Cookie headers, with its attributes. */
export function setCookie(setCookies: string[], name: string): string | undefined {
  return setCookies.find((cookie) => cookie.startsWith(`${name}=`));
}

/** A clock the upstream reads (overrides.now) that a test can move. */
export class TestClock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
