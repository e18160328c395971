// What the confirmation page's loader and action need on the server, behind one import: the modules
// they reach (the profile labels, §8's catalogue) stay out of the route's browser imports.

import type { DraftEntry } from "~/domain/draft-entry";
import { formatZipcode } from "~/domain/contact-formats";
import { entryIdempotencyKey, integerFrom, readableErrors } from "~/domain/entry-body";
import { ErrorMessage } from "~/domain/error-messages";
import { formatJapaneseDate } from "~/domain/japan-date";
import { CORPORATE_DIVISION_LABELS } from "~/domain/profile-labels";
import { formatYen } from "~/domain/yen";
import { formFailure } from "~/forms/form-errors.server";
import { payoutAccount } from "~/lookup/bank-directory.server";
import type { UpstreamValidationError } from "~/upstream/errors.server";
import type { Profile } from "~/upstream/profile.server";

/** The page's view model: the profile and the entry as they will be sent, already in words. */
export function beforeEntryView(profile: Profile, draft: DraftEntry) {
  const amount = integerFrom(draft.purchase_amount_desired);
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
          files: claim.contentfile_relations.length,
        };
      }),
      statements: draft.banks.length,
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
