// The process's one logger: JSON lines on stdout (pino), readable ones under `npm run dev`. Fields
// never carry an e-mail, a name, a token, a cookie or a file name: callers log ids and figures.

import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger } from "pino";
import type PinoPretty from "pino-pretty";
import { currentRequestScope } from "./request-scope.server";

export interface LoggerOptions {
  level: string;
  /** Readable lines for a person at a terminal (development) instead of JSON. */
  pretty: boolean;
  /** Where lines go: stdout unless given (tests read them). */
  destination?: NodeJS.WritableStream;
}

let instance: Logger | null = null;

/**
 * Lines are written as they come, in this thread: the last ones before an exit (a stop, a crash) are
 * all out and in their order, and an exit never waits on a worker writing to a pipe that has gone
 * (`remix dev`'s, when Ctrl+C ends it first). pino-pretty, a development dependency, loads only then.
 */
function stdout(pretty: boolean): DestinationStream {
  if (!pretty) return pino.destination({ dest: 1, sync: true });
  const pinoPretty = createRequire(import.meta.url)("pino-pretty") as typeof PinoPretty;
  return pinoPretty.build({ colorize: true, sync: true, singleLine: true, ignore: "pid,hostname,service" });
}

function create({ level, pretty, destination }: LoggerOptions): Logger {
  return pino(
    {
      level,
      base: { service: "sakidori-app" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Every line written while serving a request carries its id.
      mixin: () => {
        const scope = currentRequestScope();
        return scope ? { request_id: scope.id } : {};
      },
    },
    destination ?? stdout(pretty),
  );
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
