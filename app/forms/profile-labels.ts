// The profile form's labels, written once: the field and the error summary say the same words.

import { BANK_ACCOUNT_FIELD_LABELS } from "~/domain/bank-account";
import { businessWords } from "~/domain/business-types";

export const PROFILE_FIELD_LABELS: Record<string, string> = {
  identity_document_type: "アップロードした本人確認書類の種類",
  corporate_division: "事業形態",
  company_name: "会社名・屋号",
  last_name: "代表者氏名（姓）",
  first_name: "代表者氏名（名）",
  office_zipcode: "事業所の郵便番号",
  office_prefecture: "事業所の都道府県",
  office_city: "事業所の市区町村",
  office_building_number: "事業所の番地・建物名",
  office_phone: "事業所の電話番号",
  owner_zipcode: "代表者ご自宅の郵便番号",
  owner_prefecture: "代表者ご自宅の都道府県",
  owner_city: "代表者ご自宅の市区町村",
  owner_building_number: "代表者ご自宅の番地・建物名",
  owner_phone: "代表者ご自宅の電話番号",
  sector: "業種",
  business_summary: "事業内容",
  ...BANK_ACCOUNT_FIELD_LABELS,
};

export const PROFILE_FORM_FIELDS = Object.keys(PROFILE_FIELD_LABELS);

/** The labels for a business type: a sole proprietor's name and home are the 事業主's, the name a 屋号. */
export function profileFieldLabels(division: unknown): Record<string, string> {
  const words = businessWords(division);
  return Object.fromEntries(
    Object.entries(PROFILE_FIELD_LABELS).map(([name, label]) => [
      name,
      name === "company_name" ? words.businessName : label.replace("代表者", words.owner),
    ]),
  );
}
