// `npm run outbox`: the newest e-mail the upstream "sent" (to, subject, body, link);
// `-- --all` the last 20, `-- --to ADDRESS` only those to one address. Reads $DATA_DIR (default ./data).

import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../db/database";
import { type OutboxMail, latestMails } from "../outbox";

const USAGE = "Usage: npm run outbox [-- --all] [-- --to ADDRESS]\n";
const LIST_LIMIT = 20;

function parse(argv: string[]): { all: boolean; to?: string } {
  const options: { all: boolean; to?: string } = { all: false };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (arg === "--all") options.all = true;
    else if (arg === "--to" && argv[index + 1] && !argv[index + 1]!.startsWith("--"))
      options.to = argv[++index];
    else if (arg.startsWith("--to=") && arg.length > 5) options.to = arg.slice(5);
    else if (arg === "--help" || arg === "-h" || arg === "help") {
      process.stdout.write(USAGE);
      process.exit(0);
    } else {
      process.stderr.write(`usage error: unknown argument "${arg}" (不明な引数です)\n${USAGE}`);
      process.exit(2);
    }
  }
  return options;
}

function format(mail: OutboxMail): string {
  return [
    `#${mail.id}  ${mail.created_at}  (${mail.kind})`,
    `To:      ${mail.to_address}`,
    `Subject: ${mail.subject}`,
    ...(mail.link ? [`Link:    ${mail.link}`] : []),
    "",
    mail.body,
  ].join("\n");
}

const options = parse(process.argv.slice(2));
const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
if (!fs.existsSync(path.join(dataDir, "upstream.sqlite3"))) {
  process.stdout.write(`No mail yet: there is no database in ${dataDir} (メールはありません)\n`);
  process.exit(0);
}
const db = openDatabase(dataDir);
try {
  const mails = latestMails(db, { to: options.to, limit: options.all ? LIST_LIMIT : 1 });
  if (mails.length === 0) {
    process.stdout.write(`No mail${options.to ? ` to ${options.to}` : ""} (メールはありません)\n`);
  } else {
    process.stdout.write(`${mails.map(format).join(`\n\n${"-".repeat(60)}\n\n`)}\n`);
  }
} finally {
  db.close();
}
