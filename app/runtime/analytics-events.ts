// §9 analytics events: the user is the upstream's hashed_user_id, never our id, and no contact data.

export interface AnalyticsUser {
  hashed_user_id: string;
  user_segment: string | null;
  company_name: string | null;
}

export interface AnalyticsSettings {
  containerId: string;
  contentTagId: number | null;
  user: AnalyticsUser | null;
}

export type DataLayerEvent = Record<string, string | number | null>;

export const EXPERIMENT_PAGE_VIEW_DELAY_MS = 800;

function userFields(user: AnalyticsUser | null) {
  return {
    user_id: user?.hashed_user_id ?? null,
    user_segment: user?.user_segment ?? null,
    company_name: user?.company_name ?? null,
  };
}

export function configEvent(settings: AnalyticsSettings): DataLayerEvent {
  return { event: "config", content_tag_id: settings.contentTagId, ...userFields(settings.user) };
}

export function userEvent(user: AnalyticsUser | null): DataLayerEvent {
  return { event: "user_data", ...userFields(user) };
}

export function pageViewEvent(path: string, title: string): DataLayerEvent {
  return { event: "page_view", page_path: path, page_title: title };
}

/** The first page view follows 800 ms later so that it is counted in the variant shown. */
export function experimentActivationEvent(experimentUserId: string): DataLayerEvent {
  return { event: "experiment_activation", experiment_user_id: experimentUserId };
}

export function firstPageViewDelay(experimentUserId: string | null): number {
  return experimentUserId ? EXPERIMENT_PAGE_VIEW_DELAY_MS : 0;
}

export function isSameUser(a: AnalyticsUser | null, b: AnalyticsUser | null): boolean {
  return (
    a?.hashed_user_id === b?.hashed_user_id &&
    a?.user_segment === b?.user_segment &&
    a?.company_name === b?.company_name
  );
}

export const TAG_MANAGER_ORIGIN = "https://www.googletagmanager.com";
export function tagManagerScriptUrl(containerId: string): string {
  return `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(containerId)}`;
}
