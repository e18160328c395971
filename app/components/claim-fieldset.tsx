// One claim (§3 Claim), shared by the invoice step and the resubmission; its inputs join the step's
// form by their `form` attribute, so its upload slots (forms of their own) can stand inside it.

import { useState } from "react";
import { BANK_ACCOUNT_NUMBER_HINT, HOLDER_NAME_TYPED_MAX_LENGTH } from "~/domain/bank-account";
import { constraintsOf } from "~/domain/form-fields";
import type { BankCalendar } from "~/domain/bank-calendar";
import {
  CLAIM_FIELDS,
  CLAIM_TEXT_MAX_LENGTH,
  type ClaimFormValues,
  RECEIVE_ACCOUNT_FIELDS,
  paymentDateHint,
  paymentDateNotice,
} from "~/domain/invoice-step";
import { claimUploadKind, claimUploadSlot } from "~/domain/file-kinds";
import { MAX_HOLDER_NAMES } from "~/domain/upstream-limits";
import { BankNameField } from "./bank-field";
import { CompanyNameField, type SuggestionsView } from "./houjinbangou-field";
import { AmountField } from "./form/amount-field";
import { FieldMessage, RadioField, RequirementMark, TextField } from "./form/fields";
import { fieldId, useField } from "./form/scope";
import { SubmitButton } from "./form/submit-button";
import { UploadSlot } from "./upload-slot";
import { type SubmittedFileItem, SubmittedFiles, UploadedFiles } from "./uploaded-files";

export interface ClaimFileItem {
  id: number;
  name: string;
  uploadedAt: string;
  size: number | null;
  error: boolean;
}

/** A claim as the form shows it (inputs' text; radios "true"/"false"/""). */
export type { ClaimFormValues };

export interface ClaimFilesView {
  invoices: ClaimFileItem[];
  additionalDocs: ClaimFileItem[];
  /** Files of another claim's slot (the claims were renumbered): not counted, to be uploaded again. */
  misplaced: ClaimFileItem[];
  /** A resubmission's submitted documents, listed read-only (decision 0011). */
  submitted?: { invoices: SubmittedFileItem[]; additionalDocs: SubmittedFileItem[] };
}

const YES_NO = [
  { value: "true", label: "はい" },
  { value: "false", label: "いいえ" },
] as const;

/** §3 Receive-payment account deposit_type: ordinary or current (§5 普通か当座を選択してください。). */
const DEPOSIT_TYPES = [
  { value: "ordinary", label: "普通" },
  { value: "current", label: "当座" },
] as const;

function HolderNames({ formId, index, names }: { formId: string; index: number; names: readonly string[] }) {
  const count = names.length;
  const base = `claims[${index}].receive_payment_account.obliger_accounts`;
  const hintId = `claim-${index + 1}-holders-hint`;
  return (
    <fieldset className="field holder-names" id={`claim-${index + 1}-holders`} aria-describedby={hintId}>
      <legend className="field-label">
        売掛先の振込名義 <RequirementMark required={false} />
      </legend>
      <p id={hintId} className="field-hint">
        売掛先からの振込で通帳に表示される名義です。全角カタカナ・英数字・記号（゛゜（）「」／．ー￥）とスペースで、30文字以内（ヲは使えません）。半角カナやひらがなで入力しても全角カタカナに変換して保存します（例：カ）ウリカケサキ）。
      </p>
      {Array.from({ length: count }, (_, holder) => (
        <div key={holder} className="holder-name-row">
          <TextField
            name={`${base}[${holder}].holder_name`}
            label={`振込名義${holder + 1}`}
            maxLength={HOLDER_NAME_TYPED_MAX_LENGTH}
            defaultValue={names[holder] ?? ""}
          />
          {count > 1 ? (
            <SubmitButton
              form={formId}
              intent={`remove_holder:${index}:${holder}`}
              variant="link"
              className="holder-remove"
            >
              振込名義{holder + 1}を削除
            </SubmitButton>
          ) : null}
        </div>
      ))}
      {count < MAX_HOLDER_NAMES ? (
        <SubmitButton form={formId} intent={`add_holder:${index}`} variant="secondary">
          振込名義を追加する
        </SubmitButton>
      ) : null}
    </fieldset>
  );
}

/** A claim's two upload slots (invoice, additional documents) with their files. */
export function ClaimUploads({
  formId,
  index,
  files,
  hint = "請求書のファイルと、必要に応じて契約書・発注書などの追加書類をアップロードしてください。請求書のファイルは、お申し込み全体で1つ以上必要です。",
  noScriptHint = "JavaScriptが無効な場合は、ファイルを選んで「アップロードする」を押してください（「下書き保存」「次へ」でも送信されます）。入力済みの内容も一緒に保存されます。",
}: {
  formId: string;
  index: number;
  files: ClaimFilesView;
  hint?: string;
  /** Without JavaScript: how a chosen file is sent, and what happens to what was typed. */
  noScriptHint?: string;
}) {
  const n = index + 1;
  const problemName = `claims[${index}].invoice`;
  const { error } = useField(problemName);
  const slots = [
    {
      slot: claimUploadSlot("invoice", n),
      kind: claimUploadKind("invoice", n),
      label: "請求書",
      files: files.invoices,
      submitted: files.submitted?.invoices,
    },
    {
      slot: claimUploadSlot("additional_doc", n),
      kind: claimUploadKind("additional_doc", n),
      label: "追加書類（任意）",
      files: files.additionalDocs,
      submitted: files.submitted?.additionalDocs,
    },
  ];
  return (
    <div
      className={error ? "claim-uploads field-has-error" : "claim-uploads"}
      id={fieldId(problemName)}
      tabIndex={-1}
    >
      <p className="field-hint">
        {hint}
        <noscript>{noScriptHint}</noscript>
      </p>
      <FieldMessage id={fieldId(problemName)} error={error} />
      <div className="claim-upload-grid">
        {slots.map((slot) => {
          return (
            <div key={slot.slot} className="claim-upload">
              <UploadSlot
                slot={slot.slot}
                label={`請求書${n}の${slot.label}`}
                kind={slot.kind}
                stepForm={formId}
              />
              {slot.submitted ? (
                <SubmittedFiles files={slot.submitted} label={`請求書${n}の${slot.label}`} />
              ) : null}
              <UploadedFiles files={slot.files} label={`請求書${n}の${slot.label}`} />
            </div>
          );
        })}
      </div>
      {files.misplaced.length > 0 ? (
        <div className="misplaced-files">
          <p className="field-error">
            次のファイルは請求書の書類として使えません。削除して、上の欄から請求書または追加書類をアップロードしてください。
          </p>
          <UploadedFiles files={files.misplaced} label={`請求書${n}に使えないファイル`} />
        </div>
      ) : null}
    </div>
  );
}

/** The payment date with its bank-holiday hint; the hint's box is always there so its filling is announced. */
function PaymentDateField({
  index,
  defaultValue,
  calendar,
}: {
  index: number;
  defaultValue: string;
  calendar: BankCalendar;
}) {
  const name = `claims[${index}].obliger_payment_date`;
  const field = useField(name, { defaultValue });
  const [value, setValue] = useState(field.defaultValue);
  const notice = paymentDateNotice(value, calendar);
  const noticeId = `${field.id}-notice`;
  return (
    <div className="payment-date">
      <TextField
        defaultValue={defaultValue}
        name={name}
        label={CLAIM_FIELDS.obliger_payment_date.label}
        {...constraintsOf(CLAIM_FIELDS.obliger_payment_date)}
        type="date"
        required
        hint={paymentDateHint(calendar)}
        className="field-date"
        describedBy={notice ? noticeId : undefined}
        onInput={(event) => setValue(event.currentTarget.value)}
      />
      <p id={noticeId} className="field-notice" role="status">
        {notice}
      </p>
    </div>
  );
}

/** The debtor, the invoice's amount and payment date, and the two yes/no answers. */
export function ClaimInvoiceFields({
  formId,
  index,
  values,
  suggestions,
  calendar,
}: {
  formId: string;
  index: number;
  values: ClaimFormValues;
  suggestions: SuggestionsView | null;
  /** The bank holidays of the dates the payment date may take (the server's compact table). */
  calendar: BankCalendar;
}) {
  const path = (field: string) => `claims[${index}].${field}`;
  return (
    <>
      <h3 className="claim-section-title">売掛先（請求書の宛先）</h3>
      <CompanyNameField
        formId={formId}
        index={index}
        defaultValue={values.obliger_company_name}
        suggestions={suggestions}
      />
      <div className="field-row">
        <TextField
          defaultValue={values.houjinbangou}
          name={path("houjinbangou")}
          label={CLAIM_FIELDS.houjinbangou.label}
          {...constraintsOf(CLAIM_FIELDS.houjinbangou)}
          hint="13桁の数字です。「法人番号を検索」で候補から選ぶと入力されます。"
        />
        <TextField
          defaultValue={values.houjinbangou_address}
          name={path("houjinbangou_address")}
          label={CLAIM_FIELDS.houjinbangou_address.label}
          {...CLAIM_FIELDS.houjinbangou_address.control}
          maxLength={CLAIM_TEXT_MAX_LENGTH}
        />
      </div>

      <h3 className="claim-section-title">請求書の内容</h3>
      <div className="field-row">
        <AmountField
          defaultValue={values.amount}
          name={path("amount")}
          label={CLAIM_FIELDS.amount.label}
          required
          hint="請求書に記載された、消費税込みの請求金額です（例：1,100,000）。"
        />
        <AmountField
          defaultValue={values.scheduled_deposit_amount_from_obliger}
          name={path("scheduled_deposit_amount_from_obliger")}
          label={CLAIM_FIELDS.scheduled_deposit_amount_from_obliger.label}
          required
          hint="売掛先から実際に振り込まれる予定の金額です。請求書額面（税込）以下で入力してください。"
        />
      </div>
      <PaymentDateField index={index} defaultValue={values.obliger_payment_date} calendar={calendar} />
      <RadioField
        required
        inline
        defaultValue={values.is_fixed_debt}
        name={path("is_fixed_debt")}
        legend={CLAIM_FIELDS.is_fixed_debt.label}
        options={YES_NO}
      />
      <RadioField
        required
        inline
        defaultValue={values.is_bank_transfer_from_obliger}
        name={path("is_bank_transfer_from_obliger")}
        legend={CLAIM_FIELDS.is_bank_transfer_from_obliger.label}
        options={YES_NO}
      />
    </>
  );
}

export interface ClaimFieldsetProps {
  formId: string;
  index: number;
  claimCount: number;
  values: ClaimFormValues;
  files: ClaimFilesView;
  suggestions: SuggestionsView | null;
  calendar: BankCalendar;
}

export function ClaimFieldset({
  formId,
  index,
  claimCount,
  values,
  files,
  suggestions,
  calendar,
}: ClaimFieldsetProps) {
  const account = values.receive_payment_account;
  const n = index + 1;
  const path = (field: string) => `claims[${index}].${field}`;
  return (
    <fieldset className="claim" id={`claim-${n}`}>
      <legend className="claim-legend">請求書{n}</legend>
      {claimCount > 1 ? (
        <details className="claim-remove delete-confirmation">
          <summary>請求書{n}を削除</summary>
          <p>
            請求書{n}の入力内容とファイルを削除します。
            {n < claimCount
              ? "後ろの請求書の番号が1つずつ繰り上がり、そのファイルはアップロードし直しが必要になります。"
              : ""}
          </p>
          <SubmitButton form={formId} intent={`remove_claim:${index}`} variant="danger">
            請求書{n}を削除する
          </SubmitButton>
        </details>
      ) : null}

      <ClaimInvoiceFields
        formId={formId}
        index={index}
        values={values}
        suggestions={suggestions}
        calendar={calendar}
      />

      <h3 className="claim-section-title">売掛先からの入金口座（お客様の口座）</h3>
      <BankNameField
        defaultValue={account.bank_name}
        name={path("receive_payment_account.bank_name")}
        label={RECEIVE_ACCOUNT_FIELDS.bank_name.label}
        required
        maxLength={CLAIM_TEXT_MAX_LENGTH}
      />
      <div className="field-row">
        <RadioField
          required
          inline
          defaultValue={account.deposit_type}
          name={path("receive_payment_account.deposit_type")}
          legend={RECEIVE_ACCOUNT_FIELDS.deposit_type.label}
          options={DEPOSIT_TYPES}
        />
        <TextField
          defaultValue={account.bank_account_number}
          name={path("receive_payment_account.bank_account_number")}
          label={RECEIVE_ACCOUNT_FIELDS.bank_account_number.label}
          required
          {...RECEIVE_ACCOUNT_FIELDS.bank_account_number.control}
          hint={BANK_ACCOUNT_NUMBER_HINT}
        />
      </div>
      <HolderNames
        formId={formId}
        index={index}
        names={account.obliger_accounts.map((holder) => holder.holder_name)}
      />

      <h3 className="claim-section-title">書類</h3>
      <ClaimUploads formId={formId} index={index} files={files} />
    </fieldset>
  );
}
