// Postcode → prefecture and city, the pure half (decision 0012); the data stays on the server.

import { formatZipcode, normalizeZipcode } from "./contact-formats";
import { type Prefecture, isPrefecture } from "./prefectures";

export type AddressOwner = "office" | "owner";

export const POSTCODE_LOOKUP_PATH = "/profile/postcode";
const INTENT_PREFIX = "lookup_postcode:";

export const postcodeIntent = (who: AddressOwner) => `${INTENT_PREFIX}${who}`;

export function parsePostcodeIntent(intent: unknown): AddressOwner | null {
  if (typeof intent !== "string" || !intent.startsWith(INTENT_PREFIX)) return null;
  const who = intent.slice(INTENT_PREFIX.length);
  return who === "office" || who === "owner" ? who : null;
}

export const PostcodeMessage = {
  empty: "郵便番号を入力してから「住所を検索」を押してください（例: 100-0005）。",
  format: "郵便番号は7桁の数字で入力してください（例: 100-0005）。",
  notFound:
    "この郵便番号の住所が見つかりません。郵便番号をご確認いただくか、都道府県と市区町村を直接入力してください。",
  unavailable: "住所を検索できませんでした。時間をおいてもう一度お試しいただくか、直接入力してください。",
} as const;

export type PostcodeQuery = { ok: true; zipcode: string } | { ok: false; problem: PostcodeProblem };

export type PostcodeProblem = keyof typeof PostcodeMessage;

export function parsePostcodeQuery(typed: unknown): PostcodeQuery {
  const text = typeof typed === "string" ? typed.trim() : "";
  if (text === "" || text === "〒") return { ok: false, problem: "empty" };
  const zipcode = normalizeZipcode(text);
  return zipcode ? { ok: true, zipcode } : { ok: false, problem: "format" };
}

export interface PostcodePlace {
  prefecture: string;
  city: string;
  town: string;
}

export interface PostcodeAddress {
  zipcode: string;
  prefecture: Prefecture;
  city: string | null;
  town: string | null;
}

// Japan Post names some towns by a description (「甲、乙」, 「…の場合」): left for the person to type.
const NOT_A_PLACE_NAME = /[、～〜（）()「」]|場合|以下に掲載がない/;

const distinct = (values: string[]) => [...new Set(values)];

/** Prefecture and city only when every place agrees; the town only when there is one. */
export function toPostcodeAddress(zipcode: string, places: readonly PostcodePlace[]): PostcodeAddress | null {
  const prefectures = distinct(places.map((place) => place.prefecture));
  const prefecture = prefectures[0];
  if (prefectures.length !== 1 || prefecture === undefined || !isPrefecture(prefecture)) return null;
  const cities = distinct(places.map((place) => place.city));
  const city = cities.length === 1 && cities[0] ? cities[0] : null;
  const towns = distinct(places.map((place) => place.town));
  const town = city && towns.length === 1 && towns[0] && !NOT_A_PLACE_NAME.test(towns[0]) ? towns[0] : null;
  return { zipcode: formatZipcode(zipcode), prefecture, city, town };
}

export type PostcodeAnswer =
  { found: true; address: PostcodeAddress } | { found: false; problem: PostcodeProblem; message: string };

export const postcodeProblem = (problem: PostcodeProblem): PostcodeAnswer => ({
  found: false,
  problem,
  message: PostcodeMessage[problem],
});

export interface AddressFieldValues {
  prefecture: string;
  city: string;
  building_number: string;
}
export type AddressField = keyof AddressFieldValues;

/** `asked` (「住所を検索」) replaces prefecture and city; `typed` fills only empty or self-filled fields. */
export type FillMode = "asked" | "typed";

export interface AddressFill {
  values: Partial<AddressFieldValues>;
  kept: AddressField[];
}

/** The town fills 番地・建物名 only while empty or self-filled: that field holds the house number. */
export function addressFill(
  address: PostcodeAddress,
  current: AddressFieldValues,
  mode: FillMode,
  filledBefore: Partial<AddressFieldValues> = {},
): AddressFill {
  const found: Partial<AddressFieldValues> = { prefecture: address.prefecture };
  if (address.city) found.city = address.city;
  if (address.town) found.building_number = address.town;
  const values: Partial<AddressFieldValues> = {};
  const kept: AddressField[] = [];
  for (const field of Object.keys(found) as AddressField[]) {
    const value = found[field]!;
    const now = current[field].trim();
    if (now === value) continue;
    const mayReplace =
      now === "" || now === filledBefore[field] || (mode === "asked" && field !== "building_number");
    if (mayReplace) values[field] = value;
    else kept.push(field);
  }
  return { values, kept };
}

const FIELD_WORDS: Record<AddressField, string> = {
  prefecture: "都道府県",
  city: "市区町村",
  building_number: "番地・建物名",
};

export function fillAnnouncement(address: PostcodeAddress, fill: AddressFill): string {
  const place = `${address.prefecture}${address.city ?? ""}${address.town ?? ""}`;
  const parts = [`〒${address.zipcode}の住所は「${place}」です。`];
  const filled = (Object.keys(fill.values) as AddressField[]).map((field) => FIELD_WORDS[field]);
  if (filled.length > 0) parts.push(`${filled.join("・")}を入力しました。`);
  if (!address.city) parts.push("市区町村が複数あるため、市区町村を入力してください。");
  if (fill.kept.length > 0) {
    const kept = fill.kept.map((field) => FIELD_WORDS[field]).join("・");
    parts.push(
      fill.kept.every((field) => field === "building_number")
        ? `入力済みの${kept}は変更していません。`
        : `入力済みの${kept}は変更していません。置き換えるときは「住所を検索」を押してください。`,
    );
  }
  return parts.join("");
}

export function addressFieldNames(who: AddressOwner) {
  return {
    zipcode: `${who}_zipcode`,
    prefecture: `${who}_prefecture`,
    city: `${who}_city`,
    building_number: `${who}_building_number`,
    /** A hidden field: what the look-ups put in the address fields (lookupFillsText). */
    lookupFills: `${who}_postcode_fills`,
  } as const;
}

const ADDRESS_FIELDS: readonly AddressField[] = ["prefecture", "city", "building_number"];

/** The hidden field read back: only address fields, only text; anything else reads as nothing filled. */
export function readLookupFills(text: unknown): Partial<AddressFieldValues> {
  if (typeof text !== "string" || text === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof parsed !== "object" || parsed === null) return {};
  const fills: Partial<AddressFieldValues> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = (parsed as Record<string, unknown>)[field];
    if (typeof value === "string") fills[field] = value;
  }
  return fills;
}

export interface PostcodeFillResult {
  /** The address fields to set. */
  values: Partial<AddressFieldValues>;
  /** The postcode as Japan Post writes it, set when the person pressed 「住所を検索」. */
  zipcode: string | null;
  /** The hidden field's new text. */
  lookupFills: string;
  announcement: string;
}

/**
 * One answer applied the one way, by the page's script and by the action without JavaScript: what the
 * earlier look-ups filled travels in the form's hidden field, so both know which values are their own.
 */
export function postcodeFill(
  address: PostcodeAddress,
  current: AddressFieldValues,
  mode: FillMode,
  lookupFillsText: unknown,
): PostcodeFillResult {
  const before = readLookupFills(lookupFillsText);
  const fill = addressFill(address, current, mode, before);
  return {
    values: fill.values,
    zipcode: mode === "asked" ? address.zipcode : null,
    lookupFills: JSON.stringify({ ...before, ...fill.values }),
    announcement: fillAnnouncement(address, fill),
  };
}

export interface PostcodeLookupNote {
  who: AddressOwner;
  announcement: string;
}

export function postcodeNoteFor(data: unknown, who: AddressOwner): string | null {
  if (typeof data !== "object" || data === null || !("postcodeLookup" in data)) return null;
  const note = (data as { postcodeLookup: unknown }).postcodeLookup as Partial<PostcodeLookupNote> | null;
  return note && note.who === who && typeof note.announcement === "string" ? note.announcement : null;
}
