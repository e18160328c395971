// The page the server answers where Remix is not asked: the same words and request id, without React.

import type { Brand } from "~/brand/brands";

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** The brand's contact goes with the request id, as the error screen gives it (app/components/contact-desk.tsx). */
export function plainPage(title: string, message: string, requestId: string, brand: Brand): string {
  return `<!DOCTYPE html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title></head>
<body><main><h1>${escape(title)}</h1>
<p>${escape(message)}</p>
<p>お問い合わせ番号: ${escape(requestId)}</p>
<p>解決しない場合は、この番号を添えて${escape(brand.contactDesk)}（<a href="mailto:${escape(brand.supportEmail)}">${escape(brand.supportEmail)}</a>）までお問い合わせください。</p>
<p><a href="/">トップページへ戻る</a></p></main></body></html>`;
}
