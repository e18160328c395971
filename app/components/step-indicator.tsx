// The wizard's steps (§2 entry step names): where the user is, as text (「ステップ 2 / 4」) and marked
// for assistive technology; the finished steps are plain links (they work without JavaScript).

import { WizardIntent } from "~/domain/wizard-intents";
import { SubmitButton } from "./form/submit-button";
import {
  ENTRY_STEPS,
  ENTRY_STEP_PATHS,
  type EntryStepName,
  entryStepLabels,
  previousStep,
} from "~/domain/entry-steps";

const SHOWN_STEPS = ENTRY_STEPS.filter((step) => step !== "complete");

export function StepIndicator({ current, division }: { current: EntryStepName; division: unknown }) {
  const currentIndex = ENTRY_STEPS.indexOf(current);
  const labels = entryStepLabels(division);
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
                {labels[step]}
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

// 戻る after the first step: with a form it posts the `back` intent (what was typed is saved as a draft,
// then the previous step opens); on the confirmation page, which has none, a link.
export function StepBackLink({ current, form }: { current: EntryStepName; form?: string }) {
  const previous = previousStep(current);
  if (!previous) return null;
  if (form) {
    return (
      <SubmitButton form={form} intent={WizardIntent.back} variant="secondary" pendingText="保存しています…">
        戻る
      </SubmitButton>
    );
  }
  return (
    <a href={ENTRY_STEP_PATHS[previous]} className="button button-secondary step-back">
      戻る
    </a>
  );
}

export function SaveDraftButton({ form, children = "下書き保存" }: { form: string; children?: string }) {
  return (
    <SubmitButton
      form={form}
      intent={WizardIntent.saveDraft}
      variant="secondary"
      pendingText="保存しています…"
    >
      {children}
    </SubmitButton>
  );
}

export function StepFormButtons({ current, form }: { current: EntryStepName; form: string }) {
  return (
    <>
      <SubmitButton form={form} intent={WizardIntent.next} pendingText="確認しています…">
        次へ
      </SubmitButton>
      <SaveDraftButton form={form} />
      <StepBackLink current={current} form={form} />
    </>
  );
}

export function StepSavedNotice({ children = "入力内容を保存しました。" }: { children?: string }) {
  return (
    <p className="notice" role="status">
      {children}
    </p>
  );
}
