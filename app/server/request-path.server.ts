// The path a Node request asked for, without its query: what the server's own answers match on.

import type http from "node:http";

export function pathOf(req: http.IncomingMessage): string {
  return (req.url ?? "/").split("?")[0] || "/";
}
