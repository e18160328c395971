// The wizard steps' shared `intent` values (decision 0010); step-specific ones live in each form.ts.

export const WizardIntent = {
  /** 次へ: save, then move on when the step is complete (else 422). */
  next: "next",
  saveDraft: "save_draft",
  /** 戻る: save without the completeness check. */
  back: "back",
  delete: "delete",
} as const;
