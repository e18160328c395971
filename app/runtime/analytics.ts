// §9 analytics in the browser, a chunk loaded only when ANALYTICS_CONTAINER_ID is set (decision 0017).

import { readExperimentUserId } from "./experiment-user-id";
import type { BrowserRouter } from "./remix-internals";
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

const settingsIn = (state: BrowserRouter["state"]) =>
  (state.loaderData.root as { analytics?: AnalyticsSettings | null } | undefined)?.analytics ?? null;

function loadTagManager(containerId: string, dataLayer: unknown[]): void {
  dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.async = true;
  script.src = tagManagerScriptUrl(containerId);
  script.nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
  document.head.append(script);
}

export function startAnalytics(router: BrowserRouter, settings: AnalyticsSettings): void {
  const dataLayer = (window.dataLayer ??= []);
  const push = (event: DataLayerEvent) => dataLayer.push(event);
  // §9 "authentication waits up to 5 seconds": the root loader already waited, so the config goes at once.
  push(configEvent(settings));
  loadTagManager(settings.containerId, dataLayer);

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
