// The upstream path as a template (`/api/entries/:id/`), for metric labels and log lines: ids and
// tokens in a path would make every call a series of its own.

const WORD = /^[a-z]+(?:[_-][a-z]+)*$/;
const ID = /^(?:\d+|(?=[0-9a-f-]*\d)[0-9a-f]{8,}(?:-[0-9a-f]+)*)$/i;
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
