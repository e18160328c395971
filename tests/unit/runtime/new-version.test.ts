import { describe, expect, it } from "vitest";
import { VERSION_CHECK_INTERVAL_MS, newerVersionIn } from "~/runtime/build-metadata";
import { documentTargetOf, isRouterIdle } from "~/runtime/new-version";

type State = Parameters<typeof isRouterIdle>[0];

const location = (pathname: string, search = "", hash = "") => ({ pathname, search, hash, key: pathname });
const idle = { state: "idle", location: undefined, formMethod: undefined };

/** A router state with just what the runtime reads. */
function routerState(parts: {
  at?: string;
  navigation?: Record<string, unknown>;
  revalidation?: string;
  fetchers?: string[];
}): State {
  return {
    location: location(parts.at ?? "/entry"),
    navigation: parts.navigation ?? idle,
    revalidation: parts.revalidation ?? "idle",
    fetchers: new Map((parts.fetchers ?? []).map((state, i) => [String(i), { state }])),
  } as unknown as State;
}

describe("§9 build manifest checked hourly: what a version answer means", () => {
  it("checks every hour", () => {
    expect(VERSION_CHECK_INTERVAL_MS).toBe(3_600_000);
  });
  it("§8 a changed version is a new version", () => {
    expect(newerVersionIn({ version: "b2" }, "a1")).toBe("b2");
  });
  it("the page's own version, or an answer without a version, is not", () => {
    expect(newerVersionIn({ version: "a1" }, "a1")).toBeNull();
    for (const answer of [null, "a1", {}, { version: "" }, { version: 2 }])
      expect(newerVersionIn(answer, "a1")).toBeNull();
  });
});

describe("§8 the reload waits for nothing under way", () => {
  it("idle: no navigation, revalidation or fetcher under way", () => {
    expect(isRouterIdle(routerState({}))).toBe(true);
    expect(isRouterIdle(routerState({ fetchers: ["idle"] }))).toBe(true);
  });
  it("a post, a load, a revalidation (after an upload) or a fetcher (suggestions) is under way", () => {
    expect(isRouterIdle(routerState({ navigation: { state: "submitting" } }))).toBe(false);
    expect(isRouterIdle(routerState({ navigation: { state: "loading" } }))).toBe(false);
    expect(isRouterIdle(routerState({ revalidation: "loading" }))).toBe(false);
    expect(isRouterIdle(routerState({ fetchers: ["idle", "loading"] }))).toBe(false);
  });
});

describe("§8 with a new version out, the next navigation is a document load", () => {
  it("a link's target, with its query and hash", () => {
    const state = routerState({
      navigation: { state: "loading", location: location("/mypage", "?a=1", "#x"), formMethod: undefined },
    });
    expect(documentTargetOf(state)).toBe("/mypage?a=1#x");
  });
  it("a GET form's target", () => {
    const state = routerState({
      navigation: { state: "loading", location: location("/entry", "?q=1"), formMethod: "get" },
    });
    expect(documentTargetOf(state)).toBe("/entry?q=1");
  });
  it("after a post, the page it redirected to (the post itself went through the app, once)", () => {
    const state = routerState({
      at: "/entry/entry_invoice",
      navigation: { state: "loading", location: location("/entry"), formMethod: "post" },
    });
    expect(documentTargetOf(state)).toBe("/entry");
  });
  it("a post answered on the same page (field errors) stays in the app: a reload would lose them", () => {
    const state = routerState({
      at: "/entry/entry_invoice",
      navigation: { state: "loading", location: location("/entry/entry_invoice"), formMethod: "post" },
    });
    expect(documentTargetOf(state)).toBeNull();
  });
  it("nothing while idle or while a post is still being sent", () => {
    expect(documentTargetOf(routerState({}))).toBeNull();
    expect(
      documentTargetOf(
        routerState({ navigation: { state: "submitting", location: location("/x"), formMethod: "post" } }),
      ),
    ).toBeNull();
  });
});
