// The postcode with its 「住所を検索」 (decisions 0012, 0023): the page's post without JavaScript, the
// resource route /profile/postcode with it; the data stays on the server.

import { useActionData, useFetcher } from "@remix-run/react";
import { type MouseEvent, useEffect, useRef, useState } from "react";
import { normalizeZipcode } from "~/domain/contact-formats";
import { constraintsOf } from "~/domain/form-fields";
import { PROFILE_FIELDS } from "~/domain/profile-form";
import { type LookupRefusal, isLookupRefusal } from "~/domain/lookup-limit";
import {
  type AddressFieldValues,
  type AddressOwner,
  type FillMode,
  POSTCODE_LOOKUP_PATH,
  type PostcodeAnswer,
  addressFieldNames,
  postcodeFill,
  postcodeIntent,
  postcodeNoteFor,
} from "~/domain/postcode-address";
import { FieldHint, FieldMessage, RequirementMark, describedBy, useLabelledControl } from "./form/fields";
import { useField } from "./form/scope";
import { SubmitButton } from "./form/submit-button";
import { useHydrated } from "./use-hydrated";

/** The id of an address group's fieldset: without JavaScript the page comes back scrolled to it. */
export const addressGroupId = (who: AddressOwner) => `${who}-address`;

type AddressControl = HTMLInputElement | HTMLSelectElement;

function controlOf(id: string): AddressControl | null {
  const element = document.getElementById(id);
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element : null;
}

/** Look-ups from the resource route, and what they filled (so a later one may replace only that). */
function usePostcodeLookup(who: AddressOwner) {
  const names = addressFieldNames(who);
  const fetcher = useFetcher<PostcodeAnswer | LookupRefusal>();
  // The mode of the look-up on the way: the answer is applied once, in that mode.
  const pending = useRef<FillMode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState<string | null>(null);
  // Filling a field takes away its message from the last save, as typing into it would.
  const fields = {
    prefecture: useField(names.prefecture),
    city: useField(names.city),
    building_number: useField(names.building_number),
  };
  const zipcodeId = useField(names.zipcode).id;
  const lookupFills = useField(names.lookupFills);
  // Kept here with JavaScript: React sets a hidden input back to its default at each render.
  const fillsSoFar = useRef(lookupFills.defaultValue);

  useEffect(() => {
    const answer = fetcher.data;
    const mode = pending.current;
    if (fetcher.state !== "idle" || !answer || !mode) return;
    pending.current = null;
    if (isLookupRefusal(answer)) {
      // Not the postcode's fault: said in the note, not as an error of the field.
      setError(null);
      setAnnouncement(answer.message);
      return;
    }
    if (!answer.found) {
      setError(answer.message);
      setAnnouncement(null);
      return;
    }
    const controls = {
      prefecture: controlOf(fields.prefecture.id),
      city: controlOf(fields.city.id),
      building_number: controlOf(fields.building_number.id),
    };
    const current = {
      prefecture: controls.prefecture?.value ?? "",
      city: controls.city?.value ?? "",
      building_number: controls.building_number?.value ?? "",
    };
    const fill = postcodeFill(answer.address, current, mode, fillsSoFar.current);
    for (const [field, value] of Object.entries(fill.values) as [keyof AddressFieldValues, string][]) {
      const control = controls[field];
      if (!control) continue;
      control.value = value;
      fields[field].onInput();
    }
    const zipcodeControl = controlOf(zipcodeId);
    if (fill.zipcode && zipcodeControl) zipcodeControl.value = fill.zipcode;
    fillsSoFar.current = fill.lookupFills;
    setError(null);
    setAnnouncement(fill.announcement);
    // Only a new answer is applied; the fields' handlers change with every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, fetcher.state]);

  const lookUp = (typed: string, mode: FillMode) => {
    pending.current = mode;
    fetcher.load(`${POSTCODE_LOOKUP_PATH}?${new URLSearchParams({ zipcode: typed })}`);
  };
  const edited = () => {
    setError(null);
    setAnnouncement(null);
  };
  return { lookUp, edited, error, announcement, lookupFills };
}

export function PostcodeField({ who }: { who: AddressOwner }) {
  const names = addressFieldNames(who);
  const hydrated = useHydrated();
  const hint = `7桁の数字（例: 100-0005）。「住所を検索」を押すと、都道府県・市区町村と、番地・建物名が空欄なら町名を入力します${
    hydrated ? "（7桁目を入力したときは、空いている欄だけに入力します）" : ""
  }。`;
  const { frame, control } = useLabelledControl({ name: names.zipcode, required: true, hint }, undefined);
  const lookup = usePostcodeLookup(who);
  // Without JavaScript the action's answer says what the button filled.
  const answered = postcodeNoteFor(useActionData(), who);
  const note = lookup.announcement ?? answered;
  // The last postcode looked up as typed: typing on after the 7th digit asks nothing more.
  const lastTyped = useRef<string | null>(null);
  const error = lookup.error ?? frame.error;
  const { id } = frame;

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    const input = controlOf(id);
    lookup.lookUp(input?.value ?? "", "asked");
  };

  return (
    <div className={error ? "field field-has-error" : "field"}>
      <label htmlFor={id} className="field-label">
        {frame.label} <RequirementMark required />
      </label>
      <FieldHint id={id} hint={hint} />
      {/* A message from a look-up with JavaScript arrives without a page load: it is announced. */}
      <FieldMessage id={id} error={error} alert={Boolean(lookup.error)} />
      <div className="postcode-row">
        <input
          {...control}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${id}-hint`, error ? `${id}-error` : null)}
          type="text"
          {...constraintsOf(PROFILE_FIELDS[names.zipcode])}
          className="field-input postcode-input"
          onChange={(event) => {
            lookup.edited();
            const zipcode = normalizeZipcode(event.target.value);
            if (zipcode && zipcode !== lastTyped.current) lookup.lookUp(zipcode, "typed");
            lastTyped.current = zipcode;
          }}
        />
        <SubmitButton
          form={control.form}
          intent={postcodeIntent(who)}
          variant="secondary"
          className="postcode-button"
          describedBy={`${id}-hint`}
          formAction={`#${addressGroupId(who)}`}
          onClick={hydrated ? onClick : undefined}
        >
          住所を検索
        </SubmitButton>
      </div>
      {/* Without JavaScript the next look-up reads what this one filled from the post. */}
      <input
        type="hidden"
        name={names.lookupFills}
        form={control.form}
        defaultValue={lookup.lookupFills.defaultValue}
      />
      <p className="postcode-note" role="status">
        {note}
      </p>
    </div>
  );
}
