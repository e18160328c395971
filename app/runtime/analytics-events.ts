// §9 analytics, the data layer's events: what the tag manager receives, as pure functions. Imported
// by the analytics module (loaded only where analytics is configured) and by the server for the types.
// The user is known by the upstream's hashed_user_id (§3 analytics view), never by our own id, and
// no contact data (owner_phone) ever goes to a tag manager.

/** §3 the analytics view of the current user, as the root loader hands it to the browser. */
export interface AnalyticsUser {
  hashed_user_id: string;
  user_segment: string | null;
  company_name: string | null;
}

/** What the browser needs for analytics; the root loader sends null when analytics is not configured. */
export interface AnalyticsSettings {
  /** The tag manager container (ANALYTICS_CONTAINER_ID). */
  containerId: string;
  /** §9 the brand's content tag id (15 for the white-label product), null for a brand without one. */
  contentTagId: number | null;
  /** The logged-in user, null for a visitor (or when the upstream did not say within 5 s). */
  user: AnalyticsUser | null;
}

export type DataLayerEvent = Record<string, string | number | null>;

/** §9 "analytics page-view delay 800 ms for an experiment activation". */
export const EXPERIMENT_PAGE_VIEW_DELAY_MS = 800;

function userFields(user: AnalyticsUser | null) {
  return {
    user_id: user?.hashed_user_id ?? null,
    user_segment: user?.user_segment ?? null,
    company_name: user?.company_name ?? null,
  };
}

/** Sent once per document, first: the content tag id and the user as the page was rendered. */
export function configEvent(settings: AnalyticsSettings): DataLayerEvent {
  return { event: "config", content_tag_id: settings.contentTagId, ...userFields(settings.user) };
}

/** Sent when the user changes without a document load (a login or logout inside the app). */
export function userEvent(user: AnalyticsUser | null): DataLayerEvent {
  return { event: "user_data", ...userFields(user) };
}

export function pageViewEvent(path: string, title: string): DataLayerEvent {
  return { event: "page_view", page_path: path, page_title: title };
}

/**
 * An experiment activation: the visitor carries an experiment-user id (the one §7 register sends,
 * kept in local storage by the experiment tool). The tag manager's experiment tags start on this
 * event; the first page view follows 800 ms later so that it is counted in the variant shown.
 */
export function experimentActivationEvent(experimentUserId: string): DataLayerEvent {
  return { event: "experiment_activation", experiment_user_id: experimentUserId };
}

/** How long the document's first page view waits. */
export function firstPageViewDelay(experimentUserId: string | null): number {
  return experimentUserId ? EXPERIMENT_PAGE_VIEW_DELAY_MS : 0;
}

/** Whether two views of the user differ (a user_data event is due). */
export function isSameUser(a: AnalyticsUser | null, b: AnalyticsUser | null): boolean {
  return (
    a?.hashed_user_id === b?.hashed_user_id &&
    a?.user_segment === b?.user_segment &&
    a?.company_name === b?.company_name
  );
}

/** The tag manager's script (Google Tag Manager reads window.dataLayer). */
export const TAG_MANAGER_ORIGIN = "https://www.googletagmanager.com";
export function tagManagerScriptUrl(containerId: string): string {
  return `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(containerId)}`;
}
