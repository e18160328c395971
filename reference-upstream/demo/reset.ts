// `npm run demo -- reset`'s removal: the demo owners' accounts (owners.ts, the demo account included)
// with everything of theirs, their stored files and the mails sent to them. Nobody else's data is touched.

import fs from "node:fs";
import path from "node:path";
import { type Db, inTransaction } from "../db/database";
import { removeQuietly, resolveStoragePath } from "../uploads/storage";
import { DEMO_OWNER_LIST } from "./owners";

export interface RemovedDemoState {
  users: number;
  entries: number;
  files: number;
  mails: number;
}

export async function removeDemoOwners(db: Db, dataDir: string): Promise<RemovedDemoState> {
  const emails = DEMO_OWNER_LIST.map((owner) => owner.email);
  const marks = emails.map(() => "?").join(", ");
  const { removed, storagePaths, userIds } = inTransaction(db, () => {
    const users = db.prepare(`SELECT id FROM users WHERE email IN (${marks})`).all(...emails) as {
      id: number;
    }[];
    const ids = users.map((user) => user.id);
    const idMarks = ids.map(() => "?").join(", ") || "NULL";
    const count = (sql: string) => (db.prepare(sql).get(...ids) as { n: number }).n;
    const entries = count(`SELECT COUNT(*) AS n FROM entries WHERE user_id IN (${idMarks})`);
    const paths = db
      .prepare(`SELECT storage_path FROM uploads WHERE user_id IN (${idMarks})`)
      .all(...ids) as { storage_path: string }[];
    // Sessions, uploads, entries with their claims and files, drafts, tokens go with the user (ON DELETE CASCADE).
    db.prepare(`DELETE FROM users WHERE id IN (${idMarks})`).run(...ids);
    const mails = db.prepare(`DELETE FROM outbox WHERE to_address IN (${marks})`).run(...emails).changes;
    return {
      removed: { users: ids.length, entries, files: paths.length, mails },
      storagePaths: paths.map((row) => row.storage_path),
      userIds: ids,
    };
  });
  for (const storagePath of storagePaths) await removeQuietly(resolveStoragePath(dataDir, storagePath));
  for (const id of userIds) {
    await fs.promises.rm(path.join(dataDir, "uploads", String(id)), { recursive: true, force: true });
  }
  return removed;
}
