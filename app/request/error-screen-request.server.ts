// The §2 error screen for an address that is no page, drawn by the catch-all route (app/routes/$.tsx)
// from a header only the server writes (the request gate removes a browser's).

import { json } from "@remix-run/node";
import { routeIdOf } from "~/runtime/remix-internals";
import { type ErrorScreenData, notFound } from "./context.server";

export const ERROR_SCREEN_HEADER = "x-sakidori-error-screen";
export const ERROR_SCREEN_PATH = "/__error-screen";
/** The catch-all route's id: what a data request for the screen names. */
export const CATCH_ALL_ROUTE_ID = routeIdOf("$");

export interface ErrorScreenAnswer {
  status: number;
  data: ErrorScreenData;
}

/** The header's value: JSON, %-encoded so that a reason in Japanese fits in a header. */
export function errorScreenHeaderValue(answer: ErrorScreenAnswer): string {
  return encodeURIComponent(JSON.stringify(answer));
}

export function errorScreenAsked(request: Request): ErrorScreenAnswer | null {
  const value = request.headers.get(ERROR_SCREEN_HEADER);
  if (value === null) return null;
  try {
    const answer = JSON.parse(decodeURIComponent(value)) as ErrorScreenAnswer;
    const isStatus = Number.isInteger(answer.status) && answer.status >= 400 && answer.status <= 599;
    return isStatus && typeof answer.data?.code === "number" ? answer : null;
  } catch {
    return null;
  }
}

export function catchAllAnswer(request: Request): Response {
  const asked = errorScreenAsked(request);
  if (asked) return json(asked.data, { status: asked.status });
  return notFound();
}
