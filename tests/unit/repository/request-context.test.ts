// The server builds each request's context once and hands it to every loader and action; the §8
// answers and the session cookie are added around them (docs/decisions/0039-the-server-builds-the-request-context.md).
// A route that builds or wraps its own context would decode the session twice and answer twice.

import { describe, expect, it } from "vitest";
import { TYPESCRIPT, filesUnder, read } from "./source-tree";

/** What only the server does for a request: a route (or a test calling one) doing it wraps itself. */
const SERVER_ONLY = [
  /\bwithRequestContext\b/,
  /\bRequestContext\.create\b/,
  /\bAppSession\.fromRequest\b/,
  /\bresponseForUpstreamError\b/,
  /\bsessionCookieHeader\b/,
  /\banswerWithContext\b/,
  /\banswerUpstreamErrors\b/,
];

export function selfWrappings(source: string): string[] {
  return SERVER_ONLY.filter((pattern) => pattern.test(source)).map((pattern) => pattern.source);
}

describe("one request context, built by the server", () => {
  it("finds a route that wraps itself (a planted one)", () => {
    const planted = `export function loader(args: LoaderFunctionArgs) {
  return withRequestContext(args, async (ctx) => json(await requireUser(ctx)));
}`;
    expect(selfWrappings(planted)).toEqual(["\\bwithRequestContext\\b"]);
    expect(selfWrappings("const ctx = await RequestContext.create(request);")).not.toEqual([]);
    expect(selfWrappings("export function loader({ context: ctx }: LoaderFunctionArgs) {}")).toEqual([]);
  });

  it("no loader or action in app/routes builds, wraps or answers for its own context", () => {
    const wrapping = [...filesUnder("app/routes", TYPESCRIPT)]
      .map((file) => ({ file, found: selfWrappings(read(file)) }))
      .filter(({ found }) => found.length > 0);
    expect(wrapping).toEqual([]);
  });

  it("the context is built in one place for the server and the tests alike", () => {
    const builders = [...filesUnder("app", TYPESCRIPT), "server.ts"].filter((file) =>
      /\bRequestContext\.create\(/.test(read(file)),
    );
    expect(builders).toEqual(["app/request/context.server.ts"]);
    const withoutContext = [...filesUnder("tests", TYPESCRIPT)].filter((file) =>
      /\bcontext: \{\}/.test(read(file)),
    );
    expect(withoutContext).toEqual([]);
  });
});
