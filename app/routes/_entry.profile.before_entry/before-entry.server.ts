// What the confirmation page's loader and action need on the server, behind one import: the modules
// they reach (the profile labels, §8's catalogue) stay out of the route's browser imports.

import type { StatementSummaryView } from "~/components/statement-card";
import { bankHolidayNotice } from "~/domain/bank-calendar";
import { formatZipcode } from "~/domain/contact-formats";
import { entryBodyFromDraft, entryIdempotencyKey, integerFrom, readableErrors } from "~/domain/entry-body";
import { claimFileGroups, confirmedDocumentFacts, fileGroups } from "~/domain/entry-documents";
import { ErrorMessage } from "~/domain/error-messages";
import {
  FINANCIAL_DOCUMENT_TYPE_LABELS,
  canSkipConfirmedDocuments,
  financialDocumentType,
} from "~/domain/financial-step";
import { formatJapaneseDate } from "~/domain/japan-date";
import { CORPORATE_DIVISION_LABELS } from "~/domain/profile-labels";
import { type DocumentGroup, documentGroupName } from "~/domain/resubmission";
import { entryDocumentKinds } from "~/domain/wizard-progress";
import { STATEMENT_FORMAT_LABELS, statementPeriodText } from "~/domain/withdrawal-step";
import { formatYen } from "~/domain/yen";
import { formFailure } from "~/forms/form-errors.server";
import { payoutAccount } from "~/lookup/bank-directory.server";
import { returnDateCalendar } from "~/lookup/japan-holidays.server";
import type { EntryStepState } from "~/request/entry-guard.server";
import type { UpstreamValidationError } from "~/upstream/errors.server";
import { isIndividual } from "~/domain/user";
import type { Profile } from "~/upstream/profile.server";

/** Why a group sends no file: the operator confirmed the last ones (§4), so the step let it pass. */
const confirmedNote = (group: DocumentGroup, individual: boolean) =>
  `前回ご提出いただいた${documentGroupName(group, individual)}は確認済みのため、今回は提出しません。`;

/**
 * The page's view model: the profile and the entry as they will be sent, already in words. Its files
 * are those of the body the submit posts (entryBodyFromDraft), so the page lists what is sent.
 */
export function beforeEntryView(
  profile: Profile,
  { draft, files, user, entries }: Pick<EntryStepState, "draft" | "files" | "user" | "entries">,
  now: Date,
) {
  const individual = isIndividual(user);
  const amount = integerFrom(draft.purchase_amount_desired);
  const body = entryBodyFromDraft(draft, files, entryDocumentKinds(draft, user));
  const sent = new Set(body.addfiles);
  const sentFiles = files.filter((file) => sent.has(file.id));
  const bankFiles = new Set(body.banks.flatMap((bank) => bank.contentfiles));
  const calendar = returnDateCalendar(draft.claims);
  const financialType = financialDocumentType(
    user.corporate_division,
    draft.can_submit_financial_statements,
    draft.tax_return_submissions,
  );
  const financialFiles = fileGroups(
    sentFiles.filter((file) => !bankFiles.has(file.id)),
    "financial_statements",
  );
  const statements: StatementSummaryView[] = body.banks.map((bank, index) => ({
    displayId: index + 1,
    format: STATEMENT_FORMAT_LABELS[bank.file_format],
    bankName: bank.bank_name,
    accountNumber: bank.bank_account_number,
    period: statementPeriodText(user.last_withdrawals_detail_date, now),
    files: fileGroups(
      sentFiles.filter((file) => bank.contentfiles.includes(file.id)),
      "withdrawals_detail",
      `口座${index + 1}`,
    ),
  }));
  const skipped = (group: "financial_statements" | "withdrawals_detail") =>
    canSkipConfirmedDocuments(confirmedDocumentFacts(user, entries, group))
      ? confirmedNote(group, individual)
      : null;
  return {
    /** Posted with the submit: a second press finds the entry the first made by it (decision 0024). */
    idempotencyKey: entryIdempotencyKey(draft),
    profile: {
      division: CORPORATE_DIVISION_LABELS[profile.corporate_division],
      companyName: profile.company_name,
      name: `${profile.last_name} ${profile.first_name}`.trim(),
      office: `〒${formatZipcode(profile.office_zipcode)} ${profile.office_prefecture}${profile.office_city}${profile.office_building_number}`,
      phone: profile.office_phone,
      email: profile.email,
    },
    entry: {
      amount: typeof amount === "number" ? formatYen(amount) : "",
      purpose: draft.purpose ?? "",
      claims: draft.claims.map((claim, index) => {
        const claimAmount = integerFrom(claim.amount);
        return {
          number: index + 1,
          obliger: claim.obliger_company_name ?? "",
          amount: typeof claimAmount === "number" ? formatYen(claimAmount) : "",
          paymentDate: claim.obliger_payment_date ? formatJapaneseDate(claim.obliger_payment_date) : "",
          /** When banks are closed that day, the day the money is expected instead. */
          paymentDateNote: claim.obliger_payment_date
            ? bankHolidayNotice(claim.obliger_payment_date, calendar)
            : null,
          files: claimFileGroups(
            files.filter((file) => claim.contentfile_relations.includes(file.id)),
            index + 1,
          ),
        };
      }),
      financial: {
        title: documentGroupName("financial_statements", individual),
        type:
          financialFiles.length > 0 && financialType ? FINANCIAL_DOCUMENT_TYPE_LABELS[financialType] : null,
        files: financialFiles,
        note: financialFiles.length === 0 ? skipped("financial_statements") : null,
      },
      statements: {
        title: documentGroupName("withdrawals_detail"),
        accounts: statements.filter((statement) => statement.files.length > 0),
        note: statements.every((statement) => statement.files.length === 0)
          ? skipped("withdrawals_detail")
          : null,
      },
      /** In full, so a mistyped account is caught before the entry is sent. */
      payout: payoutAccount(draft.bank_account),
    },
    // §8 "Save failure: 申込みに失敗しました": the error summary's title, should the submit fail.
    saveFailedTitle: ErrorMessage.saveFailed,
  };
}

/** §8 "Save failure: 申込みに失敗しました with detail エラーのある項目をご確認ください", then the upstream's words. */
export function saveFailure(error: UpstreamValidationError) {
  const messages = readableErrors({ ...error.fieldErrors, non_field_errors: error.nonFieldErrors });
  return formFailure({}, {}, 400, { formErrors: [ErrorMessage.saveFailedDetail, ...messages] });
}
