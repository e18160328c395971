// What a brand adds to the document's <head>. §9: the white-label product's analytics content tag id
// is 15; it is published as a meta tag (no script: ARCHITECTURE §10, no brand ships
// JavaScript), so a tag manager configured by the operator can read it. The own brand has none.

import type { Brand } from "./brands";

export function BrandHeadTags({ brand }: { brand: Brand }) {
  if (brand.contentTagId == null) return null;
  return <meta name="content-tag-id" content={String(brand.contentTagId)} />;
}
