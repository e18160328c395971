import type { ReactNode } from "react";

/** What the operator found inadequate, in their words and line breaks; `children` says what to do. */
export function InadequateReason({
  reason,
  testId,
  children,
}: {
  reason: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div className="alert" data-testid={testId}>
      <p className="alert-title">不備の内容</p>
      <p className="preserve-lines">{reason}</p>
      {children}
    </div>
  );
}
