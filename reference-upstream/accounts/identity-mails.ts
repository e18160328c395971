// The mail a user gets when the operator confirms their identity documents: from then on they may
// apply (§4 "Account step is done when … identity confirmed or confirming, and not expired").

import { formatJapaneseDate } from "../../app/domain/japan-date";
import type { UpstreamConfig } from "../config";
import type { Db } from "../db/database";
import { sendMail } from "../outbox";
import { findUserById } from "../users";
import { appBaseUrlFor, brandOf, serviceOf } from "./brand-links";

export function sendIdentityConfirmedMail(db: Db, config: UpstreamConfig, userId: number, now: Date): void {
  const user = findUserById(db, userId);
  if (!user) return;
  const service = serviceOf(config, user.service_id);
  const serviceName = service.service_name;
  const link = `${appBaseUrlFor(config, user.service_id)}/mypage`;
  const validUntil = user.identity_valid_date
    ? [`本人確認書類の有効期限：${formatJapaneseDate(user.identity_valid_date)}`, ""]
    : [];
  sendMail(
    db,
    brandOf(config, user.service_id),
    {
      kind: "identity_confirmed",
      to: user.email,
      subject: `【${serviceName}】本人確認が完了しました`,
      body: [
        "ご提出いただいた本人確認書類を確認しました。",
        "お申し込みの手続きにお進みいただけます。",
        "",
        ...validUntil,
        "マイページ：",
        link,
      ].join("\n"),
      link,
    },
    now,
  );
}
