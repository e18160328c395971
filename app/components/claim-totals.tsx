// The claims' totals beside the desired amount: rendered on the server from the fields' starting
// values, so they are there without JavaScript; with it they follow what is typed.

import { useEffect, useState } from "react";
import { InvoiceStepMessage, claimTotals, isDesiredAboveDeposits } from "~/domain/invoice-step";
import { formatYen } from "~/domain/yen";
import { useStartingValues } from "./form/scope";

export const CLAIM_TOTALS_ID = "claim-totals";

const DESIRED = "purchase_amount_desired";
const amountName = (index: number) => `claims[${index}].amount`;
const depositName = (index: number) => `claims[${index}].scheduled_deposit_amount_from_obliger`;

interface Amounts {
  desired: string;
  claims: { amount: string; scheduled_deposit_amount_from_obliger: string }[];
}

/** The amounts as the form's controls hold them now (claims' inputs belong to it by `form`). */
function readAmounts(form: HTMLFormElement, count: number): Amounts {
  const value = (name: string) => {
    const control = form.elements.namedItem(name);
    return control instanceof HTMLInputElement ? control.value : "";
  };
  return {
    desired: value(DESIRED),
    claims: Array.from({ length: count }, (_, index) => ({
      amount: value(amountName(index)),
      scheduled_deposit_amount_from_obliger: value(depositName(index)),
    })),
  };
}

export function ClaimTotals({ formId, values }: { formId: string; values: Amounts }) {
  const count = values.claims.length;
  const starting = useStartingValues([
    [DESIRED, values.desired],
    ...values.claims.flatMap(
      (claim, index) =>
        [
          [amountName(index), claim.amount],
          [depositName(index), claim.scheduled_deposit_amount_from_obliger],
        ] as const,
    ),
  ]);
  const [live, setLive] = useState<Amounts | null>(null);
  useEffect(() => {
    const follow = (event: Event) => {
      const form = document.getElementById(formId);
      const target = event.target;
      if (!(form instanceof HTMLFormElement) || !(target instanceof HTMLInputElement)) return;
      if (target.form === form) setLive(readAmounts(form, count));
    };
    document.addEventListener("input", follow);
    return () => document.removeEventListener("input", follow);
  }, [formId, count]);

  const amounts: Amounts = live ?? {
    desired: starting[0] ?? "",
    claims: values.claims.map((_, index) => ({
      amount: starting[1 + index * 2] ?? "",
      scheduled_deposit_amount_from_obliger: starting[2 + index * 2] ?? "",
    })),
  };
  const totals = claimTotals(amounts.claims);
  const above = isDesiredAboveDeposits(amounts.desired, totals);
  return (
    <div id={CLAIM_TOTALS_ID} className="claim-totals" role="status">
      <p className="claim-totals-title">請求書{count}件の合計</p>
      <dl className="claim-totals-figures">
        <div>
          <dt>請求書額面（税込）</dt>
          <dd>{formatYen(totals.amount)}</dd>
        </div>
        <div>
          <dt>売掛先からの銀行振込金額</dt>
          <dd>{formatYen(totals.deposit)}</dd>
        </div>
      </dl>
      {totals.incomplete ? (
        <p className="field-hint">金額が未入力、または金額として読み取れない請求書は合計に含めていません。</p>
      ) : null}
      {above ? (
        <p className="claim-totals-note">
          {InvoiceStepMessage.desiredAboveDeposits(formatYen(totals.deposit))}
        </p>
      ) : null}
    </div>
  );
}
