import type { CorporateDivision, IdentityDocumentType, Sector } from "./enumerations";

export const CORPORATE_DIVISION_LABELS: Record<CorporateDivision, string> = {
  none: "未選択",
  corporate: "法人",
  individual: "個人事業主",
};

export const IDENTITY_DOCUMENT_TYPE_LABELS: Record<IdentityDocumentType, string> = {
  drivingLicence: "運転免許証",
  passport: "パスポート",
  individualNumber: "マイナンバーカード（個人番号カード）",
  other: "その他の本人確認書類",
};

export const SECTOR_LABELS: Record<Sector, string> = {
  unknown: "選択してください",
  construction: "建設業",
  manufacturing: "製造業",
  information_and_communications: "情報通信業",
  services: "サービス業",
  transportation: "運輸業",
  wholesale_and_retail_trade: "卸売業・小売業",
  finance_and_insurance: "金融業・保険業",
  real_estate: "不動産業",
  goods_rental_and_leasing: "物品賃貸業",
  agriculture_forestry_fishery: "農業・林業・漁業",
  mining_and_quarrying_of_stone_and_gravel: "鉱業・採石業・砂利採取業",
  textiles_apparels_and_chemical_allied_products: "繊維・衣料・化学関連製品",
  iron_and_steel: "鉄鋼業",
  electricity_gas_heat_supply_and_water: "電気・ガス・熱供給・水道業",
  other: "その他",
};
