// The frame of every layout of §2: a header (with or without navigation), the main area, a footer.

import { Outlet } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorScreen } from "./error-screen";
import { LogoutButton, SiteFooter, SiteHeader } from "./site-chrome";

export type HeaderNavigation = "none" | "visitor" | "account";

export interface FrameOptions {
  navigation: HeaderNavigation;
  footer: boolean;
  /** Pages with text in a narrow column; the landing page uses the full width. */
  narrow: boolean;
}

function Navigation({ kind }: { kind: HeaderNavigation }) {
  if (kind === "visitor") {
    return (
      <SiteHeader>
        <a href="/login">ログイン</a>
        <a href="/register">会員登録</a>
      </SiteHeader>
    );
  }
  if (kind === "account") {
    return (
      <SiteHeader>
        <a href="/mypage">マイページ</a>
        <LogoutButton />
      </SiteHeader>
    );
  }
  return <SiteHeader />;
}

export function PageFrame({ options, children }: { options: FrameOptions; children: ReactNode }) {
  return (
    <>
      <Navigation kind={options.navigation} />
      <main id="main" className={options.narrow ? "container page" : undefined}>
        {children}
      </main>
      {options.footer ? <SiteFooter /> : null}
    </>
  );
}

/** A layout's error boundary: the §2 error screen inside the same frame. */
export function FrameErrorBoundary({ options }: { options: FrameOptions }) {
  return (
    <PageFrame options={{ ...options, narrow: false }}>
      <ErrorScreen />
    </PageFrame>
  );
}

/** The two exports of a pathless layout route of §2, from its frame options. */
export function layoutRoute(options: FrameOptions) {
  function Layout() {
    return (
      <PageFrame options={options}>
        <Outlet />
      </PageFrame>
    );
  }
  function LayoutErrorBoundary() {
    return <FrameErrorBoundary options={options} />;
  }
  return { Layout, ErrorBoundary: LayoutErrorBoundary };
}
