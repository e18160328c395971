// Postcode → prefecture and city for the profile's two addresses (decision 0012).
// The pure half: what a typed postcode is, what an answer of the postcode data becomes, which fields
// a found address may fill, and the words people read. The data itself is read on the server only
// (app/lookup/postcode.server.ts); the browser gets this module and a fetch, never the data.

import { formatZipcode, normalizeZipcode } from "./contact-formats";
import { type Prefecture, isPrefecture } from "./prefectures";

/** The two addresses of §3 Profile whose fields are `${who}_zipcode`, `${who}_prefecture` … */
export type AddressOwner = "office" | "owner";

/** The resource route JavaScript asks (GET ?zipcode=…); also the no-JavaScript button's intent. */
export const POSTCODE_LOOKUP_PATH = "/profile/postcode";
const INTENT_PREFIX = "lookup_postcode:";

/** 「住所を検索」 posts the page's form with this intent (without JavaScript). */
export const postcodeIntent = (who: AddressOwner) => `${INTENT_PREFIX}${who}`;

/** Which address a posted intent asks to look up, or null for any other intent. */
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

/** A typed postcode as the look-up takes it: 7 ASCII digits, or the message to show at the field. */
export type PostcodeQuery = { ok: true; zipcode: string } | { ok: false; problem: PostcodeProblem };

/** Why a look-up found nothing: nothing typed, not 7 digits, or no address for the postcode. */
export type PostcodeProblem = keyof typeof PostcodeMessage;

/**
 * "〒100-0005", "１００－０００５", "1000005" → "1000005" (contact-formats.ts: typed as people type
 * it); nothing typed and anything but 7 digits each get their own message.
 */
export function parsePostcodeQuery(typed: unknown): PostcodeQuery {
  const text = typeof typed === "string" ? typed.trim() : "";
  if (text === "" || text === "〒") return { ok: false, problem: "empty" };
  const zipcode = normalizeZipcode(text);
  return zipcode ? { ok: true, zipcode } : { ok: false, problem: "format" };
}

/** One place of the postcode data: a postcode may have several (towns, rarely cities). */
export interface PostcodePlace {
  prefecture: string;
  city: string;
  town: string;
}

/** What a postcode says of its address, for the profile's fields. */
export interface PostcodeAddress {
  /** "100-0005", as the profile shows postcodes. */
  zipcode: string;
  prefecture: Prefecture;
  /** Null when the postcode covers several cities (the person chooses by typing it). */
  city: string | null;
  /** The town (丸の内) when the postcode has exactly one that reads as a place name, else null. */
  town: string | null;
}

// Japan Post's data names some towns by a description, not a name: 「甲、乙」, 「井道、奥井道、内井道」,
// 「小菅村の次に１～６６３番地がくる場合」, 「（次のビルを除く）」. Such a town is left for the person to type.
const NOT_A_PLACE_NAME = /[、～〜（）()「」]|場合|以下に掲載がない/;

const distinct = (values: string[]) => [...new Set(values)];

/**
 * The places of a postcode → the address to fill, or null when the postcode has none (or names no
 * prefecture of the list, which the select could not show). The prefecture and the city only when
 * every place agrees on them; the town only when there is one.
 */
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

/** What the resource route answers (JSON) and the no-JavaScript button shows. */
export type PostcodeAnswer =
  { found: true; address: PostcodeAddress } | { found: false; problem: PostcodeProblem; message: string };

/** The answer for a problem: its message travels with it (the browser shows it as sent). */
export const postcodeProblem = (problem: PostcodeProblem): PostcodeAnswer => ({
  found: false,
  problem,
  message: PostcodeMessage[problem],
});

/** The address fields a found address may fill, by their short names. */
export interface AddressFieldValues {
  prefecture: string;
  city: string;
  building_number: string;
}
export type AddressField = keyof AddressFieldValues;

/**
 * How the look-up was asked for: `asked` is 「住所を検索」 (the person asked: the prefecture and the
 * city are replaced), `typed` is the 7th digit typed with JavaScript (only fields that are empty, or
 * still hold what the look-up itself put there, are filled: never a city the person typed).
 */
export type FillMode = "asked" | "typed";

export interface AddressFill {
  /** The fields to set, with their new values. */
  values: Partial<AddressFieldValues>;
  /** The fields left as they were although the address says otherwise (the person's own typing). */
  kept: AddressField[];
}

/**
 * Which fields a found address fills. The town goes at the start of 番地・建物名 (its hint: 「丸の内
 * 1-1-1 …」) only while that field is empty or holds what the look-up put there: it holds the house
 * number, which no postcode knows, so even 「住所を検索」 never replaces it.
 */
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

/** What the person hears (JavaScript: a polite live region) and reads beside the postcode. */
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

/** The field names of one address group, as the profile form posts them. */
export function addressFieldNames(who: AddressOwner) {
  return {
    zipcode: `${who}_zipcode`,
    prefecture: `${who}_prefecture`,
    city: `${who}_city`,
    building_number: `${who}_building_number`,
  } as const;
}

/** The no-JavaScript answer's note for one address group (the action's `postcodeLookup`). */
export interface PostcodeLookupNote {
  who: AddressOwner;
  announcement: string;
}

/** The note for `who` in an action's answer, if it carries one. */
export function postcodeNoteFor(data: unknown, who: AddressOwner): string | null {
  if (typeof data !== "object" || data === null || !("postcodeLookup" in data)) return null;
  const note = (data as { postcodeLookup: unknown }).postcodeLookup as Partial<PostcodeLookupNote> | null;
  return note && note.who === who && typeof note.announcement === "string" ? note.announcement : null;
}
