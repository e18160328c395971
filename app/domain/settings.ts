// Settings from the environment, checked by the app and the reference upstream alike: the first wrong
// one stops the start with one line naming it, never a stack trace. Unset, empty or blank: default.

import { z } from "zod";

/** The app's and the reference upstream's default grace after SIGTERM (app/server/drain.server.ts). */
export const DEFAULT_SHUTDOWN_GRACE_MS = 30_000;

/**
 * A request's body must bring this much a second, averaged over the window, both servers' default
 * (decision 0021): an eighth of a 128 kbps line, and under half of its share when it carries three files.
 */
export const DEFAULT_BODY_MIN_BYTES_PER_SECOND = 2_048;
export const DEFAULT_BODY_RATE_WINDOW_MS = 30_000;

export type Environment = Readonly<Record<string, string | undefined>>;

export class SettingError extends Error {
  override name = "SettingError";
}

export function settingError(name: string, expected: string, got: string | null): SettingError {
  return new SettingError(
    got === null
      ? `Setting ${name}: expected ${expected}, but it is not set.`
      : `Setting ${name}: expected ${expected}, got ${got}.`,
  );
}

/** As JSON, so a control character cannot break the line. */
export function quote(text: string): string {
  return JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text);
}

export const REFUSED = Symbol("refused");

interface SettingOptions {
  got?: (text: string) => string;
}

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

export function withDefault<T>(schema: ReturnType<typeof setting<T>>, fallback: T) {
  return schema.transform((value): T => value ?? fallback);
}

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

/** Anything but true or false is refused rather than read as false. */
export const flag = () =>
  setting("true or false", (text) => (text === "true" ? true : text === "false" ? false : REFUSED));

export function oneOf<T extends string>(values: readonly T[]) {
  return setting(`one of ${values.join(", ")}`, (text) => {
    const found = values.find((value) => value === text.toLowerCase());
    return found ?? REFUSED;
  });
}

/** A setting that was replaced: set, it stops the start naming the one to set instead. */
export const retired = (replacement: string) => setting(`unset (it became ${replacement})`, () => REFUSED);

export const text = () => setting("some text", (value) => value);

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

const HOST_NAME = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/;
const IPV6 = /^[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*$/;

export const interfaceHost = () =>
  setting("an interface address (0.0.0.0, ::, 127.0.0.1) or a host name", (value) =>
    HOST_NAME.test(value) || IPV6.test(value) ? value : REFUSED,
  );
