// §9 content tag id as a meta tag, not a script (ARCHITECTURE §10: no brand ships JavaScript).

import type { Brand } from "./brands";

export function BrandHeadTags({ brand }: { brand: Brand }) {
  if (brand.contentTagId == null) return null;
  return <meta name="content-tag-id" content={String(brand.contentTagId)} />;
}
