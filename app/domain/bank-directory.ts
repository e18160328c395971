// Banks and branches picked (decision 0013) from the Zengin data (全銀協の金融機関・店舗コード, the
// npm package zengin-code, read on the server only). Pure: the search and its ranking over a directory
// handed in, so the rules are tested on a few entries and the 5 MB of data never reach a browser.
//
// The stored fields stay §3's (names only: bank_name, branch_name); the code is shown beside a name
// the directory knows. A name it does not know stays possible (a new bank, a typo the person means),
// with a note.

/** One bank of the directory, as zengin-code gives it (names without 銀行, kana in full-size katakana). */
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

/** A match as the pickers show it: the name to store, the code beside it, the reading. */
export interface BankMatch {
  code: string;
  name: string;
  kana: string;
}

/** How many matches a search answers: enough to choose from on a phone, few enough to read. */
export const MAX_MATCHES = 10;

/** Which of a bank field's two searches: the bank's name, or a branch of a chosen bank. */
export type PickerKind = "bank" | "branch";

/** What the page knows of a name shown in a field: its code, or that the directory does not know it. */
export interface PickerNote {
  code: string | null;
  /** Said beside the field when the name is not in the directory (a note, not a refusal). */
  note: string | null;
}

/**
 * The name people write, from the directory's short one (letters half-width): a bank (codes 0001–0999, and ゆうちょ 9900)
 * ends in 銀行; 信金 and 信組 are 信用金庫 and 信用組合 written in full; 農協, 信連 and the central
 * institutions (農林中金, 商工中金…) stay as the directory writes them.
 */
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

/**
 * What a person types, in the directory's terms: full-width letters and half-width kana made one width
 * (NFKC), hiragana as katakana, small kana full size (the directory's kana writes トウキヨウ), long
 * marks and hyphens alike, spaces and 「・」 gone, upper case. `suffixes` are taken off the end
 * (「三井住友銀行」 finds 三井住友).
 */
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

/**
 * A candidate's name and reading as search keys, worked out once per candidate (the directory's
 * objects live as long as the process): a page's notes and a search then compare strings instead
 * of normalising 1,146 banks' names again on every request.
 */
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

/** 0 an exact name or reading, 1 the start of one, 2 inside one, or null for no match. */
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

/**
 * Banks whose name or reading matches what was typed (「みついすみとも」, 「三井住友銀行」, 「0009」):
 * exact before prefix before anywhere, then by code (the city banks come first).
 */
export function searchBanks(directory: BankDirectory, query: string): BankMatch[] {
  return search(Object.values(directory), query, SUFFIXES).map((bank) => ({
    code: bank.code,
    name: bankDisplayName(bank),
    kana: bank.kana,
  }));
}

/** The bank a stored name is (「三井住友銀行」 and 「三井住友」 alike), or null when the directory has none. */
export function findBank(directory: BankDirectory, name: string): DirectoryBank | null {
  const key = directoryKey(name, SUFFIXES);
  if (key === "") return null;
  return Object.values(directory).find((bank) => keysOf(bank, SUFFIXES).names.includes(key)) ?? null;
}

/** The branches of one bank matching what was typed (name, reading or the 3-digit branch code). */
export function searchBranches(bank: DirectoryBank, query: string): BankMatch[] {
  return search(Object.values(bank.branches), query, BRANCH_SUFFIXES).map(({ code, name, kana }) => ({
    code,
    name: name.normalize("NFKC"),
    kana,
  }));
}

/** The branch a stored name is, within its bank (「丸の内支店」 and 「丸の内」 alike), or null. */
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
