import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LegalDocument } from "~/components/legal-document";

const render = (line: string) =>
  renderToStaticMarkup(
    createElement(LegalDocument, { text: { title: "表記", blocks: [{ type: "paragraph", text: line }] } }),
  );

describe("a legal text's links: this site's paths, mailto: and e-mail addresses, nothing else", () => {
  it("a path, a mailto: link and a bare address become links; text around them stays", () => {
    expect(
      render("詳しくは[利用規約](/terms)、[窓口](mailto:support@example.jp)またはinfo@example.jpまで。"),
    ).toContain(
      '<p>詳しくは<a href="/terms">利用規約</a>、<a href="mailto:support@example.jp">窓口</a>または<a href="mailto:info@example.jp">info@example.jp</a>まで。</p>',
    );
  });

  it("a target that could leave the site is never a link (the parser refuses it first; this holds if it did not)", () => {
    for (const target of ["//evil.example", "/\\evil.example", "///evil.example", "https://evil.example"]) {
      const html = render(`[x](${target})`);
      expect(html, target).not.toContain("<a ");
      expect(html, target).toContain(`[x](${target})`);
    }
  });
});
