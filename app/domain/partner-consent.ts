// 個人情報保護法 第27条: a white label's partner bank is told of a member only with consent naming recipient,
// data and purpose. /register asks it in these words, the privacy policy's joint use (its article 3) says them, the upstream records it.

export interface PartnerConsentTerms {
  recipient: string;
  data: string;
  purpose: string;
  label: string;
}

/** What the member agrees to, in the words the registration page and the privacy policy both use. */
export function partnerConsentTerms(partnerName: string): PartnerConsentTerms {
  return {
    recipient: partnerName,
    data: "会社名、代表者の氏名、ご登録のメールアドレスと電話番号、お申込みの有無と状況（審査の結果、ご契約、買取代金のお支払いとご返金の状況）",
    purpose: `${partnerName}が、本サービスの提携先として、お客さまからのご相談にお応えし、同社のお取引とあわせたご案内をするため`,
    label: `上記の情報を${partnerName}に提供することに同意します`,
  };
}

export const PartnerConsentMessage = {
  required:
    "提携先への情報の提供に同意いただけない場合、このサービスにはご登録いただけません。同意する場合はチェックを入れてください。",
} as const;
