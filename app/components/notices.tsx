// §2 propagate-errors-in-hash-json: the query's notices rendered on the server, a hash's moved into
// the query by an inline script (decision 0015).

import { useRouteLoaderData } from "@remix-run/react";
import type { RootLoaderData } from "./root-loader-data";
import { useNonce } from "~/components/nonce";
import { HASH_TO_QUERY_SCRIPT } from "~/routing/propagated-errors";

/** The notices of the URL, put into words by the root loader (the same on the server and in the browser). */
export function PropagatedNotices() {
  const nonce = useNonce();
  const notices = useRouteLoaderData<RootLoaderData>("root")?.notices ?? [];
  return (
    <>
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: HASH_TO_QUERY_SCRIPT }}
      />
      {notices.map((notice) => (
        <div key={notice.code} className={notice.informational ? "notice" : "alert"} role="alert">
          {notice.text}
        </div>
      ))}
    </>
  );
}
