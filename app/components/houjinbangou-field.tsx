// The debtor's company name with corporate-number suggestions (§7 GET /api/ext/houjinbangou/).
// Without JavaScript: 「法人番号を検索」 saves the form and the page comes back with the suggestions as
// radio buttons; the chosen one fills the corporate number and address on the next save
// (「この法人を選択」). With JavaScript, suggestions also appear as you type (a combobox with a listbox,
// arrow keys, Enter and Escape), from the resource route /entry/houjinbangou.

import { useFetcher } from "@remix-run/react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { FieldMessage, RequirementMark } from "./form/fields";
import { fieldId, useField } from "./form/scope";
import { SubmitButton } from "./form/submit-button";
import { useHydrated } from "./use-hydrated";

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

export const SUGGESTIONS_PATH = "/entry/houjinbangou";
const DEBOUNCE_MS = 300;
const MIN_QUERY = 2;

function setInputValue(id: string, value: string) {
  const input = document.getElementById(id);
  if (input instanceof HTMLInputElement) input.value = value;
}

/** Suggestions as you type (JavaScript only): debounced, at least two characters, keyboard operable. */
function useSuggestionsAsYouType() {
  const fetcher = useFetcher<Corporation[]>();
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const lastLoaded = useRef("");
  useEffect(() => {
    const trimmed = query.trim();
    if ([...trimmed].length < MIN_QUERY || trimmed === lastLoaded.current) return;
    const timer = window.setTimeout(() => {
      lastLoaded.current = trimmed;
      fetcher.load(`${SUGGESTIONS_PATH}?${new URLSearchParams({ name: trimmed })}`);
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // fetcher.load is stable enough for this; listing fetcher would restart the timer on every state change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);
  const results = [...query.trim()].length >= MIN_QUERY && Array.isArray(fetcher.data) ? fetcher.data : [];
  return { results, open: open && results.length > 0, setOpen, active, setActive, setQuery };
}

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
  const name = `claims[${index}].obliger_company_name`;
  const { error } = useField(name);
  const hydrated = useHydrated();
  const live = useSuggestionsAsYouType();
  const inputRef = useRef<HTMLInputElement>(null);
  const [announcement, setAnnouncement] = useState("");
  const id = fieldId(name);
  const listId = `${id}-listbox`;
  const hintId = `${id}-hint`;
  const optionId = (option: number) => `${listId}-${option}`;

  const choose = (corporation: Corporation) => {
    if (inputRef.current) inputRef.current.value = corporation.name;
    setInputValue(fieldId(`claims[${index}].houjinbangou`), corporation.houjinbangou);
    setInputValue(fieldId(`claims[${index}].houjinbangou_address`), corporation.address);
    live.setOpen(false);
    live.setActive(-1);
    setAnnouncement(`${corporation.name}の法人番号と所在地を入力しました。`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = live.results.length;
    if (event.key === "ArrowDown" && count > 0) {
      event.preventDefault();
      live.setOpen(true);
      live.setActive((live.active + 1) % count);
    } else if (event.key === "ArrowUp" && count > 0) {
      event.preventDefault();
      live.setOpen(true);
      live.setActive((live.active - 1 + count) % count);
    } else if (event.key === "Enter" && live.open && live.active >= 0) {
      event.preventDefault();
      choose(live.results[live.active]!);
    } else if (event.key === "Escape" && live.open) {
      event.preventDefault();
      live.setOpen(false);
    }
  };

  const combobox = hydrated
    ? {
        role: "combobox",
        "aria-autocomplete": "list" as const,
        "aria-expanded": live.open,
        "aria-controls": listId,
        "aria-activedescendant": live.open && live.active >= 0 ? optionId(live.active) : undefined,
        onKeyDown,
        onBlur: () => live.setOpen(false),
      }
    : {};

  return (
    <div
      className={error ? "field field-has-error company-name" : "field company-name"}
      id={`claim-${index + 1}-company`}
    >
      <label htmlFor={id} className="field-label">
        売掛先の会社名 <RequirementMark required />
      </label>
      <p id={hintId} className="field-hint">
        請求書の宛先の会社名です。2文字以上入力して「法人番号を検索」を押すと、法人番号の候補を表示します
        {hydrated ? "（入力中にも候補を表示します）" : ""}。
      </p>
      <FieldMessage id={id} error={error} />
      <div className="combobox">
        <input
          id={id}
          name={name}
          form={formId}
          type="text"
          maxLength={255}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? `${id}-error` : null].filter(Boolean).join(" ")}
          onChange={(event) => {
            live.setQuery(event.target.value);
            live.setOpen(true);
            live.setActive(-1);
          }}
          {...combobox}
          defaultValue={defaultValue}
          ref={inputRef}
          className="field-input"
        />
        {hydrated ? (
          <ul
            id={listId}
            role="listbox"
            aria-label="法人番号の候補"
            className="combobox-list"
            hidden={!live.open}
          >
            {live.results.map((corporation, option) => (
              <li
                key={corporation.houjinbangou}
                id={optionId(option)}
                role="option"
                aria-selected={option === live.active}
                className={option === live.active ? "combobox-option is-active" : "combobox-option"}
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(corporation);
                }}
              >
                <span className="combobox-name">{corporation.name}</span>
                <span className="combobox-detail">
                  {corporation.houjinbangou} {corporation.address}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p className="visually-hidden" role="status">
        {live.open
          ? `候補が${live.results.length}件あります。上下の矢印キーで選び、Enterで決定します。`
          : announcement}
      </p>
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
  const legendId = `claim-${index + 1}-suggestions`;
  return (
    <fieldset className="suggestions" id={legendId} tabIndex={-1}>
      <legend className="field-label">
        {suggestions.query ? `「${suggestions.query}」の検索結果` : "法人番号の検索"}
      </legend>
      {suggestions.message ? <p role="status">{suggestions.message}</p> : null}
      {suggestions.results.length > 0 ? (
        <>
          <div className="choices">
            {suggestions.results.map((corporation) => (
              <label key={corporation.houjinbangou} className="choice suggestion-choice">
                <input
                  type="radio"
                  form={formId}
                  name={`houjinbangou_choice-${index}`}
                  value={JSON.stringify(corporation)}
                />
                <span>
                  <span className="combobox-name">{corporation.name}</span>
                  <span className="combobox-detail">
                    法人番号 {corporation.houjinbangou} {corporation.address}
                  </span>
                </span>
              </label>
            ))}
          </div>
          <SubmitButton form={formId} intent={`select_houjinbangou:${index}`} variant="secondary">
            この法人を選択
          </SubmitButton>
        </>
      ) : null}
    </fieldset>
  );
}
