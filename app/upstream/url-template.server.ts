// The upstream path as a template (`/api/entries/:id/`), for metric labels and log lines: ids and
// tokens in a path would make every call a series of its own.

/** A word of the API: lower-case letters joined by `_` or `-` (`profile_name_and_identity`). */
const WORD = /^[a-z]+(?:[_-][a-z]+)*$/;
/** A number, or a hex id with a digit in it (a uuid, a hash). */
const ID = /^(?:\d+|(?=[0-9a-f-]*\d)[0-9a-f]{8,}(?:-[0-9a-f]+)*)$/i;
/** Longer than any version or short code: a token, unless it is a word. */
const TOKEN_LENGTH = 16;

function isIdSegment(segment: string): boolean {
  if (ID.test(segment)) return true;
  return segment.length >= TOKEN_LENGTH && !WORD.test(segment);
}

export function urlTemplateOf(path: string): string {
  return path
    .split("/")
    .map((segment) => (isIdSegment(segment) ? ":id" : segment))
    .join("/");
}
