// The groups of the profile form (§3 Profile), shared by /register/profile and /profile.

import { BankNameField, BranchNameField } from "./bank-field";
import { BANK_ACCOUNT_DEPOSIT_TYPE_LABELS, BANK_ACCOUNT_NUMBER_HINT } from "~/domain/bank-account";
import { type ComponentProps, type ReactNode, createContext, useContext, useState } from "react";
import { CORPORATE_ONLY_HINT, businessWords, divisionChoices } from "~/domain/business-types";
import { profileFieldLabels } from "~/forms/profile-labels";
import { isFormFailure } from "~/forms/form-failure";
import { IdentityDocumentMessage } from "~/domain/identity-documents";
import { IDENTITY_DOCUMENT_TYPE_LABELS, SECTOR_LABELS } from "~/domain/profile-labels";
import { PREFECTURES } from "~/domain/prefectures";
import { UploadRuleMessage } from "~/domain/upload-rules";
import { constraintsOf } from "~/domain/form-fields";
import { PROFILE_BANK_ACCOUNT_FIELDS, PROFILE_DETAIL_FIELDS, PROFILE_FIELDS } from "~/domain/profile-form";
import { RadioField, TextAreaField, TextField } from "./form/fields";
import { FormScope, useField } from "./form/scope";
import { PostcodeField, addressGroupId } from "./postcode-field";
import { SelectField } from "./form/select-field";
import { useBrand } from "./site-chrome";
import type { UploadedFileView } from "~/forms/step-upload";
import { UploadSlot } from "./upload-slot";
import {
  type LastEntryPayout,
  LastEntryPayoutAccount,
  PayoutAccount,
  PayoutAccountWords,
} from "./payout-account";
import type { PayoutAccountSummary } from "~/domain/payout-account";

const PREFECTURE_OPTIONS = PREFECTURES.map((name) => ({ value: name, label: name }));

// From the label tables, not enumerations.ts, which stays off the browser build.
export const IDENTITY_TYPE_OPTIONS = Object.entries(IDENTITY_DOCUMENT_TYPE_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/** The business type chosen in the profile form, as it is chosen; undefined outside ProfileFormScope. */
const ChosenDivision = createContext<{ division: unknown; choose(division: string): void }>({
  division: undefined,
  choose: () => undefined,
});

/**
 * The profile form's scope: its labels, and the words of its groups, follow the business type as it is
 * chosen (a sole proprietor's name and home are the 事業主's); before any choice, the one sent or saved.
 */
export function ProfileFormScope(props: Omit<ComponentProps<typeof FormScope>, "labels">) {
  const sent = isFormFailure(props.failure) ? props.failure.values.corporate_division : undefined;
  const [division, choose] = useState<unknown>(sent ?? props.defaults?.corporate_division);
  return (
    <ChosenDivision.Provider value={{ division, choose }}>
      <FormScope {...props} labels={profileFieldLabels(division)} />
    </ChosenDivision.Provider>
  );
}

export function BusinessFields() {
  const division = useField("corporate_division");
  const { choose } = useContext(ChosenDivision);
  // §6: a brand without individuals never offers 個人事業主 (saving it would lock the account out).
  const { individualSupported, examples } = useBrand();
  // A corporation must give its name: its ※必須 follows the chosen business type.
  const [chosen, setChosen] = useState<unknown>(division.defaultValue);
  return (
    <fieldset
      className="form-group"
      onChange={(event) => {
        const input = event.target as HTMLInputElement;
        if (input.name !== "corporate_division") return;
        setChosen(input.value);
        choose(input.value);
      }}
    >
      <legend>事業者の情報</legend>
      <RadioField
        name="corporate_division"
        required
        options={divisionChoices(individualSupported)}
        hint={individualSupported ? undefined : CORPORATE_ONLY_HINT}
      />
      <TextField
        name="company_name"
        label={businessWords(chosen).businessName}
        {...constraintsOf(PROFILE_FIELDS.company_name)}
        required={chosen === "corporate"}
        hint={`法人の方は登記上の会社名（例: ${examples.companyName}）を入力してください。個人事業主の方は屋号があれば入力してください。`}
      />
      <div className="field-row">
        <TextField name="last_name" {...constraintsOf(PROFILE_FIELDS.last_name)} />
        <TextField name="first_name" {...constraintsOf(PROFILE_FIELDS.first_name)} />
      </div>
    </fieldset>
  );
}

export function AddressFields({ who }: { who: "office" | "owner" }) {
  const { division } = useContext(ChosenDivision);
  const title =
    who === "office" ? "事業所の所在地・連絡先" : `${businessWords(division).owner}のご自宅・連絡先`;
  const { examples } = useBrand();
  // Each label says whose it is (app/forms/profile-labels.ts), as the error summary does.
  return (
    <fieldset className="form-group" id={addressGroupId(who)}>
      <legend>{title}</legend>
      <PostcodeField who={who} />
      <SelectField
        name={`${who}_prefecture`}
        required
        placeholder="選択してください"
        options={PREFECTURE_OPTIONS}
        {...PROFILE_FIELDS[`${who}_prefecture`].control}
      />
      <TextField name={`${who}_city`} {...constraintsOf(PROFILE_FIELDS[`${who}_city`])} />
      <TextField
        name={`${who}_building_number`}
        {...constraintsOf(PROFILE_FIELDS[`${who}_building_number`])}
        hint={`例: ${examples.buildingNumber}`}
      />
      <TextField
        name={`${who}_phone`}
        {...constraintsOf(PROFILE_FIELDS[`${who}_phone`])}
        hint="0から始まる10桁または11桁（ハイフンはあってもなくても構いません）"
      />
    </fieldset>
  );
}

export function BusinessDetailFields() {
  return (
    <fieldset className="form-group">
      <legend>事業の内容</legend>
      <SelectField
        name="sector"
        options={Object.entries(SECTOR_LABELS).map(([value, label]) => ({ value, label }))}
      />
      <TextAreaField
        name="business_summary"
        maxLength={PROFILE_DETAIL_FIELDS.business_summary.limits.maxLength}
        hint={`主な商品・サービスと取引先を簡単にご記入ください（${PROFILE_DETAIL_FIELDS.business_summary.limits.maxLength}文字以内）。`}
      />
    </fieldset>
  );
}

export interface ProfilePayoutView {
  registered: PayoutAccountSummary | null;
  lastEntry: LastEntryPayout | null;
}

export function BankAccountFields({ payout }: { payout: ProfilePayoutView }) {
  const { examples } = useBrand();
  return (
    <fieldset className="form-group">
      <legend>お振込先口座</legend>
      <p>{PayoutAccountWords.keptPerEntry}</p>
      {payout.lastEntry ? (
        <>
          <LastEntryPayoutAccount lastEntry={payout.lastEntry} />
          <p>{PayoutAccountWords.registerForNext}</p>
        </>
      ) : null}
      <p className="field-hint">入力する場合はすべての項目をご記入ください。</p>
      <BankNameField name="bank_name" maxLength={PROFILE_BANK_ACCOUNT_FIELDS.bank_name.limits.maxLength} />
      <BranchNameField
        name="branch_name"
        bankField="bank_name"
        maxLength={PROFILE_BANK_ACCOUNT_FIELDS.branch_name.limits.maxLength}
        hint="例: 本店営業部。金融機関名を入れてから検索できます。"
      />
      <RadioField
        name="deposit_type"
        options={Object.entries(BANK_ACCOUNT_DEPOSIT_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
      />
      <TextField
        name="bank_account_number"
        {...PROFILE_BANK_ACCOUNT_FIELDS.bank_account_number.control}
        hint={BANK_ACCOUNT_NUMBER_HINT}
      />
      <TextField
        name="account_holder_name"
        {...constraintsOf(PROFILE_BANK_ACCOUNT_FIELDS.account_holder_name)}
        hint={`カタカナ・英数字で30文字以内（例: ${examples.holderName}）`}
      />
    </fieldset>
  );
}

/** Where can_edit_bank_account is false: the account as it is, and who changes it. */
export function PayoutAccountReadOnly({ payout }: { payout: ProfilePayoutView }) {
  return (
    <div role="group" aria-labelledby="payout-read-only-title" className="form-group">
      <h3 id="payout-read-only-title">お振込先口座</h3>
      <p>{PayoutAccountWords.keptPerEntry}</p>
      {payout.registered ? (
        <PayoutAccount account={payout.registered} label="ご登録のお振込先口座" />
      ) : payout.lastEntry ? (
        <LastEntryPayoutAccount lastEntry={payout.lastEntry} />
      ) : (
        <p>{PayoutAccountWords.none}</p>
      )}
      <p>{PayoutAccountWords.locked}</p>
    </div>
  );
}

export interface IdentityViewModel {
  statusLabel: string;
  /** Files uploaded and not yet submitted (never submitted before). */
  awaitsSubmission: boolean;
  validDate: string | null;
  isExpired: boolean;
  needsDocuments: boolean;
  documentTypeLabel: string | null;
  front: UploadedFileView | null;
  back: UploadedFileView | null;
}

/** The identity's review status and expiry; an expired identity asks for new documents. */
export function IdentityStatus({
  identity,
  submitButton,
}: {
  identity: IdentityViewModel;
  /** The page's button that submits the files uploaded. */
  submitButton: string;
}) {
  return (
    <>
      <dl className="summary-list">
        <div>
          <dt>本人確認の状況</dt>
          <dd data-testid="identity-status">{identity.statusLabel}</dd>
        </div>
        {identity.documentTypeLabel ? (
          <div>
            <dt>提出済みの書類</dt>
            <dd>{identity.documentTypeLabel}</dd>
          </div>
        ) : null}
        {identity.validDate ? (
          <div>
            <dt>有効期限</dt>
            <dd>{identity.validDate}</dd>
          </div>
        ) : null}
      </dl>
      {identity.awaitsSubmission ? <p>{IdentityDocumentMessage.awaitsSubmission(submitButton)}</p> : null}
      {identity.isExpired ? (
        <p className="alert" role="alert">
          本人確認書類の有効期限が切れています。新しい本人確認書類（表面・裏面。マイナンバーカードは表面のみ）をアップロードして、再度ご提出ください。
        </p>
      ) : null}
    </>
  );
}

/**
 * The identity document: its type, then the slots of the sides it needs. マイナンバーカード has its front
 * only (its back carries the 個人番号, app/domain/identity-documents.ts): with the card chosen the back
 * slot leaves by CSS alone, so it does with or without JavaScript, and the front says so in words.
 */
export function IdentityUploads({
  identity,
  form,
  picker,
  division: saved,
}: {
  identity: IdentityViewModel;
  /** The page's form: without JavaScript a slot posts it, so a refused file keeps what was typed. */
  form?: string;
  /** The document type's radio buttons, above the slots they decide. */
  picker: ReactNode;
  /** The business type, where no ProfileFormScope holds the one being chosen. */
  division?: unknown;
}) {
  const chosen = useContext(ChosenDivision).division;
  const owner = businessWords(chosen ?? saved).owner;
  return (
    <div className="identity-documents">
      {picker}
      <p>
        {owner}ご本人の本人確認書類の表面と裏面（マイナンバーカードは表面のみ）をアップロードしてください（
        {UploadRuleMessage.limits}）。スマートフォンで撮影した写真も使えます。
      </p>
      <div className="upload-grid">
        <UploadSlot
          slot="identity-front"
          label="本人確認書類（表面）"
          kind="identity"
          side="front"
          current={identity.front}
          stepForm={form}
          hint={IdentityDocumentMessage.cardFrontOnly}
        />
        <div className="identity-back">
          <UploadSlot
            slot="identity-back"
            label="本人確認書類（裏面）"
            kind="identity"
            side="back"
            current={identity.back}
            stepForm={form}
            hint="マイナンバーカードの場合は不要です。"
          />
        </div>
      </div>
    </div>
  );
}
