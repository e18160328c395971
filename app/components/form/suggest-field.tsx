// A combobox fed by a resource route with JavaScript; a plain text field with a search button without
// it. Past the look-up limits the refusal shows under the field (decision 0023).

import { useFetcher } from "@remix-run/react";
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { type LookupRefusal, isLookupRefusal } from "~/domain/lookup-limit";
import { FieldFrame, type FieldProps, useLabelledControl } from "./fields";
import { SubmitButton } from "./submit-button";
import { useHydrated } from "../use-hydrated";

const DEBOUNCE_MS = 300;

export interface SuggestOption {
  key: string;
  name: string;
  detail: string;
}

/** Suggestions as you type: debounced, from `pathFor(query)` (null: too short to ask), keyboard operable. */
function useSuggestions<T>(pathFor: (query: string) => string | null) {
  const fetcher = useFetcher<T[] | LookupRefusal>();
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const lastLoaded = useRef("");
  const path = pathFor(query.trim());
  const refusal = isLookupRefusal(fetcher.data) ? fetcher.data : null;
  // Until a refusal's wait is over, typing asks nothing (each ask would be refused again).
  const pausedUntil = useRef(0);
  useEffect(() => {
    if (!refusal) return;
    pausedUntil.current = Date.now() + refusal.retryAfterSeconds * 1000;
    lastLoaded.current = "";
  }, [refusal]);
  useEffect(() => {
    if (path === null || path === lastLoaded.current || Date.now() < pausedUntil.current) return;
    const timer = window.setTimeout(() => {
      lastLoaded.current = path;
      fetcher.load(path);
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // fetcher.load is stable enough for this; listing fetcher would restart the timer on every state change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  // The matches are plain JSON (strings), so the serialized type is T itself.
  const results = (path !== null && Array.isArray(fetcher.data) ? fetcher.data : []) as T[];
  return { results, refusal, open: open && results.length > 0, setOpen, active, setActive, setQuery };
}

export function SuggestField<T>({
  label,
  maxLength,
  listLabel,
  pathFor,
  optionOf,
  onChoose,
  announce,
  onType,
  className,
  children,
  ...props
}: FieldProps & {
  label?: string;
  maxLength?: number;
  /** The listbox's name: 「法人番号の候補」. */
  listLabel: string;
  /** Where the matches for what was typed come from, or null while there is too little to ask. */
  pathFor(query: string): string | null;
  optionOf(item: T): SuggestOption;
  /** A match was chosen: the field already holds its name; fill what goes with it. */
  onChoose?(item: T): void;
  /** What a screen reader hears once a match is chosen. */
  announce(item: T): string;
  /** Each edit, with the field's text. */
  onType?(value: string): void;
  /** After the control: the search button without JavaScript, its matches, notes. */
  children?: ReactNode;
}) {
  const { frame, control } = useLabelledControl(props, label);
  const hydrated = useHydrated();
  const live = useSuggestions<T>(pathFor);
  const inputRef = useRef<HTMLInputElement>(null);
  const [announcement, setAnnouncement] = useState("");
  const listId = `${control.id}-listbox`;
  const optionId = (option: number) => `${listId}-${option}`;

  const choose = (item: T) => {
    if (inputRef.current) inputRef.current.value = optionOf(item).name;
    onChoose?.(item);
    live.setOpen(false);
    live.setActive(-1);
    setAnnouncement(announce(item));
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
    <FieldFrame {...frame} className={[frame.className, className].filter(Boolean).join(" ") || undefined}>
      <div className="combobox">
        <input
          {...control}
          type="text"
          maxLength={maxLength}
          autoComplete="off"
          onChange={(event) => {
            onType?.(event.target.value);
            live.setQuery(event.target.value);
            live.setOpen(true);
            live.setActive(-1);
          }}
          {...combobox}
          ref={inputRef}
        />
        {hydrated ? (
          <ul id={listId} role="listbox" aria-label={listLabel} className="combobox-list" hidden={!live.open}>
            {live.results.map((item, option) => {
              const { key, name, detail } = optionOf(item);
              return (
                <li
                  key={key}
                  id={optionId(option)}
                  role="option"
                  aria-selected={option === live.active}
                  className={option === live.active ? "combobox-option is-active" : "combobox-option"}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(item);
                  }}
                >
                  <span className="combobox-name">{name}</span>
                  <span className="combobox-detail">{detail}</span>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
      <p className="visually-hidden" role="status">
        {live.open
          ? `候補が${live.results.length}件あります。上下の矢印キーで選び、Enterで決定します。`
          : announcement}
      </p>
      {live.refusal ? (
        <p className="field-hint lookup-refusal" role="status">
          {live.refusal.message}
        </p>
      ) : null}
      {children}
    </FieldFrame>
  );
}

/** A search's answer without JavaScript: a radio per match and a button that takes the chosen one. */
export function SearchChoices({
  id,
  legend,
  message,
  name,
  form,
  options,
  selectIntent,
  selectLabel,
}: {
  id: string;
  legend: string;
  message?: string | null;
  name: string;
  form?: string;
  options: readonly (SuggestOption & { value: string })[];
  selectIntent: string;
  selectLabel: string;
}) {
  return (
    <fieldset className="suggestions" id={id} tabIndex={-1}>
      <legend className="field-label">{legend}</legend>
      {message ? <p role="status">{message}</p> : null}
      {options.length > 0 ? (
        <>
          <div className="choices">
            {options.map((option) => (
              <label key={option.key} className="choice suggestion-choice">
                <input type="radio" form={form} name={name} value={option.value} />
                <span>
                  <span className="combobox-name">{option.name}</span>
                  <span className="combobox-detail">{option.detail}</span>
                </span>
              </label>
            ))}
          </div>
          <SubmitButton form={form} intent={selectIntent} variant="secondary">
            {selectLabel}
          </SubmitButton>
        </>
      ) : null}
    </fieldset>
  );
}
