// The header and footer every layout shares; the brand comes from the root loader. The header shows
// the brand's logo (app/brand/logos.tsx), the footer its legal links and operator.

import { Form, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { DEFAULT_BRAND } from "~/brand/brands";
import { BrandLogo } from "~/brand/logos";
import { ContactDesk } from "./contact-desk";
import type { RootLoaderData } from "./root-loader-data";

// The header's and footer's links are plain links, and logging out a document post: the pages they
// lead to ship no scripts (decision 0015), so even on a page that hydrates a document load shows
// them at once, where a move in the browser would first fetch their modules.

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
        <a href="/" className="brand-name">
          <BrandLogo brand={brand} />
        </a>
        {children ? (
          <nav aria-label="アカウント" className="site-nav">
            {children}
          </nav>
        ) : null}
      </div>
    </header>
  );
}

/** Logout is a POST (ARCHITECTURE §12): a link could be triggered by another site. */
export function LogoutButton() {
  return (
    <Form reloadDocument method="post" action="/logout" className="inline-form">
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
                <a href={link.href}>{link.label}</a>
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
          © {brand.operatorName} / お問い合わせ: <ContactDesk />
        </p>
      </div>
    </footer>
  );
}
