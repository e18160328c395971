// Logs a test straight in: inserts a user row and a session into the upstream's database and
// gives back an ApiClient holding the sessionid and csrftoken cookies, as a browser holds them
// after POST /api/auth/. For tests of endpoints other than login itself.

import { createSession } from "../../../reference-upstream/auth/sessions";
import { newCsrfToken } from "../../../reference-upstream/auth/tokens";
import { isoJst } from "../../../reference-upstream/time";
import type { ApiClient, TestUpstream } from "./harness";

export interface LoginOptions {
  email?: string;
  /** Other users columns to set (corporate_division, company_name, identity_confirmation …). */
  columns?: Record<string, string | number | null>;
  /** A persistent (14-day) session instead of a browser-session one. */
  persistent?: boolean;
}

export type LoggedInClient = ApiClient & { userId: number; email: string };

let counter = 0;

export function loginAs(upstream: TestUpstream, options: LoginOptions = {}): LoggedInClient {
  counter += 1;
  const email = options.email ?? `user${counter}-${Date.now().toString(36)}@example.test`;
  const now = new Date();
  const columns: Record<string, string | number | null> = {
    email,
    create_time: isoJst(now),
    update_time: isoJst(now),
    ...options.columns,
  };
  for (const name of Object.keys(columns)) {
    if (!/^[a-z_]+$/.test(name)) throw new Error(`not a column name: ${name}`);
  }
  const names = Object.keys(columns);
  const { lastInsertRowid } = upstream.db
    .prepare(`INSERT INTO users (${names.join(", ")}) VALUES (${names.map((name) => `@${name}`).join(", ")})`)
    .run(columns);
  const userId = Number(lastInsertRowid);
  const session = createSession(upstream.db, userId, options.persistent ?? false, now);
  const client = upstream.client();
  client.cookies.set("sessionid", session.session_key);
  client.cookies.set("csrftoken", newCsrfToken());
  return Object.assign(client, { userId, email });
}
