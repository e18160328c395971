// A small router: "/api/entries/:id/" patterns, where a :param matches digits only (ids are
// numeric; anything else is a 404, never a 500). Trailing slashes are optional, as the calls of §7
// are spelled both ways.

import type { Readable } from "node:stream";
import type { RequestContext } from "./context";

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * A body sent as is instead of JSON (a stored file, GET /api/uploads/{id}/content/); the
   * headers must then give its Content-Type and Content-Length.
   */
  stream?: Readable;
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

export interface RouteDefinition {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  handler: Handler;
  /** "required": 403 without a session (DRF IsAuthenticated). Default "required". */
  auth?: "required" | "optional";
}

interface CompiledRoute extends RouteDefinition {
  pattern: RegExp;
  paramNames: string[];
}

export type RouteMatch =
  | { kind: "found"; route: CompiledRoute; params: Record<string, string> }
  /** `path`: the template of the first route the path matched (for the log line). */
  | { kind: "method-not-allowed"; allowed: string[]; path: string }
  | { kind: "not-found" };

const strip = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

export class Router {
  private readonly routes: CompiledRoute[] = [];

  add(...definitions: RouteDefinition[]): this {
    for (const definition of definitions) {
      const paramNames: string[] = [];
      const source = strip(definition.path)
        .split("/")
        .map((segment) => {
          if (segment.startsWith(":")) {
            paramNames.push(segment.slice(1));
            return "([0-9]{1,18})";
          }
          return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        })
        .join("/");
      this.routes.push({ ...definition, pattern: new RegExp(`^${source}/?$`), paramNames });
    }
    return this;
  }

  match(method: string, pathname: string): RouteMatch {
    const allowed: string[] = [];
    let matchedPath = "";
    for (const route of this.routes) {
      const result = route.pattern.exec(pathname);
      if (!result) continue;
      if (route.method !== method && !(method === "HEAD" && route.method === "GET")) {
        allowed.push(route.method);
        matchedPath ||= route.path;
        continue;
      }
      const params: Record<string, string> = {};
      route.paramNames.forEach((name, index) => (params[name] = result[index + 1]!));
      return { kind: "found", route, params };
    }
    return allowed.length > 0
      ? { kind: "method-not-allowed", allowed, path: matchedPath }
      : { kind: "not-found" };
  }
}
