// `npm run operator -- <command>`: the operator's actions on the reference upstream's database in
// $DATA_DIR (default ./data), which the running upstream may share (SQLite in WAL mode).
// Exit codes: 0 done, 1 refused by the data (unknown id, wrong state), 2 a usage error.

import fs from "node:fs";
import path from "node:path";
import { configFromEnvironment } from "../config";
import { openDatabase } from "../db/database";
import { OperatorStateError, OperatorUsageError } from "../operator/errors";
import { OPERATOR_COMMANDS } from "../operator/commands";
import { operatorHelp } from "../operator/help";
import { runOperatorCommand } from "../operator/command-line";
import { withRecordedPublicLinks } from "../public-links";

const argv = process.argv.slice(2);
const command = argv[0];

if (command === undefined || command === "help" || command === "--help" || command === "-h") {
  try {
    process.stdout.write(operatorHelp(argv[1]));
    process.exit(0);
  } catch (error) {
    if (!(error instanceof OperatorUsageError)) throw error;
    process.stderr.write(`usage error: ${error.message}\n`);
    process.exit(2);
  }
}

if (!(OPERATOR_COMMANDS as readonly string[]).includes(command)) {
  process.stderr.write(
    `usage error: unknown command "${command}" (不明なコマンドです). Run: npm run operator -- help\n`,
  );
  process.exit(2);
}

const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
if (!fs.existsSync(path.join(dataDir, "upstream.sqlite3"))) {
  process.stderr.write(
    `No database in ${dataDir} (データベースがありません). Start the upstream once (npm run reference-upstream) or set DATA_DIR.\n`,
  );
  process.exit(1);
}

const db = openDatabase(dataDir);
try {
  const config = withRecordedPublicLinks(db, configFromEnvironment());
  process.stdout.write(`${runOperatorCommand(db, argv, new Date(), config)}\n`);
  process.exitCode = 0;
} catch (error) {
  if (error instanceof OperatorUsageError) {
    process.stderr.write(`usage error: ${error.message}\n`);
    process.exitCode = 2;
  } else if (error instanceof OperatorStateError) {
    process.stderr.write(`refused: ${error.message}\n`);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  db.close();
}
