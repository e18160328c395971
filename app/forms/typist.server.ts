// Who typed a step's fields (decision 0027): the step's page carries a token naming the person it was
// rendered for, and the login in place carries what was typed signed for that person alone.

import { signToken, verifyToken } from "~/request/signed-token.server";
import { userReferences } from "~/request/session.server";
import { TYPED_BY_FIELD } from "./session-resume";

export type Typed = [string, string][];

/** A person is named by their user reference (userReferences), never their id: the page is readable. */
export type Typist = string;

// A page left open through a working day still knows whose it is; the login in place is asked for now.
const PAGE_SECONDS = 24 * 60 * 60;
const CARRIED_SECONDS = 60 * 60;

const PAGE_PURPOSE = "typed by";
const CARRIED_PURPOSE = "typed";

const after = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

const isTyped = (value: unknown): value is Typed =>
  Array.isArray(value) &&
  value.every(
    (pair) =>
      Array.isArray(pair) && pair.length === 2 && pair.every((part: unknown) => typeof part === "string"),
  );

/** The step page's TYPED_BY_FIELD, from its loader: the page was rendered for this user. */
export function typedByToken(userId: number, now: Date): string {
  return signToken(PAGE_PURPOSE, { u: userReferences(userId)[0] }, after(now, PAGE_SECONDS));
}

/** Whom the posted page was rendered for; null when its token is missing, changed or too old. */
export function typistOf(form: FormData, now: Date): Typist | null {
  const claims = verifyToken(PAGE_PURPOSE, form.get(TYPED_BY_FIELD), now);
  return typeof claims?.u === "string" ? claims.u : null;
}

export function isTypist(typist: Typist, userId: number): boolean {
  return userReferences(userId).includes(typist);
}

/** The login in place's carried field: what was typed, for the typist only. */
export function carryTyped(typist: Typist, typed: Typed, now: Date): string {
  return signToken(CARRIED_PURPOSE, { u: typist, t: typed }, after(now, CARRIED_SECONDS));
}

/** A carried field as the server signed it and not expired; null for anything else. */
export function carriedTyped(value: unknown, now: Date): { typist: Typist; typed: Typed } | null {
  const claims = verifyToken(CARRIED_PURPOSE, value, now);
  if (typeof claims?.u !== "string" || !isTyped(claims.t)) return null;
  return { typist: claims.u, typed: claims.t };
}
