// The financial step's questions that decide the document type (§4) and a slot per document (§5).

import { UploadSlot } from "~/components/upload-slot";
import { type UploadedFileItem, UploadedFiles } from "~/components/uploaded-files";
import type { FinancialStatementType, TaxReturnSubmissionMethod } from "~/domain/enumerations";
import {
  FINANCIAL_DOCUMENT_TYPE_LABELS,
  FINANCIAL_FIELDS,
  FINANCIAL_KIND_LABELS,
  type FinancialAnswers,
} from "~/domain/financial-step";
import type { FinancialKind } from "~/domain/file-kinds";
import { RadioField } from "./form/fields";

const YES_NO = (yes: string, no: string) =>
  [
    { value: "true", label: yes },
    { value: "false", label: no },
  ] as const;

const flagValue = (value: boolean | null) => (value === null ? null : String(value));

/** The questions (their messages come from the step's form scope). */
export function FinancialQuestions({
  individual,
  answers,
  onChange,
}: {
  individual: boolean;
  answers: FinancialAnswers;
  onChange(answers: FinancialAnswers): void;
}) {
  const canSubmit = answers.can_submit_financial_statements;
  // Follow-up questions are shown unless the answer is "no", so that without JavaScript a person can
  // answer everything in one go; they only count once the answer is "yes".
  const followUpHint = canSubmit === null ? "「はい」を選んだ方のみお答えください。" : undefined;
  return (
    <>
      <RadioField
        required
        name="can_submit_financial_statements"
        legend={individual ? "直近の確定申告書を提出できますか" : "直近の決算書を提出できますか"}
        hint={
          individual
            ? "開業したばかりで確定申告をまだしていない方は「いいえ」を選び、開業届の控えをご提出ください。"
            : "設立1期目で決算を迎えていない法人の方は「いいえ」を選び、試算表をご提出ください。"
        }
        options={
          individual
            ? YES_NO("はい（確定申告書を提出する）", "いいえ（開業届の控えを提出する）")
            : YES_NO("はい（決算書を提出する）", "いいえ（試算表を提出する）")
        }
        value={flagValue(canSubmit)}
        onChange={(value) => onChange({ ...answers, can_submit_financial_statements: value === "true" })}
      />
      {individual && canSubmit !== false ? (
        <RadioField
          required
          name="tax_return_submissions"
          legend={FINANCIAL_FIELDS.tax_return_submissions.label}
          hint={followUpHint}
          options={[
            { value: "e_tax", label: "e-Tax（電子申告）で提出した" },
            { value: "document", label: "書面（税務署の窓口・郵送）で提出した" },
          ]}
          value={answers.tax_return_submissions}
          onChange={(value) =>
            onChange({ ...answers, tax_return_submissions: value as TaxReturnSubmissionMethod })
          }
        />
      ) : null}
      {!individual && canSubmit !== false ? (
        <RadioField
          required
          name="includes_sga_expenses"
          legend="決算書に販売費及び一般管理費の明細はありますか"
          hint={
            followUpHint ??
            "損益計算書の「販売費及び一般管理費」の内訳を記載した書類です。決算書に含まれていない場合は「いいえ」を選んでください。"
          }
          options={YES_NO("はい（明細も提出する）", "いいえ（明細はない）")}
          value={flagValue(answers.includes_sga_expenses)}
          onChange={(value) => onChange({ ...answers, includes_sga_expenses: value === "true" })}
        />
      ) : null}
    </>
  );
}

/** What to put in each document, by the type that asks for it. */
function kindHint(kind: FinancialKind, type: FinancialStatementType): string {
  switch (kind) {
    case "pl":
      return "直近1期分の損益計算書です。";
    case "bs":
      return "直近1期分の貸借対照表です。";
    case "breakdown_statement":
      return "直近1期分の勘定科目内訳明細書です（売掛金・買掛金などの内訳）。";
    case "sga_expenses":
      return "販売費及び一般管理費の内訳がわかる明細です。";
    case "tb_pl":
      return "直近の月までの試算表のうち、損益計算書の部分です。";
    case "tb_bs":
      return "直近の月までの試算表のうち、貸借対照表の部分です。";
    case "tax_returns":
      return type === "declarationETax"
        ? "直近1年分の確定申告書（第一表・第二表と青色申告決算書または収支内訳書）と、e-Taxの受信通知（メール詳細）です。"
        : "直近1年分の確定申告書の控え（第一表・第二表と青色申告決算書または収支内訳書）で、税務署の受付印または受付日時の記載があるものです。";
    case "business_opening":
      return "税務署に提出した開業届の控えです。";
  }
}

export type FinancialFileView = UploadedFileItem;

export function FinancialUploads({
  form,
  type,
  kinds,
  filesByKind,
}: {
  /** The step's form: without JavaScript an upload sends the answers with it (decision 0007). */
  form: string;
  type: FinancialStatementType | null;
  kinds: readonly FinancialKind[];
  filesByKind: Partial<Record<FinancialKind, FinancialFileView[]>>;
}) {
  if (!type) {
    return (
      <p className="financial-waiting" data-testid="financial-documents-waiting">
        上の質問にお答えいただくと、ご提出いただく書類がここに表示されます。
      </p>
    );
  }
  return (
    <>
      <p data-testid="financial-document-type">
        ご提出いただく書類：<strong>{FINANCIAL_DOCUMENT_TYPE_LABELS[type]}</strong>（{kinds.length}点）
      </p>
      <ul className="financial-slots" aria-label="アップロードする書類">
        {kinds.map((kind) => {
          const files = filesByKind[kind] ?? [];
          // A missing upload's message (upload_{kind}) shows at its slot, from the form scope.
          return (
            <li key={kind} className="financial-slot">
              <p className="field-hint">{kindHint(kind, type)}</p>
              <UploadSlot slot={kind} label={FINANCIAL_KIND_LABELS[kind]} kind={kind} stepForm={form} />
              <UploadedFiles files={files} label={FINANCIAL_KIND_LABELS[kind]} />
            </li>
          );
        })}
      </ul>
    </>
  );
}
