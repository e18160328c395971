// The frame of the legal and policy pages of §2 (/terms, /policy/privacy, /policy/security,
// /legal/sct): a title, the notice that the text is a template for the operator to replace, numbered
// articles and the date of enactment. The texts themselves live in their routes.

import type { ReactNode } from "react";

/** Every legal text shipped with the product is a draft: the operator must replace it. */
export const TEMPLATE_NOTICE = "この文書はひな形です。運営者が正式な内容に差し替えてください。";

export function TemplateNotice() {
  return (
    <div className="template-notice" role="note" aria-label="ひな形のお知らせ">
      <p>{TEMPLATE_NOTICE}</p>
    </div>
  );
}

export function LegalDocument({
  title,
  lead,
  enacted = "○○○○年○月○日",
  children,
}: {
  title: string;
  lead?: ReactNode;
  /** The date the operator puts the text in force (a placeholder in the template). */
  enacted?: string;
  children: ReactNode;
}) {
  return (
    <article className="legal-document" aria-labelledby="legal-title">
      <h1 id="legal-title">{title}</h1>
      <TemplateNotice />
      {lead ? <div className="legal-lead">{lead}</div> : null}
      {children}
      <p className="legal-enacted">制定日：{enacted}</p>
    </article>
  );
}

/** One article or section: "第1条（目的）" or "1. 取得する情報". */
export function LegalSection({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="legal-section">
      <h2>{heading}</h2>
      {children}
    </section>
  );
}

/** Paragraphs numbered 1, 2, 3 … (項). */
export function Clauses({ children }: { children: ReactNode }) {
  return <ol className="legal-clauses">{children}</ol>;
}

/** Items numbered (1), (2), (3) … (号). */
export function Items({ children }: { children: ReactNode }) {
  return <ol className="legal-items">{children}</ol>;
}

/** A placeholder the operator must fill in, marked so it stands out on the page. */
export function Blank({ children }: { children: ReactNode }) {
  return <span className="legal-blank">{children}</span>;
}
