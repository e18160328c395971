// The outbox: every e-mail the upstream would send is stored here instead, for tests and developers
// to read (`npm run outbox`). Every mail ends with who sent it and how to reach them: a mail kept
// alone must still say whom to ask.

import type { Brand } from "../app/brand/brands";
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

/** Who a mail is from: the user's brand (reference-upstream/accounts/brand-links.ts brandOf). */
export type MailSender = Pick<Brand, "serviceName" | "operatorName" | "contactDesk" | "supportEmail">;

/** The brand's contact, as a body's closing lines: also where a mail tells the user to turn for help. */
export function contactLines(sender: MailSender): string[] {
  return [`お問い合わせ：${sender.contactDesk}`, `メール：${sender.supportEmail}`];
}

function signature(sender: MailSender): string {
  return [
    "――――――――――――――――――――",
    sender.serviceName,
    `運営会社：${sender.operatorName}`,
    ...contactLines(sender),
  ].join("\n");
}

/** Writes the mail from `sender` (the user's brand), signed with its name and contact. */
export function sendMail(
  db: Db,
  sender: MailSender,
  mail: { kind: string; to: string; subject: string; body: string; link?: string },
  now: Date,
): void {
  db.prepare(
    "INSERT INTO outbox (kind, to_address, subject, body, link, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  ).run(
    mail.kind,
    mail.to,
    mail.subject,
    `${mail.body}\n\n${signature(sender)}`,
    mail.link ?? null,
    isoJst(now),
  );
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
