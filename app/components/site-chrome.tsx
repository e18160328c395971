// The header and footer every layout shares; the brand comes from the root loader. The header shows
// the brand's logo (app/brand/logos.tsx), the footer its legal links and operator.

import { Form, Link, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { DEFAULT_BRAND } from "~/brand/brands";
import { BrandLogo } from "~/brand/logos";
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
          <BrandLogo brand={brand} />
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
      {/* A plain button: logging out needs no pending state, and every page carries this one. */}
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
        <nav aria-label="規約・ポリシー">
          <ul>
            {brand.legalLinks.map((link) => (
              <li key={link.href}>
                <Link to={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {brand.partnerName ? (
          <p>
            {brand.serviceName}は、{brand.partnerName}との提携により{brand.operatorName}が提供しています。
          </p>
        ) : null}
        <p>
          © {brand.operatorName} / お問い合わせ:{" "}
          <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
        </p>
      </div>
    </footer>
  );
}
