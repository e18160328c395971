import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BRANDS, DEFAULT_BRAND, WHITE_LABEL_BRAND } from "~/brand/brands";
import { BrandHeadTags } from "~/brand/head-tags";
import { BrandLogo } from "~/brand/logos";

describe("BrandHeadTags", () => {
  it("§9: the white-label brand publishes its content tag id 15 as a meta tag, no script", () => {
    const html = renderToStaticMarkup(createElement(BrandHeadTags, { brand: WHITE_LABEL_BRAND }));
    expect(html).toBe('<meta name="content-tag-id" content="15"/>');
  });

  it("the own brand renders nothing", () => {
    expect(renderToStaticMarkup(createElement(BrandHeadTags, { brand: DEFAULT_BRAND }))).toBe("");
  });
});

describe("BrandLogo", () => {
  it.each(BRANDS.map((brand) => [brand.id, brand] as const))(
    "%s: an inline SVG named after the service, with no style attribute (CSP) and no external file",
    (_id, brand) => {
      const html = renderToStaticMarkup(createElement(BrandLogo, { brand }));
      expect(html).toMatch(/^<svg role="img" aria-label="[^"]+"/);
      expect(html).toContain(`aria-label="${brand.serviceName}"`);
      expect(html).toContain(brand.shortName);
      expect(html).not.toContain("style=");
      expect(html).not.toMatch(/href=|<image|<script/);
    },
  );

  it("an unknown brand still shows its name", () => {
    const html = renderToStaticMarkup(
      createElement(BrandLogo, { brand: { ...DEFAULT_BRAND, id: "other", shortName: "ほか" } }),
    );
    expect(html).toContain("ほか");
  });
});
