// The header and footer every layout shares; the brand comes from the root loader.

import { Form, Link, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { DEFAULT_BRAND } from "~/brand/brands";
import type { RootLoaderData } from "~/root";

export function useBrand() {
  return useRouteLoaderData<RootLoaderData>("root")?.brand ?? DEFAULT_BRAND;
}

export function SiteHeader({ children }: { children?: ReactNode }) {
  const brand = useBrand();
  return (
    <header className="site-header">
      <a href="#main" className="skip-link">
        本文へ移動
      </a>
      <div className="container">
        <Link to="/" className="brand-name">
          {brand.shortName}
        </Link>
        {children ? (
          <nav aria-label="アカウント" className="site-nav">
            {children}
          </nav>
        ) : null}
      </div>
    </header>
  );
}

/** Logout is a POST (ARCHITECTURE decision 12): a link could be triggered by another site. */
export function LogoutButton() {
  return (
    <Form method="post" action="/logout" className="inline-form">
      <button type="submit" className="link-button">
        ログアウト
      </button>
    </Form>
  );
}

export function SiteFooter() {
  const brand = useBrand();
  return (
    <footer className="site-footer">
      <div className="container">
        <ul>
          <li>
            <Link to="/terms">利用規約</Link>
          </li>
          <li>
            <Link to="/policy/privacy">プライバシーポリシー</Link>
          </li>
          <li>
            <Link to="/policy/security">情報セキュリティ基本方針</Link>
          </li>
          <li>
            <Link to="/legal/sct">特定商取引法に基づく表記</Link>
          </li>
        </ul>
        <p>
          © {brand.operatorName} / お問い合わせ:{" "}
          <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
        </p>
      </div>
    </footer>
  );
}
