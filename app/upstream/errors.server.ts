// §8: every way an upstream call fails, as a typed error.

import { ErrorMessage, NETWORK_ERROR_STATUS } from "~/domain/error-messages";

export abstract class UpstreamError extends Error {
  abstract readonly status: number;
}

export class UpstreamValidationError extends UpstreamError {
  readonly status = 400;
  constructor(
    readonly fieldErrors: Record<string, unknown>,
    readonly nonFieldErrors: string[],
  ) {
    super("upstream validation error");
  }
}

// The one place the upstream's refusal of what was sent (400, §8) is told apart; other errors go on.
export async function whenRefused<T, R>(
  call: () => Promise<T>,
  refused: (error: UpstreamValidationError) => R | Promise<R>,
): Promise<T | R> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof UpstreamValidationError) return refused(error);
    throw error;
  }
}

export class UpstreamBadRequestError extends UpstreamError {
  readonly status = 400;
  constructor() {
    super("upstream bad request");
  }
}

export class UpstreamCsrfError extends UpstreamError {
  constructor(readonly status: number) {
    super(ErrorMessage.csrfMismatch);
  }
}

export class UpstreamUnauthorizedError extends UpstreamError {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly redirectTo: string | null = null,
    readonly correctLoginUrl: string | null = null,
    readonly serviceName: string | null = null,
  ) {
    super(detail);
  }
}

export class UpstreamServerError extends UpstreamError {
  constructor(
    readonly status: number,
    readonly detail: string = ErrorMessage.status(status),
    readonly redirectTo: string | null = null,
    /** A 429's or 503's Retry-After in seconds, passed on to the page (decision 0014). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(detail);
  }
}

// A 2xx the app cannot read (decision 0008): the upstream failed, not the session; shown as 502.
export class UpstreamMalformedResponseError extends UpstreamError {
  readonly status = 502;
  constructor(reason: string) {
    super(`malformed upstream answer: ${reason}`);
  }
}

export class UpstreamNetworkError extends UpstreamError {
  readonly status = NETWORK_ERROR_STATUS;
  constructor(cause: unknown) {
    super("network error", { cause });
  }
}

export class UpstreamAuthenticationError extends UpstreamError {
  readonly status = 401;
  constructor(reason: string) {
    super(reason);
  }
}

/** The upstream no longer knows the person: §8's 401/403 (a stale CSRF pair too), or an authentication failure. */
export function endsUpstreamSession(error: unknown): boolean {
  return (
    error instanceof UpstreamUnauthorizedError ||
    error instanceof UpstreamAuthenticationError ||
    error instanceof UpstreamCsrfError
  );
}

/** The first message of each field, and of the non-field list (§5 "taking the first message"). */
export function firstMessages(errors: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, value] of Object.entries(errors)) {
    const first = Array.isArray(value) ? value.find((item) => typeof item === "string") : value;
    if (typeof first === "string") result[field] = first;
  }
  return result;
}
