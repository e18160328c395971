// The wizard's steps (§2 entry step names): where the user is, as text (「ステップ 2 / 4」) and marked
// for assistive technology; the finished steps are plain links (they work without JavaScript).

import {
  ENTRY_STEPS,
  ENTRY_STEP_LABELS,
  ENTRY_STEP_PATHS,
  type EntryStepName,
  previousStep,
} from "~/domain/entry-steps";

const SHOWN_STEPS = ENTRY_STEPS.filter((step) => step !== "complete");

export function StepIndicator({ current }: { current: EntryStepName }) {
  const currentIndex = ENTRY_STEPS.indexOf(current);
  return (
    <nav aria-label="お申し込みの手順" className="step-indicator">
      <p className="step-position" data-testid="step-position">
        ステップ {currentIndex + 1} / {SHOWN_STEPS.length}
      </p>
      <ol>
        {SHOWN_STEPS.map((step, index) => {
          const state = index < currentIndex ? "done" : index === currentIndex ? "current" : "todo";
          const label = (
            <>
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="step-label">
                {ENTRY_STEP_LABELS[step]}
                {state === "done" ? <span className="visually-hidden">（完了）</span> : null}
              </span>
            </>
          );
          return (
            <li
              key={step}
              className={`step-${state}`}
              aria-current={state === "current" ? "step" : undefined}
            >
              {state === "done" ? (
                <a href={ENTRY_STEP_PATHS[step]} className="step-link">
                  {label}
                </a>
              ) : (
                label
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** 戻る: to the step before this one (none on the first step). */
export function StepBackLink({ current }: { current: EntryStepName }) {
  const previous = previousStep(current);
  if (!previous) return null;
  // TODO(lead): back intent — a submit of the step's form that saves what was typed as a draft
  // through the shared step helper, then goes to the previous step. A plain link until then.
  return (
    <a href={ENTRY_STEP_PATHS[previous]} className="button button-secondary step-back">
      戻る
    </a>
  );
}
