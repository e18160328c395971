// An amount of yen grouped as typed with JavaScript; the server accepts commas, 円 and full-width
// digits either way (parseYen), so this only helps reading.

import type { ComponentProps, FocusEvent, FormEvent } from "react";
import { AMOUNT_TYPED_MAX_LENGTH, formatYenOnLeave, regroupYenAsTyped } from "~/domain/money";
import { TextField } from "./fields";

function regroup(event: FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  // An IME still composing owns the text; the field is tidied when it is left.
  if ((event.nativeEvent as InputEvent).isComposing) return;
  const next = regroupYenAsTyped(input.value, input.selectionStart ?? input.value.length);
  if (!next) return;
  input.value = next.text;
  input.setSelectionRange(next.caret, next.caret);
}

function tidy(event: FocusEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const next = formatYenOnLeave(input.value);
  if (next !== input.value) {
    input.value = next;
    // Whatever sums the amounts (the claims' totals) hears of the change.
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

export function AmountField(
  props: Omit<ComponentProps<typeof TextField>, "type" | "inputMode" | "onInput" | "onBlur">,
) {
  return (
    <TextField
      maxLength={AMOUNT_TYPED_MAX_LENGTH}
      {...props}
      inputMode="numeric"
      onInput={regroup}
      onBlur={tidy}
    />
  );
}
