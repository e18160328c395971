// The withdrawal step's payout bank account (§3 Bank account, §5); its controls join the step's form
// by their `form` attribute.

import { BANK_ACCOUNT_DEPOSIT_TYPE_LABELS, BANK_ACCOUNT_NUMBER_HINT } from "~/domain/bank-account";
import { useState } from "react";
import { BANK_ACCOUNT_FIELDS, type BankAccountRow, bankAccountField } from "~/domain/withdrawal-step";
import { constraintsOf } from "~/domain/form-fields";
import { BANK_NAME_MAX_LENGTH } from "~/domain/upstream-limits";
import { BankNameField, BranchNameField } from "./bank-field";
import { RadioField, TextField } from "./form/fields";
import { useBrand } from "./site-chrome";

export type BankAccountView = BankAccountRow;

const DEPOSIT_TYPE_OPTIONS = (["ordinary", "checking"] as const).map((value) => ({
  value,
  label: BANK_ACCOUNT_DEPOSIT_TYPE_LABELS[value],
}));

export function BankAccountFieldset({ account }: { account: BankAccountView }) {
  // §9 "Default deposit type ordinary".
  const [depositType, setDepositType] = useState(account.deposit_type ?? "ordinary");
  const { examples } = useBrand();
  return (
    <fieldset className="bank-account-fieldset">
      <legend>お振込先口座（買取代金のお振込先）</legend>
      <p className="field-hint">事業者ご本人名義の口座をご指定ください。</p>
      <div className="statement-row">
        <BankNameField
          required
          name={bankAccountField("bank_name")}
          label={BANK_ACCOUNT_FIELDS.bank_name.label}
          defaultValue={account.bank_name}
          maxLength={BANK_NAME_MAX_LENGTH}
        />
        <BranchNameField
          required
          name={bankAccountField("branch_name")}
          bankField={bankAccountField("bank_name")}
          label={BANK_ACCOUNT_FIELDS.branch_name.label}
          defaultValue={account.branch_name}
          maxLength={BANK_NAME_MAX_LENGTH}
          hint="例: 本店営業部。金融機関名を入れてから検索できます。"
        />
      </div>
      <RadioField
        required
        name={bankAccountField("deposit_type")}
        legend={BANK_ACCOUNT_FIELDS.deposit_type.label}
        options={DEPOSIT_TYPE_OPTIONS}
        value={depositType}
        onChange={(value) => setDepositType(value === "checking" ? "checking" : "ordinary")}
      />
      <TextField
        required
        name={bankAccountField("bank_account_number")}
        label={BANK_ACCOUNT_FIELDS.bank_account_number.label}
        defaultValue={account.bank_account_number}
        {...BANK_ACCOUNT_FIELDS.bank_account_number.control}
        hint={BANK_ACCOUNT_NUMBER_HINT}
      />
      <TextField
        required
        name={bankAccountField("account_holder_name")}
        label={BANK_ACCOUNT_FIELDS.account_holder_name.label}
        defaultValue={account.account_holder_name}
        {...constraintsOf(BANK_ACCOUNT_FIELDS.account_holder_name)}
        hint={`通帳に記載の名義をカタカナで30文字以内（例: ${examples.holderName}）。ヲは使えません。半角カナ・ひらがなは全角カタカナに直して保存します。`}
      />
    </fieldset>
  );
}
