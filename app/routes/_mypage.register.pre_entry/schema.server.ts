// The pre-entry screening's answers (docs/upstream-api/accounts.md); amounts accept what people type
// (parseYen).

import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { ValidationMessage } from "~/domain/messages";
import { parseYen, yenProblemMessage } from "~/domain/money";
import type { PreEntryAnswers } from "~/upstream/pre-entry.server";
import { MAX_YEARS_IN_BUSINESS } from "~/domain/account-fields";

const choose = (message: string) => ({ errorMap: () => ({ message }) });

const yen = z.string({ required_error: ValidationMessage.blank }).transform((text, context) => {
  const parsed = parseYen(text);
  if (parsed.reason) {
    context.addIssue({ code: "custom", message: yenProblemMessage(parsed.reason) });
    return z.NEVER;
  }
  return parsed.value;
});

const years = z.string({ required_error: ValidationMessage.blank }).transform((text, context) => {
  const normalized = text
    .trim()
    .replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0));
  if (!normalized) {
    context.addIssue({ code: "custom", message: ValidationMessage.blank });
    return z.NEVER;
  }
  if (!/^\d{1,3}$/.test(normalized) || Number(normalized) > MAX_YEARS_IN_BUSINESS) {
    context.addIssue({
      code: "custom",
      message: `0から${MAX_YEARS_IN_BUSINESS}までの整数（年）で入力してください。`,
    });
    return z.NEVER;
  }
  return Number(normalized);
});

export const preEntryValidator = withZod(
  z
    .object({
      corporate_division: z.enum(["corporate", "individual"], choose("事業形態を選択してください。")),
      years_in_business: years,
      annual_sales: yen,
      has_invoice: z.enum(["yes", "no"], choose("請求書（適格請求書）を発行しているかを選択してください。")),
      has_tax_delinquency: z.enum(["yes", "no"], choose("税金の滞納があるかを選択してください。")),
    })
    .transform((answers): PreEntryAnswers => ({
      corporate_division: answers.corporate_division,
      years_in_business: answers.years_in_business,
      annual_sales: answers.annual_sales,
      has_invoice: answers.has_invoice === "yes",
      has_tax_delinquency: answers.has_tax_delinquency === "yes",
    })),
);
