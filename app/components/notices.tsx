// Errors carried in the URL (§2 propagate-errors-in-hash-json): the server renders those of the
// query; in the browser the hash is read too, as an enhancement.

import { useEffect, useState } from "react";
import {
  PROPAGATED_ERROR_MESSAGES,
  type PropagatedErrorCode,
  errorsFromHash,
} from "~/routing/propagated-errors";

const INFORMATIONAL: readonly PropagatedErrorCode[] = [
  "logged_out",
  "unfinished_invoices",
  "unfinished_financial",
  "unfinished_withdrawals",
];

export function PropagatedNotices({ codes }: { codes: readonly PropagatedErrorCode[] }) {
  const [fromHash, setFromHash] = useState<PropagatedErrorCode[]>([]);
  useEffect(() => {
    setFromHash(errorsFromHash(window.location.hash));
  }, []);
  const all = [...new Set([...codes, ...fromHash])];
  if (all.length === 0) return null;
  return (
    <>
      {all.map((code) => (
        <div key={code} className={INFORMATIONAL.includes(code) ? "notice" : "alert"} role="alert">
          {PROPAGATED_ERROR_MESSAGES[code]}
        </div>
      ))}
    </>
  );
}
