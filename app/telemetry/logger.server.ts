// The process's one logger: JSON lines on stdout (pino), readable ones under `npm run dev`. Fields
// never carry an e-mail, a name, a token, a cookie or a file name: callers log ids and figures.

import pino, { type Logger } from "pino";
import { currentRequestScope } from "./request-scope.server";

export interface LoggerOptions {
  level: string;
  /** Readable lines for a person at a terminal (development) instead of JSON. */
  pretty: boolean;
  /** Where lines go: stdout unless given (tests read them). */
  destination?: NodeJS.WritableStream;
}

let instance: Logger | null = null;

function create({ level, pretty, destination }: LoggerOptions): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "sakidori-app" },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Every line written while serving a request carries its id.
    mixin: () => {
      const scope = currentRequestScope();
      return scope ? { request_id: scope.id } : {};
    },
    transport: pretty
      ? {
          target: "pino-pretty",
          options: { colorize: true, singleLine: true, ignore: "pid,hostname,service" },
        }
      : undefined,
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Set once at start from the settings; until then (and in unit tests) JSON at info. */
export function configureLogger(options: LoggerOptions): void {
  instance = create(options);
}

export function logger(): Logger {
  instance ??= create({ level: "info", pretty: false });
  return instance;
}

/**
 * Logs an error once per request, with its stack and the request id: the same error met again on its
 * way out (Remix's handleError, then the server's own catch) is not written twice.
 */
export function logError(error: unknown, message: string, fields: Record<string, unknown> = {}): void {
  const scope = currentRequestScope();
  if (scope?.errorLogged) return;
  if (scope) scope.errorLogged = true;
  const err = error instanceof Error ? error : new Error(String(error));
  logger().error({ ...fields, err }, message);
}
