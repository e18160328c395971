// The outbox: every e-mail the upstream would send is stored here instead, for tests and developers
// to read (`npm run outbox`).

import type { Db } from "./db/database";
import { isoJst } from "./time";

export interface OutboxMail {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  body: string;
  link: string | null;
  created_at: string;
}

export function sendMail(
  db: Db,
  mail: { kind: string; to: string; subject: string; body: string; link?: string },
  now: Date,
): void {
  db.prepare(
    "INSERT INTO outbox (kind, to_address, subject, body, link, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  ).run(mail.kind, mail.to, mail.subject, mail.body, mail.link ?? null, isoJst(now));
}

export function latestMails(
  db: Db,
  options: { to?: string; kind?: string; limit?: number } = {},
): OutboxMail[] {
  const clauses: string[] = [];
  const values: unknown[] = [];
  if (options.to) {
    clauses.push("to_address = ? COLLATE NOCASE");
    values.push(options.to);
  }
  if (options.kind) {
    clauses.push("kind = ?");
    values.push(options.kind);
  }
  const where = clauses.length ? `WHERE ${clauses.join(" AND ")}` : "";
  return db
    .prepare(`SELECT * FROM outbox ${where} ORDER BY id DESC LIMIT ?`)
    .all(...values, options.limit ?? 1) as OutboxMail[];
}
