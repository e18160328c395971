import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, ScrollRestoration, useMatches, useRouteLoaderData } from "@remix-run/react";
import { type ReactNode, useEffect } from "react";
import type { Brand } from "~/brand/brands";
import { BrandHeadTags } from "~/brand/head-tags";
import { useNonce } from "~/components/nonce";
import { errorScreenOf } from "~/components/error-screen";
import { FrameErrorBoundary } from "~/components/page-frame";
import { PageScripts } from "~/components/page-scripts";
import type { RootLoaderData } from "~/components/root-loader-data";
import { SubmitOnceScript } from "~/components/submit-once-script";
import { pageTitle } from "~/routing/meta";
import { pageHasScripts } from "~/routing/page-scripts";
import stylesheet from "~/styles/app.css";
import { pageFrameAnswer } from "./root.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** An error screen's `<title>`; layouts and the catch-all export no meta and inherit this. */
export const meta: MetaFunction = ({ error, matches }) =>
  error == null ? [] : [pageTitle(matches, errorScreenOf(error, false).title)];

/** The host's brand, whether a session exists (no upstream call), and the §2 notices in the query. */
export function loader({ context: ctx, request }: LoaderFunctionArgs) {
  return pageFrameAnswer(ctx, request);
}

/** Brand colours as CSS variables (ARCHITECTURE §10): no brand ships JavaScript. */
function brandStyle(brand: Brand): string {
  return `:root{--brand-primary:${brand.colors.primary};--brand-primary-dark:${brand.colors.primaryDark};--brand-accent:${brand.colors.accent};--brand-on-primary:${brand.colors.onPrimary}}`;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<RootLoaderData>("root");
  // Decision 0015: only a page one of whose routes hydrates loads scripts, and only after it loaded;
  // with analytics configured (§9, decision 0017) every page does, since each counts a page view.
  const matches = useMatches();
  const scripts = pageHasScripts(matches) || Boolean(data?.analytics);
  return (
    <html lang="ja" data-brand={data?.brand.id} data-scripts={scripts ? "true" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {data ? <BrandHeadTags brand={data.brand} /> : null}
        <Links />
        {data ? <style nonce={nonce}>{brandStyle(data.brand)}</style> : null}
      </head>
      <body>
        {children}
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <PageScripts nonce={nonce} />
          </>
        ) : (
          <SubmitOnceScript />
        )}
      </body>
    </html>
  );
}

export default function App() {
  // Tells browser tests when a click is handled by the app rather than a plain form.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <FrameErrorBoundary options={{ navigation: "none", footer: true, narrow: false }} />;
}
