// The methods an address takes, as `Allow` says them: GET, HEAD and OPTIONS everywhere, POST where
// Remix's router would send the post to an action (the deepest route with a path, the index with a
// bare `?index`, or the route `?_data=` names). The manifest has the shapes of the app's own:
// pathless layouts without actions, an index, a resource route and the catch-all, which takes posts
// so that a post to no page is its 404.

import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { allowedMethods } from "~/server/allowed-methods.server";

type Route = ServerBuild["routes"][string];

const action = () => null;
const route = (
  id: string,
  parentId: string | undefined,
  { path, index, takesPost }: { path?: string; index?: boolean; takesPost?: boolean } = {},
): Route => ({ id, parentId, path, index, module: takesPost ? { action } : {} }) as unknown as Route;

const ROUTES: Route[] = [
  route("root", undefined, { path: "" }),
  route("routes/_marketing", "root"),
  route("routes/_marketing._index", "routes/_marketing", { index: true, takesPost: true }),
  route("routes/_anonymous", "root"),
  route("routes/_anonymous.login", "routes/_anonymous", { path: "login", takesPost: true }),
  route("routes/_plain", "root"),
  route("routes/_plain.terms", "routes/_plain", { path: "terms" }),
  route("routes/entry.banks", "root", { path: "entry/banks" }),
  route("routes/logout", "root", { path: "logout", takesPost: true }),
  route("routes/$", "root", { path: "*", takesPost: true }),
];

const methodsOf = allowedMethods(Object.fromEntries(ROUTES.map((r) => [r.id, r])));
const READ = ["GET", "HEAD", "OPTIONS"];
const WITH_POST = [...READ, "POST"];

describe("the methods an address takes", () => {
  it("a page or resource route with an action takes POST; one without, only reads", () => {
    expect(methodsOf("/login")).toEqual(WITH_POST);
    expect(methodsOf("/logout?x=1")).toEqual(WITH_POST);
    expect(methodsOf("/terms")).toEqual(READ);
    expect(methodsOf("/entry/banks?q=a")).toEqual(READ);
  });

  it("an address no page has takes the post its 404 answers", () => {
    expect(methodsOf("/no/such/page")).toEqual(WITH_POST);
  });

  it("`OPTIONS *` asks of the server as a whole: what every address takes", () => {
    expect(methodsOf("*")).toEqual(READ);
  });

  it("an index takes the post only with a bare ?index; without it the post goes to its layout", () => {
    expect(methodsOf("/")).toEqual(READ);
    expect(methodsOf("/?index")).toEqual(WITH_POST);
    expect(methodsOf("/?index=1")).toEqual(READ);
  });

  it("`?_data=` naming a route of the address decides by that route; naming none, by the address", () => {
    expect(methodsOf("/login?_data=routes%2F_anonymous")).toEqual(READ);
    expect(methodsOf("/login?_data=routes%2F_anonymous.login")).toEqual(WITH_POST);
    expect(methodsOf("/login?_data=routes%2Fnope")).toEqual(WITH_POST);
    expect(methodsOf("/terms?_data=routes%2Fnope")).toEqual(READ);
  });
});
