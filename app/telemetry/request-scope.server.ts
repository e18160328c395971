// What one request has done so far, reachable from any code that runs for it (AsyncLocalStorage):
// its id for the upstream and the error screen, and the figures its log line and metrics report.

import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestScope {
  /** The request id: the client's X-Request-ID when it is a short token, else generated. */
  readonly id: string;
  /** The route template the request matched (`/entry/detail/:id`), never the raw URL. */
  route: string;
  upstreamCalls: number;
  upstreamMs: number;
  /** Bytes of an upload's body the app passed on. */
  bytesIn: number;
  /** The logged-in account as a keyed hash, when the session names one. */
  user: string | undefined;
  /** Set once an error has been logged for this request, so it is logged once. */
  errorLogged: boolean;
}

const storage = new AsyncLocalStorage<RequestScope>();

export function newRequestScope(id: string, route: string): RequestScope {
  return { id, route, upstreamCalls: 0, upstreamMs: 0, bytesIn: 0, user: undefined, errorLogged: false };
}

export function runInRequestScope<T>(scope: RequestScope, work: () => T): T {
  return storage.run(scope, work);
}

/** The scope of the request this code runs for; undefined outside one (start-up, timers). */
export function currentRequestScope(): RequestScope | undefined {
  return storage.getStore();
}
