// The one submit button; it needs no form scope, so a page whose only form is a button carries nothing else.

import { useNavigation } from "@remix-run/react";
import type { MouseEventHandler, ReactNode } from "react";

/** With JavaScript every submit button waits while a post is on the way, so a double press sends one. */
export function SubmitButton({
  children,
  pendingText,
  intent,
  form,
  variant = "primary",
  hidden = false,
  describedBy: hintId,
  className: extraClass,
  formAction,
  onClick,
}: {
  children: ReactNode;
  /** What the button says while its post is on the way (its own label when not given). */
  pendingText?: string;
  intent?: string;
  /** The form to submit when the button stands outside it (the `form` attribute). */
  form?: string;
  variant?: "primary" | "secondary" | "danger" | "link";
  /** The form's default button (Enter in a field): present for the browser, not shown. */
  hidden?: boolean;
  /** The id of a hint that explains what pressing the button does. */
  describedBy?: string;
  /** Layout beside the variant's look (e.g. where it sits in a row). */
  className?: string;
  /** E.g. `#anchor`: without JavaScript the page comes back scrolled to the button's part. */
  formAction?: string;
  /** May do the job without the post (preventDefault); without JavaScript the post does it. */
  onClick?: MouseEventHandler<HTMLButtonElement>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const mine = busy && !hidden && (intent === undefined || navigation.formData?.get("intent") === intent);
  const look = hidden ? "visually-hidden" : variant === "link" ? "link-button" : `button button-${variant}`;
  return (
    <button
      type="submit"
      form={form}
      name={intent && "intent"}
      value={intent}
      className={extraClass ? `${look} ${extraClass}` : look}
      disabled={busy}
      aria-describedby={hintId}
      formAction={formAction}
      onClick={onClick}
      tabIndex={hidden ? -1 : undefined}
      aria-hidden={hidden || undefined}
    >
      {mine && pendingText ? pendingText : children}
    </button>
  );
}
