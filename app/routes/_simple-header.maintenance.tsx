// §2 /maintenance: shown while the service is under maintenance.

import { type MetaFunction, json } from "@remix-run/node";
import { pageTitle } from "~/routing/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "メンテナンス中です")];

export function loader() {
  // 503 tells crawlers and monitors that this is temporary.
  return json({}, { status: 503, headers: { "Retry-After": "3600" } });
}

export default function MaintenancePage() {
  return (
    <div className="narrow">
      <h1>ただいまメンテナンス中です</h1>
      <p>
        ご不便をおかけして申し訳ございません。現在、システムのメンテナンスを行っております。しばらく時間をおいてから再度アクセスしてください。
      </p>
    </div>
  );
}
