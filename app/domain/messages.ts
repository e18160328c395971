// §5's validation messages, verbatim. Apart from §8's (error-messages.ts): the browser needs none of these.

export const ValidationMessage = {
  bankAccountNumber: "7桁の半角数字で入力してください",
  accountHolderName: "ヲを除くカタカナ、英数字、゛゜（）「」／．ー￥スペースで、30文字以内で入力してください",
  claimDepositType: "普通か当座を選択してください。",
  blank: "この項目は空にできません",
  purposeRequired: "入力してください。",
  noClaims: "請求書がありません。",
  scheduledDepositExceedsAmount:
    "「売掛先からの銀行振込金額」が「請求書額面（税込）」より大きいためご確認ください",
  tooManyClaims: "申し込みに登録できる請求書は5個までです。",
} as const;
