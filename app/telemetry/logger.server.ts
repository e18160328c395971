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

/** A thrown answer: a Response, or Remix's ErrorResponse (the router's own 404, 405). */
interface ThrownAnswer {
  status: number;
  statusText?: unknown;
}

function thrownAnswerOf(thrown: unknown): ThrownAnswer | null {
  if (thrown instanceof Error || typeof thrown !== "object" || thrown === null) return null;
  const { status } = thrown as { status?: unknown };
  return typeof status === "number" && Number.isInteger(status) ? (thrown as ThrownAnswer) : null;
}

/** Something thrown that is no Error has no stack: its line says what it was instead. */
export class ThrownValue extends Error {
  override name = "ThrownValue";
  constructor(description: string) {
    super(description);
    this.stack = `${this.name}: ${description}`;
  }
}

const MAX_DESCRIPTION = 200;

function describeThrown(thrown: unknown): string {
  if (typeof thrown === "string") return `string: ${thrown.slice(0, MAX_DESCRIPTION)}`;
  if (typeof thrown !== "object" || thrown === null) return String(thrown);
  const type = (thrown as object).constructor?.name || "Object";
  const answer = thrownAnswerOf(thrown);
  // Only the status: an answer's body, or the router's message, may carry the address with its tokens.
  if (answer) {
    const statusText = typeof answer.statusText === "string" ? ` ${answer.statusText}` : "";
    return `${type} ${answer.status}${statusText}`;
  }
  const { message } = thrown as { message?: unknown };
  if (typeof message === "string") return `${type}: ${message.slice(0, MAX_DESCRIPTION)}`;
  const keys = Object.keys(thrown).slice(0, 10);
  return keys.length > 0 ? `${type} with ${keys.join(", ")}` : type;
}

/** What a log line's `err` says: an Error as itself (message, stack), anything else described. */
export function errorOf(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new ThrownValue(describeThrown(thrown));
}

/**
 * Once per request: Remix's handleError and the server's own catch meet the same error. A thrown
 * answer under 500 (the router's 404 or 405, a route's refusal) is the client's doing, not an error:
 * the request's own line, at info, records it.
 */
export function logError(error: unknown, message: string, fields: Record<string, unknown> = {}): void {
  const answer = thrownAnswerOf(error);
  if (answer && answer.status < 500) return;
  const scope = currentRequestScope();
  if (scope?.errorLogged) return;
  if (scope) scope.errorLogged = true;
  logger().error({ ...fields, err: errorOf(error) }, message);
}
