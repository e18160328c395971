// The one submit button of the form family. It stands alone (no form scope), so a page whose only
// form is a button carries nothing else.

import { useNavigation } from "@remix-run/react";
import type { MouseEventHandler, ReactNode } from "react";

/**
 * The one submit button. With JavaScript it says it is working while its post is on the way, and
 * every submit button waits meanwhile, so a double press sends one request. Without JavaScript it is
 * an ordinary submit button. `intent` names which button was pressed (posted as `intent`).
 */
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
  /**
   * Where the post goes when not the form's action: e.g. `#anchor`, so that without JavaScript the
   * page comes back scrolled to the part the button belongs to.
   */
  formAction?: string;
  /**
   * With JavaScript, a button may do its job without the post (e.g. a look-up by fetch): the handler
   * calls preventDefault. Without JavaScript the post does the same job.
   */
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
