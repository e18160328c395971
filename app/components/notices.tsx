// Errors carried in the URL (§2 propagate-errors-in-hash-json): the server renders those of the
// query; in the browser the hash is read too, as an enhancement.

import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { RootLoaderData } from "~/root";
import type { PropagatedNotice } from "~/routing/propagated-errors";

/**
 * The notices of the URL: the query's, put into words by the root loader (so they render the same on
 * the server and in the browser), then, with JavaScript, the hash's.
 */
export function PropagatedNotices() {
  const fromQuery = useRouteLoaderData<RootLoaderData>("root")?.notices ?? [];
  const [fromHash, setFromHash] = useState<PropagatedNotice[]>([]);
  useEffect(() => {
    const hash = window.location.hash;
    if (!hash.includes("errors")) return;
    // Loaded only for such a hash: the message table is not on any page's bundle.
    void import("~/routing/propagated-errors").then(({ errorsFromHash, noticesFor }) =>
      setFromHash(noticesFor(errorsFromHash(hash))),
    );
  }, []);
  const shown = new Set<string>();
  const all = [...fromQuery, ...fromHash].filter(
    (notice) => !shown.has(notice.code) && shown.add(notice.code),
  );
  if (all.length === 0) return null;
  return (
    <>
      {all.map((notice) => (
        <div key={notice.code} className={notice.informational ? "notice" : "alert"} role="alert">
          {notice.text}
        </div>
      ))}
    </>
  );
}
