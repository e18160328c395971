// The bank and branch fields wherever a bank is asked (decision 0013): picked from the Zengin
// directory, as typed with JavaScript or by 「金融機関を検索」 without; the name is stored (§3).

import { createContext, type ReactNode, useContext, useState } from "react";
import type { BankMatch, PickerKind } from "~/domain/bank-directory";
import {
  type BankPickerView,
  EMPTY_BANK_PICKER,
  choiceName,
  searchIntent,
  selectIntent,
} from "~/forms/bank-picker";
import type { FieldProps } from "./form/fields";
import { fieldId, useField } from "./form/scope";
import { SubmitButton } from "./form/submit-button";
import { useBrand } from "./site-chrome";
import { SearchChoices, SuggestField } from "./form/suggest-field";
import { BANK_LOOKUP_PATH } from "~/domain/lookup-paths";

export const BANKS_PATH = BANK_LOOKUP_PATH;

const BankPickerContext = createContext<BankPickerView>(EMPTY_BANK_PICKER);

/** What the page's loader or action found for its bank fields (the search just made, the codes). */
export function BankPickerProvider({
  value,
  children,
}: {
  value: BankPickerView | null | undefined;
  children: ReactNode;
}) {
  return (
    <BankPickerContext.Provider value={value ?? EMPTY_BANK_PICKER}>{children}</BankPickerContext.Provider>
  );
}

const WORDS: Record<
  PickerKind,
  { thing: string; code: string; search: string; select: string; list: string }
> = {
  bank: {
    thing: "金融機関",
    code: "金融機関コード",
    search: "金融機関を検索",
    select: "この金融機関を選択",
    list: "金融機関の候補",
  },
  branch: {
    thing: "支店",
    code: "支店コード",
    search: "支店を検索",
    select: "この支店を選択",
    list: "支店の候補",
  },
};

const optionOf = (match: BankMatch) => ({
  key: match.code,
  name: match.name,
  detail: `${match.code} ${match.kana}`,
});

function readInput(name: string): string {
  const input = document.getElementById(fieldId(name));
  return input instanceof HTMLInputElement ? input.value : "";
}

interface PickerFieldProps extends FieldProps {
  label?: string;
  maxLength?: number;
  /** The form the field and its search button belong to (a wizard step's, linked by `form`). */
  formId?: string;
}

function PickerField({
  kind,
  bankField,
  formId,
  ...props
}: PickerFieldProps & { kind: PickerKind; bankField?: string }) {
  const { search, notes } = useContext(BankPickerContext);
  const words = WORDS[kind];
  const { defaultValue, form: scopeForm } = useField(props.name, props);
  const form = formId ?? scopeForm;
  // With JavaScript, the code of a match just chosen; a name typed afterwards drops it.
  const [chosen, setChosen] = useState<{ name: string; code: string } | null>(null);
  const [typed, setTyped] = useState<string | null>(null);
  const value = (typed ?? defaultValue).trim();
  const saved = notes[props.name];
  const fresh = saved && saved.value.trim() === value ? saved : null;
  const code = chosen && chosen.name === value ? chosen.code : (fresh?.code ?? null);
  const note = code ? null : (fresh?.note ?? null);
  const mine = search && search.field === props.name && search.kind === kind ? search : null;
  const noteId = `${fieldId(props.name)}-note`;
  return (
    <SuggestField<BankMatch>
      {...props}
      hint={props.hint}
      listLabel={words.list}
      pathFor={(query) => {
        if ([...query].length < 1) return null;
        if (kind === "bank") return `${BANKS_PATH}?${new URLSearchParams({ q: query })}`;
        const bank = bankField ? readInput(bankField).trim() : "";
        return bank ? `${BANKS_PATH}?${new URLSearchParams({ bank, q: query })}` : null;
      }}
      optionOf={optionOf}
      onChoose={(match) => {
        setChosen({ name: match.name, code: match.code });
        setTyped(match.name);
      }}
      announce={(match) => `${match.name}（${words.code} ${match.code}）を入力しました。`}
      onType={setTyped}
      // The code or the note after the control describes it too.
      describedBy={code || note ? noteId : undefined}
      className="picker-field"
    >
      <div className="picker-extra">
        {code ? (
          <p className="field-hint picker-code" id={noteId}>
            {words.code} {code}
          </p>
        ) : note ? (
          <p className="field-hint picker-note" id={noteId}>
            {note}
          </p>
        ) : null}
        <SubmitButton
          form={form}
          intent={searchIntent(kind, props.name)}
          variant="secondary"
          className="search-button"
          pendingText="検索しています…"
        >
          {words.search}
        </SubmitButton>
        {mine ? (
          <SearchChoices
            id={`${fieldId(props.name)}-choices`}
            legend={`「${mine.query}」の検索結果`}
            name={choiceName(props.name)}
            form={form}
            options={mine.matches.map((match) => ({ ...optionOf(match), value: match.name }))}
            selectIntent={selectIntent(kind, props.name)}
            selectLabel={words.select}
          />
        ) : null}
      </div>
    </SuggestField>
  );
}

/** A bank name with the directory's matches (the name is stored; its code is shown). */
/** A bank name; its hint names the brand's own example bank (app/brand/brands.ts). */
export function BankNameField(props: PickerFieldProps) {
  const { examples } = useBrand();
  return (
    <PickerField
      kind="bank"
      hint={`例: ${examples.bankName}。名前の一部やよみがなでも検索できます。`}
      {...props}
    />
  );
}

/** A branch name, searched within the bank named in `bankField` (that field's name). */
export function BranchNameField(props: PickerFieldProps & { bankField: string }) {
  return <PickerField kind="branch" {...props} />;
}
