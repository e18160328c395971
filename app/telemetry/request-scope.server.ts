// What one request has done so far (AsyncLocalStorage): its id and the figures its log line reports.

import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestScope {
  readonly id: string;
  route: string;
  upstreamCalls: number;
  upstreamMs: number;
  bytesIn: number;
  user: string | undefined;
  errorLogged: boolean;
}

const storage = new AsyncLocalStorage<RequestScope>();

export function newRequestScope(id: string, route: string): RequestScope {
  return { id, route, upstreamCalls: 0, upstreamMs: 0, bytesIn: 0, user: undefined, errorLogged: false };
}

export function runInRequestScope<T>(scope: RequestScope, work: () => T): T {
  return storage.run(scope, work);
}

export function currentRequestScope(): RequestScope | undefined {
  return storage.getStore();
}
