// What an entry's pages show as term and value (the detail, the contract, the agreement): one fact,
// a claim's money on offer, the totals. One markup, so the figures read the same wherever they appear.

import type { ClaimFiguresText, FigureTotalsText } from "~/domain/purchase-figures";

/** One term and its value; `note` is what the value asks the reader to mind (a bank holiday…). */
export function Fact({ term, value, note }: { term: string; value: string; note?: string | null }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>
        {value || "—"}
        {note ? <span className="fact-note">{note}</span> : null}
      </dd>
    </div>
  );
}

/** What the review offers for one claim: the price, what comes off it, what the user receives. */
export function ClaimFiguresList({ number, figures }: { number: number; figures: ClaimFiguresText }) {
  return (
    <div role="group" aria-label={`請求書${number}の買取条件`} className="claim-figures">
      <dl className="summary-list">
        <Fact term="買取対象額" value={figures.principal} />
        <Fact term="掛目" value={figures.ratio} />
        <Fact term="買取額" value={figures.purchaseAmount} />
        <Fact
          term="手数料"
          value={figures.feeRatio ? `${figures.fee}（${figures.feeRatio}）` : figures.fee}
        />
        <Fact term="振込手数料" value={figures.bankCharge} />
        <Fact term="お受け取り額" value={figures.received} />
        <Fact term="手数料の年率換算" value={figures.annualRate} />
      </dl>
    </div>
  );
}

/** The sums over the priced claims, and how the amount received and the annual rate are reached. */
export function FigureTotals({ totals, heading }: { totals: FigureTotalsText; heading: string }) {
  return (
    <section className="my-page-section" aria-labelledby="totals-title">
      <h2 id="totals-title">{heading}</h2>
      <dl className="summary-list" data-testid="figure-totals">
        <Fact term="買取額" value={totals.purchaseAmount} />
        <Fact term="手数料" value={totals.fee} />
        <Fact term="振込手数料" value={totals.bankCharge} />
        <Fact term="お受け取り額" value={totals.received} />
      </dl>
      <p className="field-hint">
        お受け取り額は、買取額から手数料と振込手数料を差し引いた金額です。請求書ごとの「手数料の年率換算」は、手数料
        ÷ お受け取り額 × 365 ÷
        入金予定日までの日数（ご契約前は今日から、ご契約後はご契約日から数えるため、ご契約後は変わりません）で、銀行の借入金利と比べる目安です。
      </p>
    </section>
  );
}
