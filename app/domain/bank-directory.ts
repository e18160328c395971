// Bank and branch search over the Zengin data (decision 0013). Pure: the directory is handed in.

export interface DirectoryBank {
  code: string;
  name: string;
  kana: string;
  hira?: string;
  roma?: string;
  branches: Readonly<Record<string, DirectoryBranch>>;
}

export interface DirectoryBranch {
  code: string;
  name: string;
  kana: string;
  hira?: string;
  roma?: string;
}

export type BankDirectory = Readonly<Record<string, DirectoryBank>>;

export interface BankMatch {
  code: string;
  name: string;
  kana: string;
}

export const MAX_MATCHES = 10;

/** Which of a bank field's two searches: the bank's name, or a branch of a chosen bank. */
export type PickerKind = "bank" | "branch";

/** A name's code, or a note that the directory does not know it (a note, not a refusal). */
export interface PickerNote {
  code: string | null;
  note: string | null;
}

/** 信金/信組 written in full; a bank (0001–0999, ゆうちょ 9900) ends in 銀行; the rest as the directory writes. */
export function bankDisplayName(bank: Pick<DirectoryBank, "code" | "name">): string {
  // The directory writes letters full-width (ＰａｙＰａｙ, 三菱ＵＦＪ); people and passbooks write PayPay.
  const { code } = bank;
  const name = bank.name.normalize("NFKC");
  if ((code < "1000" || code === "9900") && !name.endsWith("銀行")) return `${name}銀行`;
  if (name.endsWith("信金")) return `${name.slice(0, -2)}信用金庫`;
  if (name.endsWith("信組")) return `${name.slice(0, -2)}信用組合`;
  return name;
}

const SUFFIXES = ["銀行", "信用金庫", "信金", "信用組合", "信組", "農業協同組合", "農協"];
const BRANCH_SUFFIXES = ["支店", "営業部", "出張所", "支所"];
const SMALL_KANA: Readonly<Record<string, string>> = {
  ァ: "ア",
  ィ: "イ",
  ゥ: "ウ",
  ェ: "エ",
  ォ: "オ",
  ッ: "ツ",
  ャ: "ヤ",
  ュ: "ユ",
  ョ: "ヨ",
  ヮ: "ワ",
  ヵ: "カ",
  ヶ: "ケ",
};

/** NFKC, hiragana as katakana, small kana full size (the directory writes トウキヨウ), marks alike. */
export function directoryKey(text: string, suffixes: readonly string[] = []): string {
  let key = text
    .normalize("NFKC")
    .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(/[ァィゥェォッャュョヮヵヶ]/g, (c) => SMALL_KANA[c] ?? c)
    .replace(/[ー－‐−–—-]/g, "ー")
    .replace(/[\s・.,．，()（）]/g, "")
    .toUpperCase();
  for (const suffix of suffixes) {
    const normal = directoryKey(suffix);
    if (key.length > normal.length && key.endsWith(normal)) {
      key = key.slice(0, -normal.length);
      break;
    }
  }
  return key;
}

interface Candidate {
  code: string;
  name: string;
  kana: string;
  roma?: string;
}

// Keys worked out once per candidate, not for 1,146 banks on every request.
const keyCache = new WeakMap<Candidate, { names: string[]; all: string[] }>();

function keysOf(candidate: Candidate, suffixes: readonly string[]) {
  let keys = keyCache.get(candidate);
  if (!keys) {
    const names = [directoryKey(candidate.name, suffixes), directoryKey(candidate.kana, suffixes)];
    keys = { names, all: candidate.roma ? [...names, directoryKey(candidate.roma)] : names };
    keyCache.set(candidate, keys);
  }
  return keys;
}

function rank(candidate: Candidate, key: string, suffixes: readonly string[]): number | null {
  const names = keysOf(candidate, suffixes).all;
  if (names.includes(key) || candidate.code === key) return 0;
  if (names.some((name) => name.startsWith(key))) return 1;
  if (names.some((name) => name.includes(key))) return 2;
  return null;
}

function search<T extends Candidate>(candidates: readonly T[], query: string, suffixes: readonly string[]) {
  const key = directoryKey(query, suffixes);
  if (key === "") return [];
  return candidates
    .map((candidate) => ({ candidate, rank: rank(candidate, key, suffixes) }))
    .filter((entry): entry is { candidate: T; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.candidate.code.localeCompare(b.candidate.code))
    .slice(0, MAX_MATCHES)
    .map((entry) => entry.candidate);
}

export function searchBanks(directory: BankDirectory, query: string): BankMatch[] {
  return search(Object.values(directory), query, SUFFIXES).map((bank) => ({
    code: bank.code,
    name: bankDisplayName(bank),
    kana: bank.kana,
  }));
}

export function findBank(directory: BankDirectory, name: string): DirectoryBank | null {
  const key = directoryKey(name, SUFFIXES);
  if (key === "") return null;
  return Object.values(directory).find((bank) => keysOf(bank, SUFFIXES).names.includes(key)) ?? null;
}

export function searchBranches(bank: DirectoryBank, query: string): BankMatch[] {
  return search(Object.values(bank.branches), query, BRANCH_SUFFIXES).map(({ code, name, kana }) => ({
    code,
    name: name.normalize("NFKC"),
    kana,
  }));
}

export function findBranch(bank: DirectoryBank, name: string): DirectoryBranch | null {
  const key = directoryKey(name, BRANCH_SUFFIXES);
  if (key === "") return null;
  return (
    Object.values(bank.branches).find((branch) => keysOf(branch, BRANCH_SUFFIXES).names.includes(key)) ?? null
  );
}

export const BankPickerMessage = {
  emptyBank: "金融機関名を入力してから検索してください。",
  emptyBranch: "支店名を入力してから検索してください。",
  noBankForBranch: "先に金融機関名を入力してください。",
  unknownBankForBranch:
    "金融機関が一覧に見つからないため、支店を検索できません。支店名をそのまま入力してください。",
  noBankMatch: (query: string) =>
    `「${query}」に当てはまる金融機関が見つかりませんでした。正式な名称をご確認ください（一覧にない金融機関は、そのまま入力できます）。`,
  noBranchMatch: (bank: string, query: string) =>
    `${bank}に「${query}」に当てはまる支店が見つかりませんでした。支店名をご確認ください。`,
  unknownBank: "金融機関の一覧にない名称です。正式な名称かご確認ください（このまま登録できます）。",
  unknownBranch: (bank: string) => `${bank}の支店一覧にない支店名です。支店名をご確認ください。`,
} as const;
