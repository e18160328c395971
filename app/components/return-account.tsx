// The operator's account an owner sends a return to, the one way every page shows it: a box with its own
// heading naming whose account it is, so it is never read as the owner's payout account beside it.

import type { ReactNode } from "react";
import { type AccountLine, returnAccountHeading } from "~/domain/account-lines";

export interface ReturnAccountView {
  operatorName: string;
  /** returnAccountLines of the brand's account. */
  lines: AccountLine[];
}

/** Each part on its own line; a name is never broken inside (return-account in app.css). */
export function ReturnAccount({
  account,
  level,
  children,
}: {
  account: ReturnAccountView;
  /** The heading's level where the box stands: 2 as a section of its own, 3 inside one. */
  level: 2 | 3;
  /** What the page asks of the owner about it (when to send). */
  children?: ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section className="return-account" aria-labelledby="return-account-title">
      <Heading id="return-account-title" className="return-account-title">
        {returnAccountHeading(account.operatorName)}
      </Heading>
      <dl className="summary-list">
        {account.lines.map((line) => (
          <div key={line.part}>
            <dt>{line.label}</dt>
            <dd className={`account-${line.part}`}>{line.value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
