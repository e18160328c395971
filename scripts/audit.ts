// `npm run audit` (part of `npm test`): `npm audit` must report nothing but what audit-allowlist.txt
// accepts, each line with its reason. When the registry's audit endpoint cannot be
// reached (offline, or a proxy that refuses it: the bulk endpoint answered 405 on the build machine),
// the check says so plainly and is skipped rather than failed: it proves nothing either way then.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { compareWithAllowlist, readAllowlist, readAuditJson } from "./audit-report";

const ALLOWLIST = path.resolve(import.meta.dirname, "..", "audit-allowlist.txt");

const run = spawnSync("npm", ["audit", "--json"], { encoding: "utf8", timeout: 120_000 });
const reading = readAuditJson(run.stdout ?? "");
if (reading.kind === "unreachable") {
  console.log(`npm audit: SKIPPED, the registry's audit endpoint could not be reached (${reading.reason}).`);
  console.log("npm audit: nothing is proven either way; run `npm run audit` where the registry answers.");
  process.exit(0);
}

const { allowed, errors } = readAllowlist(fs.existsSync(ALLOWLIST) ? fs.readFileSync(ALLOWLIST, "utf8") : "");
const verdict = compareWithAllowlist(reading.advisories, allowed);
for (const { advisory, why } of verdict.accepted) {
  console.log(`npm audit: accepted ${advisory.id} in ${advisory.packageName} (${advisory.severity}): ${why}`);
}
for (const line of verdict.stale) {
  console.log(
    `npm audit: ${line.id} in ${line.packageName} is no longer reported; remove its allowlist line.`,
  );
}
for (const error of errors) console.error(`audit-allowlist.txt ${error}`);
for (const advisory of verdict.unexpected) {
  console.error(
    `npm audit: ${advisory.id} in ${advisory.packageName} (${advisory.severity}) ${advisory.title}: ` +
      "fix it (npm audit fix, an upgrade) or add it to audit-allowlist.txt with the reason.",
  );
}
console.log(
  `npm audit: ${reading.advisories.length} advisories reported, ${verdict.accepted.length} allowed, ` +
    `${verdict.unexpected.length} not allowed.`,
);
process.exit(verdict.unexpected.length > 0 || errors.length > 0 ? 1 : 0);
