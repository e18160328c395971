// One account activity statement (§3); its text controls join the step's form by `form`, its upload
// slots stand beside them. StatementSummary shows one as it will be, or was, sent.

import { BankNameField } from "./bank-field";
import { BANK_ACCOUNT_NUMBER_HINT } from "~/domain/bank-account";
import { BANK_NAME_MAX_LENGTH } from "~/domain/upstream-limits";
import { type ReactNode, useState } from "react";
import { UploadSlot } from "~/components/upload-slot";
import type { FileGroup } from "~/domain/entry-documents";
import { Fact } from "./entry-figures";
import {
  FileGroupRows,
  type SubmittedFileItem,
  SubmittedFiles,
  type UploadedFileItem,
  UploadedFiles,
} from "~/components/uploaded-files";
import {
  STATEMENT_FIELDS,
  STATEMENT_FORMAT_LABELS,
  STATEMENT_UPLOAD_LABELS,
  type StatementRow,
  type StatementUploadKind,
  effectiveFileFormat,
  statementField,
  statementUploadKind,
  statementUploadKinds,
} from "~/domain/withdrawal-step";
import { FieldMessage, RadioField, TextField } from "./form/fields";
import { useField } from "./form/scope";
import { SubmitButton } from "./form/submit-button";

/** A statement read, not changed: what it is and its files by kind. */
export interface StatementSummaryView {
  displayId: number;
  /** 通帳 or インターネットバンキング. */
  format: string;
  /** Null once sent: the entry keeps a statement's files only, not what was typed of it. */
  bankName: string | null;
  accountNumber: string | null;
  /** The months it shows (statementPeriodText); null once sent. */
  period: string | null;
  files: FileGroup[];
}

export function StatementSummary({
  statement,
  level,
}: {
  statement: StatementSummaryView;
  /** The heading's level where the summary stands. */
  level: 3 | 4;
}) {
  const Heading = level === 3 ? "h3" : "h4";
  const titleId = `statement-${statement.displayId}-title`;
  return (
    <section className="statement-summary" aria-labelledby={titleId}>
      <Heading id={titleId}>口座{statement.displayId}</Heading>
      <dl className="summary-list">
        {statement.bankName !== null ? (
          <Fact term={STATEMENT_FIELDS.bank_name.label} value={statement.bankName} />
        ) : null}
        {statement.accountNumber !== null ? (
          <Fact term={STATEMENT_FIELDS.bank_account_number.label} value={statement.accountNumber} />
        ) : null}
        <Fact term={STATEMENT_FIELDS.file_format.label} value={statement.format} />
        {statement.period !== null ? <Fact term="期間" value={statement.period} /> : null}
        <FileGroupRows groups={statement.files} />
      </dl>
    </section>
  );
}

export interface StatementView extends StatementRow {
  files: Partial<Record<StatementUploadKind, UploadedFileItem[]>>;
}

const FORMAT_OPTIONS = (["passbook", "ib"] as const).map((value) => ({
  value,
  label: STATEMENT_FORMAT_LABELS[value],
}));

const UPLOAD_HINTS: Record<StatementUploadKind, string> = {
  passbook_cover: "金融機関名・支店名・口座番号・口座名義がわかる表紙（見開き）の写真です。",
  passbook_details: "必要な期間の入出金がすべて写っているページです。",
  ib_info: "金融機関名・支店名・口座番号・口座名義が表示された画面です。",
  ib_details: "必要な期間の入出金明細が表示された画面です。",
};

export function StatementCard({
  form,
  index,
  removable,
  statement,
}: {
  form: string;
  /** 0-based position; the page numbers statements from 1 (§9). */
  index: number;
  removable: boolean;
  statement: StatementView;
}) {
  const displayId = index + 1;
  return (
    <li className="statement-card" id={`bank-${displayId}`} aria-labelledby={`bank-${displayId}-title`}>
      <h3 id={`bank-${displayId}-title`}>口座{displayId}</h3>
      <div className="statement-row">
        <BankNameField
          required
          name={statementField(index, "bank_name")}
          label={STATEMENT_FIELDS.bank_name.label}
          defaultValue={statement.bank_name}
          maxLength={BANK_NAME_MAX_LENGTH}
        />
        <TextField
          required
          name={statementField(index, "bank_account_number")}
          label={STATEMENT_FIELDS.bank_account_number.label}
          defaultValue={statement.bank_account_number}
          {...STATEMENT_FIELDS.bank_account_number.control}
          hint={BANK_ACCOUNT_NUMBER_HINT}
        />
      </div>
      <StatementUploads form={form} index={index} format={statement.file_format} files={statement.files}>
        <div className="statement-actions">
          <SubmitButton
            form={form}
            intent={`save_bank:${index}`}
            variant="secondary"
            pendingText="保存しています…"
          >
            入力内容を保存
          </SubmitButton>
          {removable ? (
            <SubmitButton form={form} intent={`remove_bank:${index}`} variant="link">
              口座{displayId}を削除する
            </SubmitButton>
          ) : null}
        </div>
      </StatementUploads>
    </li>
  );
}

/**
 * A statement's format and the upload slots it decides, in the wizard and on the resubmission.
 * `children` stand between the two (the buttons that save the choice without JavaScript);
 * `submitted`, on a resubmission, are the files the entry holds, each of which may be left out.
 */
export function StatementUploads({
  form,
  index,
  format: startingFormat,
  files,
  submitted,
  children,
}: {
  form: string;
  index: number;
  format: StatementRow["file_format"];
  files: StatementView["files"];
  submitted?: Partial<Record<StatementUploadKind, SubmittedFileItem[]>>;
  children?: ReactNode;
}) {
  const displayId = index + 1;
  // The format decides the slots: with JavaScript they follow the choice at once; without it, the
  // choice is sent with the page's button and the page comes back with the right slots.
  const [format, setFormat] = useState<"passbook" | "ib">(effectiveFileFormat(startingFormat));
  const uploads = useField(statementField(index, "uploads"));
  return (
    <>
      <RadioField
        required
        name={statementField(index, "file_format")}
        legend={STATEMENT_FIELDS.file_format.label}
        options={FORMAT_OPTIONS}
        value={format}
        onChange={(value) => setFormat(effectiveFileFormat(value))}
      />
      {children}
      <div id={uploads.id} tabIndex={-1} className={uploads.error ? "field field-has-error" : "field"}>
        <p className="field-label">{STATEMENT_FORMAT_LABELS[format]}のアップロード</p>
        <FieldMessage id={uploads.id} error={uploads.error} />
        <ul className="statement-slots">
          {statementUploadKinds(format).map((base) => {
            const kind = statementUploadKind(base, displayId);
            const slotFiles = files[base] ?? [];
            const label = `${STATEMENT_UPLOAD_LABELS[base]}（口座${displayId}）`;
            return (
              <li key={kind} className="statement-slot">
                <p className="field-hint">{UPLOAD_HINTS[base]}</p>
                <UploadSlot slot={kind} label={label} kind={kind} stepForm={form} />
                {submitted ? <SubmittedFiles files={submitted[base] ?? []} label={label} omittable /> : null}
                <UploadedFiles files={slotFiles} label={label} />
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}
