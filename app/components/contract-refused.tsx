// Why no contract is offered (the contract page, an entry's detail), and what the owner can do about it.

import { Link } from "@remix-run/react";
import type { ContractRefusalView } from "~/domain/contract-refusal";
import { ContactDesk } from "./contact-desk";

export function ContractRefused({
  refusal,
  detailPath,
}: {
  refusal: ContractRefusalView;
  detailPath?: string;
}) {
  return (
    <div className="alert" role="alert">
      <p>{refusal.message}</p>
      {refusal.contact ? (
        <p>
          お問い合わせ窓口：
          <ContactDesk subject="ご契約について" />
        </p>
      ) : null}
      {refusal.action || detailPath ? (
        <ul className="link-list">
          {refusal.action ? (
            <li>
              <Link to={refusal.action.href}>{refusal.action.label}</Link>
            </li>
          ) : null}
          {detailPath ? (
            <li>
              <Link to={detailPath}>お申し込みの詳細を見る</Link>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
