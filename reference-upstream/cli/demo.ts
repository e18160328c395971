// `npm run demo -- reset`: the demo owners (reference-upstream/demo/owners.ts) removed from the data
// folder ($DATA_DIR, default ./data) with everything of theirs, then made again from today's date.
// A running `npm start` may stay up: the owners are made through a private upstream on a free port.

import { SettingError } from "../../app/domain/settings";
import { type UpstreamConfig, configFromEnvironment } from "../config";
import { openDatabase } from "../db/database";
import { createDemoOwners } from "../demo/create";
import { DEMO_OWNER_LIST, DEMO_OWNER_PASSWORD, demoLoginLines } from "../demo/owners";
import { type RemovedDemoState, removeDemoOwners } from "../demo/reset";
import { withRecordedPublicLinks } from "../public-links";

const USAGE = `Usage: npm run demo -- reset     (data folder: $DATA_DIR, default ./data)
  Deletes the demo owners' accounts (${DEMO_OWNER_LIST.map((owner) => owner.email).join(", ")})
  with their entries, uploaded files, drafts, sessions and the mails sent to them, then creates them
  again with today's dates. Other accounts and their data are kept.
`;

const [command, ...rest] = process.argv.slice(2);
if (command === "help" || command === "--help" || command === "-h" || command === undefined) {
  process.stdout.write(USAGE);
  process.exit(command === undefined ? 2 : 0);
}
if (command !== "reset" || rest.length > 0) {
  process.stderr.write(
    `usage error: unknown argument "${[command, ...rest].join(" ")}" (不明な引数です)\n${USAGE}`,
  );
  process.exit(2);
}
const elsewhere = process.env.API_BASE_URL?.trim();
if (elsewhere) {
  process.stderr.write(
    `Sorry, nothing was reset: API_BASE_URL names an upstream elsewhere (${elsewhere}), whose database is not a data folder on this machine. ` +
      "npm run demo -- reset resets the reference upstream's own data folder (DATA_DIR), the one npm start runs without API_BASE_URL.\n" +
      "API_BASE_URL が設定されているため、デモをリセットできません（このコマンドは npm start が使う手元のデータフォルダ DATA_DIR のみを対象にします）。\n",
  );
  process.exit(1);
}

const config = settingsOrExit();
const db = openDatabase(config.dataDir);
let linked: UpstreamConfig;
let removed: RemovedDemoState;
try {
  // The mails link where the running upstream's do, as the operator command's (public-links.ts).
  linked = withRecordedPublicLinks(db, config);
  removed = await removeDemoOwners(db, config.dataDir);
} finally {
  db.close();
}
console.log(
  `Deleted from ${config.dataDir}: ${removed.users} demo accounts, ${removed.entries} entries, ${removed.files} uploaded files, ${removed.mails} mails.`,
);
const created = await createDemoOwners(linked);
console.log(`Created ${created.length} demo owners (password ${DEMO_OWNER_PASSWORD} for each):`);
for (const line of demoLoginLines(DEMO_OWNER_LIST, linked.appBaseUrl, process.env.BRAND)) console.log(line);

function settingsOrExit(): UpstreamConfig {
  try {
    return configFromEnvironment();
  } catch (error) {
    if (!(error instanceof SettingError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
}
