// §2 /unsupported (simple header); §6: where individual users are sent when individuals are not supported.

import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useBrand } from "~/components/site-chrome";
import { pageTitle } from "~/routing/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "ご利用いただけません")];

export default function UnsupportedPage() {
  const brand = useBrand();
  return (
    <div className="narrow">
      <h1>ご利用いただけません</h1>
      <p>
        申し訳ございません。{brand.serviceName}
        は法人のお客さま専用のサービスです。個人事業主のお客さまはご利用いただけません。
      </p>
      <p>ご不明な点は {brand.supportEmail} までお問い合わせください。</p>
      <p className="link-list">
        <Link to="/">トップページへ戻る</Link>
      </p>
    </div>
  );
}
