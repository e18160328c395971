// What /register/profile and /profile share on the server.

import { type PickerSearchView, isPickerSelect, parsePickerSearch } from "~/forms/bank-picker";
import { answerPickerSearch, bankPickerView } from "~/forms/bank-picker.server";
import type { UploadedFileView } from "./step-upload";
import { formatZipcode } from "~/domain/contact-formats";
import { type IdentityDocumentType, type Sector } from "~/domain/enumerations";
import { formatJapaneseDate } from "~/domain/japan-date";
import { lastEntryWithPayoutAccount } from "~/domain/payout-account";
import { payoutAccount } from "~/lookup/bank-directory.server";
import { listEntries } from "~/upstream/entries.server";
import { identityFilesRequired, identitySidesFor } from "~/domain/identity-documents";
import { IDENTITY_DOCUMENT_TYPE_LABELS } from "~/domain/profile-labels";
import { identityAwaitsSubmission, identityStatusLabel } from "~/domain/status-labels";
import { isIdentityExpired, isImperfectIdentity } from "~/domain/user";
import {
  type PostcodeLookupNote,
  addressFieldNames,
  parsePostcodeIntent,
  postcodeFill,
} from "~/domain/postcode-address";
import { lookUpPostcode } from "~/lookup/postcode.server";
import type { RequestContext } from "~/request/context.server";
import { limitLookup, refusalHeaders } from "~/request/lookup-limit.server";
import type { UpstreamValidationError } from "~/upstream/errors.server";
import type { Profile } from "~/upstream/profile.server";
import type { UploadedFile } from "~/upstream/uploads.server";
import type { Fail } from "./account-action.server";
import { type FormErrors, formFailure, valuesWithoutSecrets } from "./form-errors.server";
import { PROFILE_FORM_FIELDS } from "./profile-labels";
import { NON_FIELD_ERRORS } from "./form-failure";
import { isUploadPost, readForm } from "./read-form.server";
import { handleUploadPost, uploadFailure } from "./upload-actions.server";

export function latestIdentityFiles(profile: Profile): {
  front: UploadedFile | null;
  back: UploadedFile | null;
} {
  const newest = (side: "front" | "back") =>
    profile.addfiles.filter((file) => file.kind === "identity" && file.side === side).at(-1) ?? null;
  return { front: newest("front"), back: newest("back") };
}

function fileView(file: UploadedFile | null): UploadedFileView | null {
  return file ? { name: file.name, uploadedAt: formatJapaneseDate(file.created_at) } : null;
}

export function identityView(profile: Profile, now: Date) {
  const files = latestIdentityFiles(profile);
  const user = {
    identity_confirmation: profile.identity_confirmation,
    identity_valid_date: profile.identity_valid_date,
  };
  const uploadedSides = (["front", "back"] as const).filter((side) => files[side]);
  return {
    statusLabel: identityStatusLabel(user, now, uploadedSides),
    awaitsSubmission: identityAwaitsSubmission(user, uploadedSides),
    validDate: profile.identity_valid_date ? formatJapaneseDate(profile.identity_valid_date) : null,
    isExpired: isIdentityExpired(user, now),
    needsDocuments: isImperfectIdentity(user) || isIdentityExpired(user, now),
    documentType: profile.identity_document_type,
    documentTypeLabel: profile.identity_document_type
      ? IDENTITY_DOCUMENT_TYPE_LABELS[profile.identity_document_type]
      : null,
    front: fileView(files.front),
    back: fileView(files.back),
  };
}

// Every labelled field the profile holds as text (a new field needs no line here), then the ones shown otherwise.
export function profileFormDefaults(profile: Profile, fields: readonly string[] = PROFILE_FORM_FIELDS) {
  const asStored = Object.fromEntries(
    fields
      .map((name) => [name, (profile as unknown as Record<string, unknown>)[name]])
      .filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  return {
    ...asStored,
    corporate_division: profile.corporate_division === "none" ? undefined : profile.corporate_division,
    office_zipcode: formatZipcode(profile.office_zipcode),
    owner_zipcode: formatZipcode(profile.owner_zipcode),
    sector: profile.sector as Sector,
    identity_document_type: profile.identity_document_type ?? undefined,
    bank_name: profile.bank_account?.bank_name ?? "",
    branch_name: profile.bank_account?.branch_name ?? "",
    deposit_type: profile.bank_account?.deposit_type ?? ("ordinary" as const),
    bank_account_number: profile.bank_account?.bank_account_number ?? "",
    account_holder_name: profile.bank_account?.account_holder_name ?? "",
  };
}

/**
 * /profile's payout account: the one registered, else the one the last entry named (the entries keep
 * their own, chosen in the wizard), so the page never shows an empty account beside one that was paid.
 */
export async function profilePayoutView(ctx: RequestContext, profile: Profile) {
  const registered = payoutAccount(profile.bank_account);
  if (registered) return { registered, lastEntry: null };
  const last = lastEntryWithPayoutAccount(await listEntries(ctx));
  const account = last ? payoutAccount(last.bank_account) : null;
  return {
    registered: null,
    lastEntry:
      last && account
        ? {
            code: last.code,
            date: formatJapaneseDate(last.created_at),
            account,
          }
        : null,
  };
}

// An identity upload ends the post, coming back with what was typed (not saved: a profile is saved only
// whole); without JavaScript the chosen files go first, then the page's own intent (decision 0007).
export async function readProfilePost(
  ctx: RequestContext,
  request: Request,
  formId: string,
): Promise<FormData | Response> {
  if (!isUploadPost(request)) return readForm(request);
  const outcome = await handleUploadPost(ctx, request, {
    accepts: (kind, side) => kind === "identity" && (side === "front" || side === "back"),
    slotOf: (kind, side) => (kind === "identity" && side ? `identity-${side}` : null),
    keepTyped: (formData, refusal) =>
      refusal
        ? uploadFailure(refusal.slot, refusal, formData, formId)
        : formFailure({}, formData, 200, { formId, extra: { identityUploaded: true } }),
    redirectTo: () => `${ctx.url.pathname}#identity`,
  });
  return "response" in outcome ? outcome.response : outcome.formData;
}

// Look-ups without JavaScript past the limits (decision 0023): nothing saved, everything sent comes back, 429.
export async function refuseLookupOverLimit(ctx: RequestContext, formData: FormData, formId: string) {
  const intents = formData.getAll("intent");
  const who = intents.map(parsePostcodeIntent).find(Boolean);
  const picker = parsePickerSearch(intents);
  if (!who && !picker) return null;
  const refused = await limitLookup(ctx);
  if (!refused) return null;
  const headers = refusalHeaders(refused);
  if (who) {
    const postcodeLookup: PostcodeLookupNote = { who, announcement: refused.message };
    return formFailure({}, formData, 429, { formId, headers, extra: { postcodeLookup } });
  }
  const typed = {
    bank_name: String(formData.get("bank_name") ?? ""),
    branch_name: String(formData.get("branch_name") ?? ""),
  };
  return formFailure({ [picker!.field]: refused.message }, formData, 429, {
    formId,
    headers,
    extra: { bankPicker: profileBankPicker(typed, null) },
  });
}

// 「住所を検索」 without JavaScript: nothing saved; the page comes back with the postcode's prefecture and
// city, the town only into an empty 番地・建物名 (decision 0012).
export function handlePostcodeLookup(formData: FormData, formId: string) {
  const who = formData.getAll("intent").map(parsePostcodeIntent).find(Boolean);
  if (!who) return null;
  const names = addressFieldNames(who);
  const answer = lookUpPostcode(formData.get(names.zipcode));
  if (!answer.found) return formFailure({ [names.zipcode]: answer.message }, formData, 422, { formId });
  const values = valuesWithoutSecrets(formData);
  const text = (name: string) => values[name] ?? "";
  const fill = postcodeFill(
    answer.address,
    {
      prefecture: text(names.prefecture),
      city: text(names.city),
      building_number: text(names.building_number),
    },
    "asked",
    text(names.lookupFills),
  );
  values[names.zipcode] = fill.zipcode ?? text(names.zipcode);
  values[names.lookupFills] = fill.lookupFills;
  for (const [field, value] of Object.entries(fill.values))
    values[names[field as keyof typeof fill.values]] = value;
  const postcodeLookup: PostcodeLookupNote = { who, announcement: fill.announcement };
  return formFailure({}, values, 200, { formId, extra: { postcodeLookup } });
}

/** The profile's bank fields, their codes or notes, and a search just made (decision 0013). */
export function profileBankPicker(
  values: { bank_name?: string | null; branch_name?: string | null },
  search: PickerSearchView | null,
) {
  const bank = values.bank_name ?? "";
  return bankPickerView(
    [
      { kind: "bank", field: "bank_name", value: bank },
      { kind: "branch", field: "branch_name", value: values.branch_name ?? "", bankValue: bank },
    ],
    search,
  );
}

// The bank picker without JavaScript (decision 0013): no draft keeps what was typed, so it all comes back.
export function handleBankPicker(formData: FormData, formId: string) {
  const typed = {
    bank_name: String(formData.get("bank_name") ?? ""),
    branch_name: String(formData.get("branch_name") ?? ""),
  };
  if (isPickerSelect(formData.getAll("intent"))) {
    return formFailure({}, formData, 200, { formId, extra: { bankPicker: profileBankPicker(typed, null) } });
  }
  const picker = answerPickerSearch(formData);
  if (!picker) return null;
  const found = "search" in picker ? picker.search : null;
  return formFailure(
    "problem" in picker ? { [picker.field]: picker.problem } : {},
    formData,
    found ? 200 : 422,
    {
      formId,
      extra: { bankPicker: profileBankPicker(typed, found) },
    },
  );
}

/** The newest file of each side the document needs (マイナンバーカード: the front only), or why not. */
export function identitySubmission(
  profile: Profile,
  documentType: IdentityDocumentType,
): { identity_document_type: IdentityDocumentType; addfiles: number[] } | { problem: string } {
  const latest = latestIdentityFiles(profile);
  const files = identitySidesFor(documentType).map((side) => latest[side]);
  if (files.some((file) => !file)) return { problem: identityFilesRequired(documentType) };
  return { identity_document_type: documentType, addfiles: files.map((file) => file!.id) };
}

export function profileRefused(_error: UpstreamValidationError, errors: FormErrors, fail: Fail): Response {
  return fail(
    Object.keys(errors).length > 0 ? errors : { [NON_FIELD_ERRORS]: "保存できませんでした。" },
    400,
  );
}
