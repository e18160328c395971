// The one logger (decision 0025). Fields never carry an e-mail, a name, a token, a cookie or a file name.

import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger } from "pino";
import type PinoPretty from "pino-pretty";
import { currentRequestScope } from "./request-scope.server";

export interface LoggerOptions {
  level: string;
  pretty: boolean;
  destination?: NodeJS.WritableStream;
}

let instance: Logger | null = null;

// In this thread: the last lines before an exit are out, in order, with no worker on a gone pipe.
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
      mixin: () => {
        const scope = currentRequestScope();
        return scope ? { request_id: scope.id } : {};
      },
    },
    destination ?? stdout(pretty),
  );
}

export function configureLogger(options: LoggerOptions): void {
  instance = create(options);
}

export function logger(): Logger {
  instance ??= create({ level: "info", pretty: false });
  return instance;
}

/** Once per request: Remix's handleError and the server's own catch meet the same error. */
export function logError(error: unknown, message: string, fields: Record<string, unknown> = {}): void {
  const scope = currentRequestScope();
  if (scope?.errorLogged) return;
  if (scope) scope.errorLogged = true;
  const err = error instanceof Error ? error : new Error(String(error));
  logger().error({ ...fields, err }, message);
}
