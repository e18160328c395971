// §4 "may create a new entry", as My page and the pre-entry result both say it: the way in, or why not.

import { Link } from "@remix-run/react";
import { ContactDesk } from "./contact-desk";

export interface NewEntryPanelView {
  allowed: boolean;
  href: string;
  reasons: string[];
}

export function NewEntryPanel({ newEntry }: { newEntry: NewEntryPanelView }) {
  if (newEntry.allowed) {
    return (
      <div className="new-entry new-entry-allowed">
        <p>新しいお申し込みができます。請求書（最大5件）をご用意ください。</p>
        <p>
          <Link to={newEntry.href} className="button button-primary">
            新しく申し込む
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="new-entry new-entry-blocked">
      <p className="new-entry-title">現在、新しいお申し込みはできません。</p>
      <ul className="new-entry-reasons" aria-label="お申し込みできない理由">
        {newEntry.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <p>
        ご不明な点は
        <ContactDesk />
        までお問い合わせください。
      </p>
    </div>
  );
}
