// The brand's contact, given wherever a screen says 「お問い合わせ」: its desk and its e-mail address.

import { useBrand } from "./site-chrome";

/** 「{desk}（{address}）」, the address a mail link; a sentence around it says what to ask. */
export function ContactDesk({
  subject,
}: {
  /** The mail's subject, when the page knows the matter. */ subject?: string;
}) {
  const brand = useBrand();
  const href = `mailto:${brand.supportEmail}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;
  return (
    <span className="contact-desk">
      {brand.contactDesk}（<a href={href}>{brand.supportEmail}</a>）
    </span>
  );
}
