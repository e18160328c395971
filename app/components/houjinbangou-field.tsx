// The debtor's company name with corporate-number suggestions (§7 GET /api/ext/houjinbangou/): a
// combobox with JavaScript, 「法人番号を検索」 and radio buttons without it.

import { fieldId } from "./form/scope";
import { SubmitButton } from "./form/submit-button";
import { SearchChoices, SuggestField } from "./form/suggest-field";
import { useHydrated } from "./use-hydrated";
import { CLAIM_FIELDS } from "~/domain/invoice-step";
import { HOUJINBANGOU_LOOKUP_PATH } from "~/domain/lookup-paths";
import { CORPORATION_QUERY_MIN_LENGTH } from "~/domain/houjinbangou";
import { CLAIM_TEXT_MAX_LENGTH } from "~/domain/invoice-step";

export interface Corporation {
  name: string;
  houjinbangou: string;
  address: string;
}

export interface SuggestionsView {
  index: number;
  query: string;
  results: Corporation[];
  message: string | null;
}

export const SUGGESTIONS_PATH = HOUJINBANGOU_LOOKUP_PATH;

function setInputValue(id: string, value: string) {
  const input = document.getElementById(id);
  if (input instanceof HTMLInputElement) input.value = value;
}

const optionOf = (corporation: Corporation) => ({
  key: corporation.houjinbangou,
  name: corporation.name,
  detail: `${corporation.houjinbangou} ${corporation.address}`,
});

export function CompanyNameField({
  formId,
  index,
  defaultValue,
  suggestions,
}: {
  formId: string;
  index: number;
  defaultValue: string;
  suggestions: SuggestionsView | null;
}) {
  const hydrated = useHydrated();
  return (
    <div id={`claim-${index + 1}-company`}>
      <SuggestField<Corporation>
        name={`claims[${index}].obliger_company_name`}
        label={CLAIM_FIELDS.obliger_company_name.label}
        required
        maxLength={CLAIM_TEXT_MAX_LENGTH}
        defaultValue={defaultValue}
        className="company-name"
        hint={`請求書の宛先の会社名です。2文字以上入力して「法人番号を検索」を押すと、法人番号の候補を表示します${hydrated ? "（入力中にも候補を表示します）" : ""}。`}
        listLabel="法人番号の候補"
        pathFor={(query) =>
          [...query].length < CORPORATION_QUERY_MIN_LENGTH
            ? null
            : `${SUGGESTIONS_PATH}?${new URLSearchParams({ name: query })}`
        }
        optionOf={optionOf}
        onChoose={(corporation) => {
          setInputValue(fieldId(`claims[${index}].houjinbangou`), corporation.houjinbangou);
          setInputValue(fieldId(`claims[${index}].houjinbangou_address`), corporation.address);
        }}
        announce={(corporation) => `${corporation.name}の法人番号と所在地を入力しました。`}
      >
        <SubmitButton
          form={formId}
          intent={`search_houjinbangou:${index}`}
          variant="secondary"
          className="search-button"
          pendingText="検索しています…"
        >
          法人番号を検索
        </SubmitButton>
        {suggestions ? <SuggestionChoices formId={formId} index={index} suggestions={suggestions} /> : null}
      </SuggestField>
    </div>
  );
}

/** The search's answer without JavaScript: a radio per corporation and a button to take it. */
function SuggestionChoices({
  formId,
  index,
  suggestions,
}: {
  formId: string;
  index: number;
  suggestions: SuggestionsView;
}) {
  return (
    <SearchChoices
      id={`claim-${index + 1}-suggestions`}
      legend={suggestions.query ? `「${suggestions.query}」の検索結果` : "法人番号の検索"}
      message={suggestions.message}
      name={`houjinbangou_choice-${index}`}
      form={formId}
      options={suggestions.results.map((corporation) => ({
        ...optionOf(corporation),
        detail: `法人番号 ${corporation.houjinbangou} ${corporation.address}`,
        value: JSON.stringify(corporation),
      }))}
      selectIntent={`select_houjinbangou:${index}`}
      selectLabel="この法人を選択"
    />
  );
}
