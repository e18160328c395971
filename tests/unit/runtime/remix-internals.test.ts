import { describe, expect, it } from "vitest";
import { routeAskedBy, routeDataUrl, routeIdOf } from "~/runtime/remix-internals";

describe("a data request", () => {
  it("asks a route's data at the page's own address, a path staying a path", () => {
    expect(routeDataUrl("https://app.example/entry/entry_invoice?step=2#top", "routes/x")).toBe(
      "https://app.example/entry/entry_invoice?step=2&_data=routes%2Fx#top",
    );
    expect(routeDataUrl("/__error-screen", routeIdOf("$"))).toBe("/__error-screen?_data=routes%2F%24");
  });

  it("is told from a page's request by the route it names", () => {
    expect(routeAskedBy(new URL(routeDataUrl("https://app.example/login", "routes/y")).searchParams)).toBe(
      "routes/y",
    );
    expect(routeAskedBy(new URLSearchParams("index&step=2"))).toBeNull();
  });
});
