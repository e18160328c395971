// The wizard's steps (§2 entry step names), the current one marked for assistive technology.

import { ENTRY_STEPS, ENTRY_STEP_LABELS, type EntryStepName } from "~/domain/entry-steps";

const SHOWN_STEPS = ENTRY_STEPS.filter((step) => step !== "complete");

export function StepIndicator({ current }: { current: EntryStepName }) {
  const currentIndex = ENTRY_STEPS.indexOf(current);
  return (
    <nav aria-label="お申し込みの手順" className="step-indicator">
      <ol>
        {SHOWN_STEPS.map((step, index) => {
          const state = index < currentIndex ? "done" : index === currentIndex ? "current" : "todo";
          return (
            <li
              key={step}
              className={`step-${state}`}
              aria-current={state === "current" ? "step" : undefined}
            >
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="step-label">
                {ENTRY_STEP_LABELS[step]}
                {state === "done" ? <span className="visually-hidden">（完了）</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
