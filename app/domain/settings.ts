// How a setting read from the environment is checked, by the app and the reference upstream alike:
// each variable has a zod schema that says what it expects, and the first wrong one stops the start
// with one line naming it (`Setting PORT: expected a port number from 1 to 65535, got "abc".`), never
// a stack trace. A variable that is unset, empty or only spaces is not set: its default applies.

import { z } from "zod";

/** The environment, or the part of it a process hands a child. */
/**
 * How long requests under way may take to finish after SIGTERM, unless SHUTDOWN_GRACE_MS says: the
 * app's and the reference upstream's default (app/server/drain.server.ts stops both).
 */
export const DEFAULT_SHUTDOWN_GRACE_MS = 30_000;

/** How long a request's body may stop coming, unless BODY_IDLE_TIMEOUT_MS says: both servers' default (decision 0021). */
export const DEFAULT_BODY_IDLE_TIMEOUT_MS = 60_000;

export type Environment = Readonly<Record<string, string | undefined>>;

/** A wrong setting; its message is the whole line a person reads. */
export class SettingError extends Error {
  override name = "SettingError";
}

/**
 * The one line for a wrong setting. `got` says what was found: a value already quoted (quote()), a
 * description of a secret ("16 bytes"), or null when the variable is not set.
 */
export function settingError(name: string, expected: string, got: string | null): SettingError {
  return new SettingError(
    got === null
      ? `Setting ${name}: expected ${expected}, but it is not set.`
      : `Setting ${name}: expected ${expected}, got ${got}.`,
  );
}

/** A value as the line quotes it: as JSON, so a control character cannot break the line; long ones cut. */
export function quote(text: string): string {
  return JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text);
}

/** What a parse answers for a text it refuses (undefined would mean "not set"). */
export const REFUSED = Symbol("refused");

interface SettingOptions {
  /** What the line says was found instead (quoted): a secret is described, never shown. */
  got?: (text: string) => string;
}

/**
 * A variable read by `parse`, undefined when not set. `parse` answers REFUSED for a text that is not
 * what `expected` says; the issue carries the expectation and what to quote, for readSettings's line.
 */
export function setting<T>(
  expected: string,
  parse: (text: string) => T | typeof REFUSED,
  { got = quote }: SettingOptions = {},
) {
  return z
    .string()
    .optional()
    .transform((value, ctx): T | undefined => {
      const text = value?.trim();
      if (!text) return undefined;
      const parsed = parse(text);
      if (parsed !== REFUSED) return parsed;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: expected, params: { got: got(text) } });
      return z.NEVER;
    });
}

/** The same variable with a value when it is not set. */
export function withDefault<T>(schema: ReturnType<typeof setting<T>>, fallback: T) {
  return schema.transform((value): T => value ?? fallback);
}

/** The environment parsed by `schema`; the first wrong variable throws SettingError with its line. */
export function readSettings<T>(
  schema: z.ZodType<T, z.ZodTypeDef, Record<string, string | undefined>>,
  env: Environment,
): T {
  const result = schema.safeParse({ ...env });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? "?");
  const got =
    issue.code === z.ZodIssueCode.custom && typeof issue.params?.got === "string"
      ? issue.params.got
      : env[name]?.trim()
        ? quote(env[name]!)
        : null;
  throw settingError(name, issue.message, got);
}

const WHOLE = /^[0-9]+$/;

function wholeNumberIn(text: string, min: number, max: number): number | typeof REFUSED {
  if (!WHOLE.test(text)) return REFUSED;
  const value = Number(text);
  return value >= min && value <= max ? value : REFUSED;
}

export const portNumber = () =>
  setting("a port number from 1 to 65535", (text) => wholeNumberIn(text, 1, 65_535));

/** A whole number from `min` (and up to `max` when given). */
export const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  setting(
    max === Number.MAX_SAFE_INTEGER
      ? `a whole number of at least ${min}`
      : `a whole number from ${min} to ${max}`,
    (text) => wholeNumberIn(text, min, max),
  );

export const milliseconds = () =>
  setting("a whole number of milliseconds, at least 1", (text) =>
    wholeNumberIn(text, 1, Number.MAX_SAFE_INTEGER),
  );

/** true or false, as written; anything else is refused rather than read as false. */
export const flag = () =>
  setting("true or false", (text) => (text === "true" ? true : text === "false" ? false : REFUSED));

/** One of `values`, in any case; answers it as listed. */
export function oneOf<T extends string>(values: readonly T[]) {
  return setting(`one of ${values.join(", ")}`, (text) => {
    const found = values.find((value) => value === text.toLowerCase());
    return found ?? REFUSED;
  });
}

/** Any text (a path, a name): only "not set" has a meaning of its own. */
export const text = () => setting("some text", (value) => value);

/** A URL whose scheme is one of `schemes` (without their colon), with a host. */
export function urlSetting(schemes: readonly string[], example: string) {
  return setting(
    `${schemes.map((scheme) => `${scheme}://`).join(" or ")} and a host, such as ${example}`,
    (text) => {
      const url = URL.canParse(text) ? new URL(text) : null;
      return url && schemes.includes(url.protocol.slice(0, -1)) && url.hostname ? url : REFUSED;
    },
    { got: (text) => quote(withoutCredentials(text)) },
  );
}

/** A URL's user and password never reach a log line, even when the URL is malformed. */
function withoutCredentials(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/*)?.*@/i, "$1…@");
}

export const httpUrl = (example: string) => urlSetting(["http", "https"], example);

/** Host names and IPv4 addresses: dot-separated labels of letters, digits and inner hyphens. */
const HOST_NAME = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/;
const IPV6 = /^[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*$/;

/** Where a server listens: an address of this machine, or a name that resolves to one. */
export const interfaceHost = () =>
  setting("an interface address (0.0.0.0, ::, 127.0.0.1) or a host name", (value) =>
    HOST_NAME.test(value) || IPV6.test(value) ? value : REFUSED,
  );
