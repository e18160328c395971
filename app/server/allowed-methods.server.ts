// The methods an address takes (decision 0008): GET and HEAD everywhere, POST where Remix's router
// would reach an action; no route takes PUT, PATCH or DELETE, the app's forms only post.

import type http from "node:http";
import type { Duplex } from "node:stream";
import { routeAskedBy } from "~/runtime/remix-internals";
import { type RouteMatch, type RouteTable, routeMatcher } from "./remix-internals.server";

export const READ_METHODS = ["GET", "HEAD", "OPTIONS"] as const;

export type MethodsOf = (url: string) => readonly string[];

/**
 * The route a post reaches, chosen as the router chooses it: the one `?_data=` names, else the deepest
 * with a path of its own, or the index with a bare `?index`. A `?_data=` naming none of the address's
 * routes is left to the path: Remix answers it 404 (entry.server's handleDataRequest).
 */
function postTarget(matches: RouteMatch[], search: URLSearchParams): RouteMatch | undefined {
  const named = routeAskedBy(search);
  const namedMatch = named === null ? undefined : matches.find((match) => match.route.id === named);
  if (namedMatch) return namedMatch;
  const leaf = matches.at(-1);
  if (leaf?.route.index && search.getAll("index").some((value) => value === "")) return leaf;
  return matches.filter((match, index) => index === 0 || Boolean(match.route.path)).at(-1);
}

export function allowedMethods(routes: RouteTable): MethodsOf {
  const matchesOf = routeMatcher(routes);
  return (url) => {
    const queryAt = url.indexOf("?");
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const search = new URLSearchParams(queryAt === -1 ? "" : url.slice(queryAt + 1));
    const target = postTarget(matchesOf(path || "/"), search);
    const takesPost = target?.route.id !== undefined && routes[target.route.id]?.module.action !== undefined;
    return takesPost ? [...READ_METHODS, "POST"] : READ_METHODS;
  };
}

/**
 * CONNECT never reaches the app (Node drops the connection unanswered without this): a 405 naming
 * what every address takes, then the connection closes. It has no address of this site to match.
 */
export function refuseConnect(server: http.Server): void {
  server.on("connect", (_req: http.IncomingMessage, socket: Duplex) => {
    // Node has taken its own listeners off the socket: a reset must not become an uncaught error.
    socket.on("error", () => socket.destroy());
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${READ_METHODS.join(", ")}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  });
}
