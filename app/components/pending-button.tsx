// A submit button for a plain Remix <Form> (one without fields to validate): it shows a pending text
// while the POST is on its way when JavaScript is on, so a second press does not send it again.
// Without JavaScript it is an ordinary submit button.

import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

export function PendingSubmitButton({
  children,
  pendingText,
  name,
  value,
  className = "button button-primary",
  describedBy,
}: {
  children: ReactNode;
  pendingText: string;
  name?: string;
  value?: string;
  className?: string;
  /** The id of a hint that explains what pressing the button does. */
  describedBy?: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  return (
    <button
      type="submit"
      className={className}
      name={name}
      value={value}
      disabled={submitting}
      aria-disabled={submitting}
      aria-describedby={describedBy}
    >
      {submitting ? pendingText : children}
    </button>
  );
}
