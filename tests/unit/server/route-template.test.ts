// Requests are labelled in logs and metrics by the route they matched, as a template: the path's ids,
// tokens and query never become a label value (a series each), and the set of values stays the set
// of routes. The manifest here has the shapes of the app's own: pathless layouts, an index, dynamic
// segments, splats and the catch-all.

import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { routeTemplates } from "~/server/route-template.server";

type Route = ServerBuild["routes"][string];

const route = (id: string, parentId: string | undefined, path?: string, index?: boolean): Route =>
  ({ id, parentId, path, index, module: {} }) as unknown as Route;

const ROUTES: Route[] = [
  route("root", undefined, ""),
  route("routes/_marketing", "root"),
  route("routes/_marketing._index", "routes/_marketing", undefined, true),
  route("routes/_anonymous", "root"),
  route("routes/_anonymous.login", "routes/_anonymous", "login"),
  route(
    "routes/_anonymous.profile.password.reset.reset.$",
    "routes/_anonymous",
    "profile/password/reset/reset/*",
  ),
  route("routes/_mypage", "root"),
  route("routes/_mypage.mypage", "routes/_mypage", "mypage"),
  route("routes/_mypage.entry.detail.$entryId", "routes/_mypage", "entry/detail/:entryId"),
  route("routes/entry.detail.$entryId_.return[.]ics", "root", "entry/detail/:entryId/return.ics"),
  route("routes/_plain", "root"),
  route(
    "routes/_plain.entry.$entryId.factoring_service_agreement",
    "routes/_plain",
    "entry/:entryId/factoring_service_agreement",
  ),
];

const manifest = (routes: Route[]) => Object.fromEntries(routes.map((r) => [r.id, r]));
const withCatchAll = routeTemplates({
  routes: manifest([...ROUTES, route("routes/$", "root", "*")]),
  publicPath: "/build/",
});
const withoutCatchAll = routeTemplates({ routes: manifest(ROUTES), publicPath: "/build/" });

describe("the route a request matched, as a template", () => {
  it("a page's template through its pathless layouts, the index as /", () => {
    expect(withCatchAll("/")).toBe("/");
    expect(withCatchAll("/login")).toBe("/login");
    expect(withCatchAll("/mypage")).toBe("/mypage");
  });

  it("ids become the route's own parameter names, whatever their shape or case", () => {
    expect(withCatchAll("/entry/detail/123")).toBe("/entry/detail/:entryId");
    expect(withCatchAll("/entry/detail/123/")).toBe("/entry/detail/:entryId");
    expect(withCatchAll("/entry/detail/3f2b1c9e-8a4d-4e6f-9b1a-0c2d3e4f5a6b")).toBe("/entry/detail/:entryId");
    expect(withCatchAll("/ENTRY/Detail/9")).toBe("/entry/detail/:entryId");
    expect(withCatchAll("/entry/detail/9/return.ics")).toBe("/entry/detail/:entryId/return.ics");
    expect(withCatchAll("/entry/41/factoring_service_agreement")).toBe(
      "/entry/:entryId/factoring_service_agreement",
    );
  });

  it("a token under a splat stays out: the splat is the label", () => {
    expect(withCatchAll("/profile/password/reset/reset/MTIz/c4m2xy-0123456789abcdef")).toBe(
      "/profile/password/reset/reset/*",
    );
  });

  it("the assets' folder is one label, and an address no route knows is the catch-all's or unmatched", () => {
    expect(withCatchAll("/build/_assets/root-5XJ3K2QZ.js")).toBe("/build/*");
    expect(withCatchAll("/no/such/page/42")).toBe("/*");
    expect(withoutCatchAll("/no/such/page/42")).toBe("unmatched");
  });

  it("an address whose %-escapes are no UTF-8 gets its route's template, and nothing is printed", () => {
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect(withCatchAll("/entry/detail/%E0%A4%A")).toBe("/entry/detail/:entryId");
      expect(withCatchAll("/%E0%A4%A/%ZZ")).toBe("/*");
      // The router would print the raw address on stderr, outside the JSON log: a client could fill it.
      expect(warned).not.toHaveBeenCalled();
    } finally {
      warned.mockRestore();
    }
  });

  it("many different ids and unknown addresses make no new value", () => {
    const labels = new Set<string>();
    for (let i = 0; i < 200; i++) {
      labels.add(withCatchAll(`/entry/detail/${i}`));
      labels.add(withCatchAll(`/entry/detail/${i}/return.ics`));
      labels.add(withCatchAll(`/unknown-${i}/${i}`));
    }
    expect([...labels].sort()).toEqual(["/*", "/entry/detail/:entryId", "/entry/detail/:entryId/return.ics"]);
  });
});
