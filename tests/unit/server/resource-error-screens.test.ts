// Every answer to a browser's navigation is a page: a resource route's refusal (a file or JSON the
// user may not have) is drawn as the §2 error screen by the catch-all route (server.ts wraps every
// resource route so); a script's fetch keeps the route's own answer.

import { type ServerBuild, json } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { ERROR_SCREEN_PATH, errorScreenAsked } from "~/request/error-screen-request.server";
import { withResourceErrorScreens } from "~/server/resource-error-screens.server";
import { callRoute } from "../../fixtures/call-route";

const NAVIGATION = { "Sec-Fetch-Mode": "navigate", Accept: "text/html", Cookie: "s=1" };
const FETCH = { "Sec-Fetch-Mode": "cors", Accept: "*/*" };

/** A resource route answering `answer`, wrapped; `drawn` lists what the error screen was asked to draw. */
function resourceRoute(answer: () => unknown) {
  const drawn: Request[] = [];
  const routes = {
    "routes/file": { id: "routes/file", path: "file", module: { loader: answer } },
    "routes/page": { id: "routes/page", path: "page", module: { loader: answer, default: () => null } },
  } as unknown as ServerBuild["routes"];
  const wrapped = withResourceErrorScreens(routes, async (request) => {
    drawn.push(request);
    return new Response("<!DOCTYPE html><title>screen</title>", {
      status: errorScreenAsked(request)?.status ?? 404,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  });
  const call = (id: string, headers: Record<string, string>) =>
    callRoute(wrapped[id]!.module.loader!, new Request("http://localhost:3000/file", { headers }));
  return { drawn, get: (headers: Record<string, string>) => call("routes/file", headers), call };
}

describe("a resource route's refusal of a navigation is the error screen", () => {
  it("a thrown error-screen answer ({code: 404}) is drawn with its data, under its status, as HTML", async () => {
    const route = resourceRoute(() => {
      throw json({ code: 404 }, { status: 404, headers: { "Set-Cookie": "s=; Max-Age=0" } });
    });
    const page = (await route.get(NAVIGATION)) as Response;
    expect(page.status).toBe(404);
    expect(page.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("Set-Cookie")).toBe("s=; Max-Age=0");
    expect(route.drawn).toHaveLength(1);
    const request = route.drawn[0]!;
    expect(new URL(request.url).pathname).toBe(ERROR_SCREEN_PATH);
    expect(request.method).toBe("GET");
    expect(request.headers.get("Cookie")).toBe("s=1");
    expect(errorScreenAsked(request)).toEqual({ status: 404, data: { code: 404 } });
  });

  it("a returned refusal that is no error-screen answer shows its status as the app's refusal (404 as not found)", async () => {
    const lookUp = resourceRoute(() => json({ found: false, problem: "format" }, { status: 400 }));
    expect(((await lookUp.get(NAVIGATION)) as Response).status).toBe(400);
    expect(errorScreenAsked(lookUp.drawn[0]!)).toEqual({
      status: 400,
      data: { code: 400, badRequest: true },
    });
    const text = resourceRoute(() => {
      throw new Response("Not Found", { status: 404 });
    });
    await text.get(NAVIGATION);
    expect(errorScreenAsked(text.drawn[0]!)).toEqual({ status: 404, data: { code: 404 } });
  });

  it("an exception is the 500 screen, not Remix's text", async () => {
    const route = resourceRoute(() => {
      throw new Error("boom");
    });
    const original = console.error;
    console.error = () => {};
    try {
      expect(((await route.get(NAVIGATION)) as Response).status).toBe(500);
    } finally {
      console.error = original;
    }
    expect(errorScreenAsked(route.drawn[0]!)).toEqual({ status: 500, data: { code: 500 } });
  });

  it("a script's fetch, a success, a redirect and a page route's loader are left as they are", async () => {
    const refused = resourceRoute(() => json({ code: 404 }, { status: 404 }));
    expect(((await refused.get(FETCH)) as Response).status).toBe(404);
    expect(await ((await refused.get(FETCH)) as Response).json()).toEqual({ code: 404 });
    expect(((await refused.call("routes/page", NAVIGATION)) as Response).status).toBe(404);
    expect(refused.drawn).toHaveLength(0);
    const file = resourceRoute(() => new Response("BEGIN:VCALENDAR", { status: 200 }));
    expect(await ((await file.get(NAVIGATION)) as Response).text()).toBe("BEGIN:VCALENDAR");
    const login = resourceRoute(() => new Response(null, { status: 302, headers: { Location: "/login" } }));
    expect(((await login.get(NAVIGATION)) as Response).status).toBe(302);
    expect([...file.drawn, ...login.drawn]).toHaveLength(0);
  });

  it("without Sec-Fetch-Mode, a request that accepts HTML is a navigation", async () => {
    const route = resourceRoute(() => json({ code: 404 }, { status: 404 }));
    await route.get({ Accept: "text/html,application/xhtml+xml" });
    await route.get({ Accept: "application/json" });
    expect(route.drawn).toHaveLength(1);
  });
});
