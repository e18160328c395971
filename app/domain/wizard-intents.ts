// The one intent vocabulary of the entry wizard's steps: what each step button posts as
// `intent`, read by every step's action. Step-specific intents follow the same style:
// add_claim, remove_claim:<n>, add_holder:<n>, remove_holder:<n>:<m>, search_houjinbangou:<n>,
// select_houjinbangou:<n>, add_bank, remove_bank:<n>, save_bank:<n>. Each step's form module (form.ts
// beside its route) parses its own; app/forms/wizard-step.server.ts runs them the same way (decision 0010).

export const WizardIntent = {
  /** 次へ: save what was typed, then move on when the step is complete (else 422 with its problems). */
  next: "next",
  /** 下書き保存: save what was typed and come back to the page. */
  saveDraft: "save_draft",
  /** 戻る: save what was typed (no completeness check), then go to the previous step. */
  back: "back",
  /** 削除する: delete an uploaded file of the step. */
  delete: "delete",
} as const;
