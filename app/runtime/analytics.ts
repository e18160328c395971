// §9 analytics in the browser, loaded (a chunk of its own) only when the root loader sent analytics
// settings, that is when ANALYTICS_CONTAINER_ID is set: otherwise no page downloads a byte of it and
// no third-party script is loaded. Pushes to window.dataLayer the config (content tag id and user),
// a page view per page shown, and the user again when it changes inside the app (a login); loads the
// tag manager's script with the page's CSP nonce (the CSP names its origin only when configured).

import { readExperimentUserId } from "./experiment-user-id";
import {
  type AnalyticsSettings,
  type DataLayerEvent,
  configEvent,
  experimentActivationEvent,
  firstPageViewDelay,
  isSameUser,
  pageViewEvent,
  tagManagerScriptUrl,
  userEvent,
} from "./analytics-events";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

type Router = typeof window.__remixRouter;

const settingsIn = (state: Router["state"]) =>
  (state.loaderData.root as { analytics?: AnalyticsSettings | null } | undefined)?.analytics ?? null;

function loadTagManager(containerId: string, dataLayer: unknown[]): void {
  dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.async = true;
  script.src = tagManagerScriptUrl(containerId);
  // The nonce of the page's own scripts (the property keeps it; the attribute is emptied).
  script.nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
  document.head.append(script);
}

export function startAnalytics(router: Router, settings: AnalyticsSettings): void {
  const dataLayer = (window.dataLayer ??= []);
  const push = (event: DataLayerEvent) => dataLayer.push(event);
  // §9 "authentication waits up to 5 seconds for the user id before analytics config": the root
  // loader waited for it (app/request/analytics.server.ts), so the config goes at once.
  push(configEvent(settings));
  loadTagManager(settings.containerId, dataLayer);

  // Read after React has shown the page (the title follows the route's meta).
  const pageView = () =>
    window.setTimeout(() =>
      push(pageViewEvent(window.location.pathname + window.location.search, document.title)),
    );
  const experimentUserId = readExperimentUserId();
  if (experimentUserId) push(experimentActivationEvent(experimentUserId));
  window.setTimeout(pageView, firstPageViewDelay(experimentUserId));

  let shownKey = router.state.location.key;
  let user = settings.user;
  router.subscribe((state) => {
    if (state.navigation.state !== "idle") return;
    const current = settingsIn(state)?.user ?? null;
    if (!isSameUser(user, current)) {
      user = current;
      push(userEvent(current));
    }
    if (state.location.key !== shownKey) {
      shownKey = state.location.key;
      pageView();
    }
  });
}
