// §7 register sends "an experiment-user identifier from local storage": the experiment tool keeps it
// there. Read by the register form (app/components/experiment-id-field.tsx) and by analytics (an experiment
// activation, app/runtime/analytics-events.ts).

export const EXPERIMENT_STORAGE_KEY = "experimentUserId";

export function readExperimentUserId(): string | null {
  try {
    return window.localStorage.getItem(EXPERIMENT_STORAGE_KEY) || null;
  } catch {
    // Storage can be unavailable (private mode): no experiment.
    return null;
  }
}
