// The operator's legal texts (decision 0019) as elements, and for the agreement the entry's tables.

import { Fragment, type ReactNode } from "react";
import { type LegalBlock, type LegalText, LINK_MARKUP, LINK_TARGET } from "~/legal/legal-text";

/** An e-mail address, or [words](target): the parser let only this site's paths and mailto: through. */
const LINK = new RegExp(`([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}|${LINK_MARKUP.source})`);

/** A line of text; its e-mail addresses and [words](target) are links. */
function Inline({ text }: { text: string }) {
  // The split's capture groups: the whole link, then the markup's words and target (absent for an address).
  const parts = text.split(LINK);
  const nodes: ReactNode[] = [];
  for (let index = 0; index < parts.length; index += 4) {
    nodes.push(<Fragment key={index}>{parts[index]}</Fragment>);
    const [whole, words, target] = parts.slice(index + 1, index + 4);
    if (whole === undefined) continue;
    if (words === undefined) {
      nodes.push(
        <a key={index + 1} href={`mailto:${whole}`}>
          {whole}
        </a>,
      );
    } else if (target !== undefined && LINK_TARGET.test(target)) {
      nodes.push(
        <a key={index + 1} href={target}>
          {words}
        </a>,
      );
    } else {
      nodes.push(<Fragment key={index + 1}>{whole}</Fragment>);
    }
  }
  return <>{nodes}</>;
}

const LIST_CLASS = { clauses: "legal-clauses", items: "legal-items", bullets: "legal-bullets" } as const;

function Block({ block }: { block: LegalBlock }) {
  switch (block.type) {
    case "heading":
      return block.level === 2 ? <h2>{block.text}</h2> : <h3>{block.text}</h3>;
    case "paragraph":
      return (
        <p>
          <Inline text={block.text} />
        </p>
      );
    case "list": {
      const items = block.items.map((item, index) => (
        <li key={index}>
          <Inline text={item.text} />
          {item.items ? (
            <ol className="legal-items">
              {item.items.map((sub, subIndex) => (
                <li key={subIndex}>
                  <Inline text={sub} />
                </li>
              ))}
            </ol>
          ) : null}
        </li>
      ));
      return block.style === "bullets" ? (
        <ul className={LIST_CLASS.bullets}>{items}</ul>
      ) : (
        <ol className={LIST_CLASS[block.style]}>{items}</ol>
      );
    }
    case "table":
      return (
        <table className="legal-table">
          <tbody>
            {block.rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>
                  <Inline text={value} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      );
  }
}

/** The blocks before the first ## heading lead the page; each ## heading opens a section. */
function sectionsOf(blocks: readonly LegalBlock[]) {
  const lead: LegalBlock[] = [];
  const sections: { heading: string; blocks: LegalBlock[] }[] = [];
  for (const block of blocks) {
    if (block.type === "heading" && block.level === 2) sections.push({ heading: block.text, blocks: [] });
    else (sections.at(-1)?.blocks ?? lead).push(block);
  }
  return { lead, sections };
}

export function LegalDocument({
  text,
  enacted,
  children,
}: {
  text: LegalText;
  /** A date the page knows better than its file (the agreement: the day it was agreed). */
  enacted?: string;
  /** What the page adds after the text (the agreement's tables of the entry). */
  children?: ReactNode;
}) {
  const { lead, sections } = sectionsOf(text.blocks);
  return (
    <article className="legal-document" aria-labelledby="legal-title">
      <h1 id="legal-title">{text.title}</h1>
      {lead.length > 0 ? (
        <div className="legal-lead">
          {lead.map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </div>
      ) : null}
      {sections.map((section, index) => (
        <LegalSection key={index} heading={section.heading}>
          {section.blocks.map((block, blockIndex) => (
            <Block key={blockIndex} block={block} />
          ))}
        </LegalSection>
      ))}
      {children}
      {enacted ? <p className="legal-enacted">締結日：{enacted}</p> : null}
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
