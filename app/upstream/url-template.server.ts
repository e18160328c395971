// The upstream path as a template (`/api/entries/:id/`), for metric labels and log lines: ids and
// tokens in a path would make every call a series of its own.

const ID_SEGMENT = /^(?:\d+|[0-9a-f]{8,}(?:-[0-9a-f]+)*|[A-Za-z0-9_-]{24,})$/i;

export function urlTemplateOf(path: string): string {
  return path
    .split("/")
    .map((segment) => (ID_SEGMENT.test(segment) ? ":id" : segment))
    .join("/");
}
