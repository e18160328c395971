// §7 register's "experiment-user identifier from local storage", read by the register form and by
// analytics.

export const EXPERIMENT_STORAGE_KEY = "experimentUserId";

export function readExperimentUserId(): string | null {
  try {
    return window.localStorage.getItem(EXPERIMENT_STORAGE_KEY) || null;
  } catch {
    // Storage can be unavailable (private mode): no experiment.
    return null;
  }
}
