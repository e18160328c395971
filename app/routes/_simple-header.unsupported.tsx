// §2 /unsupported (§6: individuals sent where individuals are not supported), true for every brand:
// one that serves individuals says so.

import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ContactDesk } from "~/components/contact-desk";
import { useBrand } from "~/components/site-chrome";
import { pageTitle } from "~/routing/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "ご利用いただけるお客さま")];

export default function UnsupportedPage() {
  const brand = useBrand();
  if (brand.individualSupported) {
    return (
      <div className="narrow">
        <h1>{brand.serviceName}をご利用いただけるお客さま</h1>
        <p>{brand.serviceName}は、法人のお客さまも個人事業主のお客さまもご利用いただけます。</p>
        <p>
          ご不明な点は、
          <ContactDesk />
          までお問い合わせください。
        </p>
        <p className="link-list">
          <Link to="/login">ログインする</Link>
          <Link to="/">トップページへ戻る</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="narrow">
      <h1>個人事業主のお客さまはご利用いただけません</h1>
      <p>
        申し訳ございません。{brand.serviceName}
        は法人のお客さま専用のサービスです。個人事業主として登録されたアカウントではご利用いただけません。
      </p>
      <p>
        法人としてご利用になりたい場合や、事業形態の登録に誤りがある場合は、
        <ContactDesk />
        までお問い合わせください。
      </p>
      <p className="link-list">
        <Link to="/">トップページへ戻る</Link>
      </p>
    </div>
  );
}
