// The entry detail's cancel form: its id and its words (pure: the page and its action).

export const CANCEL_FORM_ID = "cancel-entry";

export const CancelMessage = {
  notConfirmed: "キャンセルする場合は、元に戻せないことの確認にチェックを入れてください。",
  notCancellable:
    "このお申し込みはキャンセルできません（審査中・不備あり・審査完了のお申し込みのみキャンセルできます）。",
} as const;
