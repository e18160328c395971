// Reading a command line: options and positionals, and the ids, codes, amounts and dates they name.

import { type Db } from "../db/database";
import { isValidIsoDate } from "../time";
import { claimPlaceOfCode, entryIdOfCode } from "../entries/create-entry";
import { claimsOfEntry, findEntry } from "../entries/rows";
import { OperatorStateError, OperatorUsageError } from "./errors";

export interface ParsedArgs {
  positionals: string[];
  options: Map<string, string>;
}

export function parseArgs(args: readonly string[], allowed: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const options = new Map<string, string>();
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (!arg.startsWith("--")) {
      positionals.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (!allowed.includes(name)) {
      throw new OperatorUsageError(
        allowed.length
          ? `unknown option --${name} (使えるオプション: ${allowed.map((option) => `--${option}`).join(", ")})`
          : `unknown option --${name} (このコマンドにオプションはありません)`,
      );
    }
    const value = inline ?? args[index + 1];
    if (value === undefined || (inline === undefined && value.startsWith("--"))) {
      throw new OperatorUsageError(`--${name} needs a value (値がありません)`);
    }
    if (inline === undefined) index += 1;
    options.set(name, value);
  }
  return { positionals, options };
}

export function expectPositionals(parsed: ParsedArgs, names: readonly string[]): string[] {
  if (parsed.positionals.length !== names.length) {
    throw new OperatorUsageError(
      `expected ${names.length ? names.join(" ") : "no arguments"}, got ${parsed.positionals.length ? parsed.positionals.join(" ") : "nothing"} (引数の数が違います)`,
    );
  }
  return parsed.positionals;
}

export function idArgument(value: string, what: string): number {
  if (!/^[1-9][0-9]{0,15}$/.test(value)) {
    throw new OperatorUsageError(
      `${what} must be a positive integer, got "${value}" (${what} は正の整数で指定してください)`,
    );
  }
  return Number(value);
}

/** ENTRY as typed: the code the owner reads (E000012) or the id. A code naming no entry is refused. */
export function entryArgument(db: Db, value: string): number {
  if (/^\d+$/.test(value)) return idArgument(value, "ENTRY");
  const code = value.toUpperCase();
  const id = entryIdOfCode(code);
  if (id === null) {
    throw new OperatorUsageError(
      claimPlaceOfCode(code)
        ? `${value} is a claim's code; this command takes an entry: its code such as ${code.split("-")[0]} or its id (申込番号で指定してください)`
        : `ENTRY must be an entry's code such as E000012 or its id, got "${value}" (申込番号または ID で指定してください)`,
    );
  }
  if (!findEntry(db, id)) throw new OperatorStateError(`no entry ${code} (申し込み ${code} はありません)`);
  return id;
}

/** CLAIM as typed: its code (E000012-1, the entry's first invoice) or its id. A code naming none is refused. */
export function claimArgument(db: Db, value: string): number {
  if (/^\d+$/.test(value)) return idArgument(value, "CLAIM");
  const code = value.toUpperCase();
  const place = claimPlaceOfCode(code);
  if (place === null) {
    throw new OperatorUsageError(
      entryIdOfCode(code) !== null
        ? `${value} is an entry's code; this command takes a claim: its code such as ${code}-1 or its id (請求書の番号で指定してください)`
        : `CLAIM must be a claim's code such as E000012-1 or its id, got "${value}" (請求書の番号または ID で指定してください)`,
    );
  }
  const claim = claimsOfEntry(db, place.entryId).find((candidate) => candidate.position === place.position);
  if (!claim) throw new OperatorStateError(`no claim ${code} (請求書 ${code} はありません)`);
  return claim.id;
}

export function yenOption(parsed: ParsedArgs, name: string, required: boolean): number | null {
  const value = parsed.options.get(name);
  if (value === undefined) {
    if (required) throw new OperatorUsageError(`--${name} is required (--${name} を指定してください)`);
    return null;
  }
  if (!/^[0-9]{1,13}$/.test(value)) {
    throw new OperatorUsageError(
      `--${name} must be a whole number of yen, got "${value}" (円の整数で指定してください)`,
    );
  }
  return Number(value);
}

export function ratioOption(parsed: ParsedArgs, name: string, required = true): string | null {
  const value = parsed.options.get(name);
  if (value === undefined) {
    if (required) throw new OperatorUsageError(`--${name} is required (--${name} を指定してください)`);
    return null;
  }
  if (!/^[0-9]{1,3}(\.[0-9]{1,6})?$/.test(value)) {
    throw new OperatorUsageError(
      `--${name} must be a decimal such as 0.9, got "${value}" (小数で指定してください)`,
    );
  }
  return value;
}

export function dateOption(parsed: ParsedArgs, name: string): string | null {
  const value = parsed.options.get(name);
  if (value === undefined) return null;
  if (!isValidIsoDate(value)) {
    throw new OperatorUsageError(
      `--${name} must be a date YYYY-MM-DD, got "${value}" (日付は YYYY-MM-DD で指定してください)`,
    );
  }
  return value;
}

export function textOption(parsed: ParsedArgs, name: string): string {
  const value = parsed.options.get(name)?.trim();
  if (!value) throw new OperatorUsageError(`--${name} TEXT is required (--${name} に理由を書いてください)`);
  return value;
}
