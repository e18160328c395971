// Suppression (新規お申し込みの停止): new entries stopped, or allowed again, for one segment or all.

import type { SuppressionMethod } from "../../app/domain/enumerations";
import { type Db, inTransaction } from "../db/database";
import { readSuppression, writeSuppression } from "../entries/eligibility";

export function setSuppression(db: Db, method: SuppressionMethod, message: string, segment: string): string {
  return inTransaction(db, () => {
    writeSuppression(db, { method, message, segment });
    return `supress_entries → ${JSON.stringify(readSuppression(db))}`;
  });
}
