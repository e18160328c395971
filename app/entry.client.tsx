import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { RequestIdProvider, requestIdInDocument } from "./components/request-id";
import { startBrowserRuntime } from "./runtime/browser-runtime";

/** Starts the §8–§9 runtime after the first render, when Remix's router exists. Renders nothing. */
function BrowserRuntime() {
  useEffect(startBrowserRuntime, []);
  return null;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RequestIdProvider value={requestIdInDocument()}>
        <RemixBrowser />
      </RequestIdProvider>
      <BrowserRuntime />
    </StrictMode>,
  );
});
