// What an entry's pages show as term and value (the detail, the contract, the agreement): one fact,
// a claim's money on offer, the totals. One markup, so the figures read the same wherever they appear.

import { type ClaimFiguresText, FIGURE_LABELS, type FigureTotalsText } from "~/domain/purchase-figures";

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

const L = FIGURE_LABELS;

/** How the cost is made, in the words of the figures above it. */
const costNote = (figures: { marginPart: string; fee: string; bankCharge: string }) =>
  `${L.repayment} − ${L.received}（${L.marginPart} ${figures.marginPart}・${L.fee} ${figures.fee}・${L.bankCharge} ${figures.bankCharge}）`;

/** What the review offers for one claim: the price, what comes off it, what is returned, the cost. */
export function ClaimFiguresList({ number, figures }: { number: number; figures: ClaimFiguresText }) {
  return (
    <div role="group" aria-label={`請求書${number}の買取条件`} className="claim-figures">
      <dl className="summary-list">
        <Fact
          term={L.repayment}
          value={figures.repayment}
          note="売掛先からの入金額。返金期日までに全額をご返金いただきます。"
        />
        <Fact term="掛目" value={figures.ratio} />
        <Fact term={L.purchaseAmount} value={figures.purchaseAmount} note={`${L.repayment} × 掛目`} />
        <Fact term={L.fee} value={figures.feeRatio ? `${figures.fee}（${figures.feeRatio}）` : figures.fee} />
        <Fact term={L.bankCharge} value={figures.bankCharge} />
        <Fact
          term={L.received}
          value={figures.received}
          note={`${L.purchaseAmount} − ${L.fee} − ${L.bankCharge}`}
        />
        <Fact term={L.cost} value={figures.cost} note={costNote(figures)} />
        <Fact
          term={L.annualRate}
          value={figures.annualRate}
          note={figures.days ? `お振込日から返金期日までの${figures.days}で計算` : null}
        />
      </dl>
    </div>
  );
}

/**
 * The sums over the priced claims, and how the amount received, the cost and the annual rate are reached;
 * `scope` says which claims they hold when some are left out (figureTotalsScope).
 */
export function FigureTotals({
  totals,
  heading,
  scope,
}: {
  totals: FigureTotalsText;
  heading: string;
  scope?: string | null;
}) {
  return (
    <section className="my-page-section" aria-labelledby="totals-title">
      <h2 id="totals-title">{heading}</h2>
      {scope ? (
        <p className="notice" data-testid="figure-totals-scope">
          {scope}
        </p>
      ) : null}
      <dl className="summary-list" data-testid="figure-totals">
        <Fact term={L.purchaseAmount} value={totals.purchaseAmount} />
        <Fact term={L.fee} value={totals.fee} />
        <Fact term={L.bankCharge} value={totals.bankCharge} />
        <Fact term={L.received} value={totals.received} />
        <Fact term={L.repayment} value={totals.repayment} />
        <Fact term={L.cost} value={totals.cost} note={costNote(totals)} />
      </dl>
      <p className="field-hint">
        お受け取り額は、買取額から手数料と振込手数料を差し引いた金額です。返金額は売掛先から入金される金額で、その全額を返金期日までにご返金いただきます。買取額は返金額に掛目を掛けた金額のため、ご負担額（返金額
        − お受け取り額）には、手数料と振込手数料のほか掛目による差額が含まれます。請求書ごとの「{L.annualRate}
        」は、ご負担額 ÷ お受け取り額 × 365 ÷
        お振込日から返金期日までの日数で、銀行の借入金利と比べる目安です。
      </p>
    </section>
  );
}
