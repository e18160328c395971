// The §2 error screen drawn for an address that is no page: one the request gate cannot decode, and a
// resource route's refusal of a browser's navigation. Both hand the request to Remix at
// ERROR_SCREEN_PATH, which only the catch-all route matches, with the screen's answer in a header that
// only the server writes (the gate removes a browser's). The catch-all route throws that answer, so the
// person gets the branded screen with its title under the real status, never bare text or JSON.

import { json } from "@remix-run/node";
import { type ErrorScreenData, notFound } from "./context.server";

export const ERROR_SCREEN_HEADER = "x-sakidori-error-screen";
/** Matched by the catch-all route alone (app/routes/$.tsx). */
export const ERROR_SCREEN_PATH = "/__error-screen";

/** The answer the screen is drawn from: the HTTP status and what the error boundary reads. */
export interface ErrorScreenAnswer {
  status: number;
  data: ErrorScreenData;
}

/** The header's value: JSON, %-encoded so that a reason in Japanese fits in a header. */
export function errorScreenHeaderValue(answer: ErrorScreenAnswer): string {
  return encodeURIComponent(JSON.stringify(answer));
}

/** The answer a request asks the catch-all route to draw, or null for any other request. */
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

/** What the catch-all route throws: the asked-for screen, else page not found (§2). */
export function catchAllAnswer(request: Request): Response {
  const asked = errorScreenAsked(request);
  if (asked) return json(asked.data, { status: asked.status });
  return notFound();
}
