// Bodies the route cannot read answer 400 (or 415) without calling the upstream. Every
// action is wrapped (server.ts): a body that is no form, or declares more than any page posts, is
// refused before the action — and so before its guards ask the upstream anything.

import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { guardActions } from "~/server/guard-actions.server";
import { callRoute } from "../../fixtures/call-route";
import { MAX_MULTIPART_REQUEST_BYTES, MAX_UPLOAD_REQUEST_BYTES } from "~/forms/multipart-form.server";

const ORIGIN = "http://localhost:3000"; // appConfig()'s default public origin in tests

function wrappedAction() {
  let ran = 0;
  const routes = {
    "routes/x": {
      id: "routes/x",
      path: "x",
      module: {
        action: () => {
          ran += 1;
          return new Response(null, { status: 204 });
        },
      },
    },
  } as unknown as ServerBuild["routes"];
  const action = guardActions(routes)["routes/x"]!.module.action!;
  return {
    post: async (headers: Record<string, string>, body: string | null = "a=1") => {
      const request = new Request(`${ORIGIN}/x`, {
        method: "POST",
        headers: { Origin: ORIGIN, ...headers },
        body,
      });
      return callRoute(action, request).then(
        (answer) => answer.status,
        () => "exception",
      );
    },
    ran: () => ran,
  };
}

describe("an action never runs for a body no page sends", () => {
  it.each([
    ["no Content-Type", {}],
    ["JSON", { "Content-Type": "application/json" }],
    ["text/plain", { "Content-Type": "text/plain" }],
  ])("%s: 415, the action (and its upstream calls) never reached", async (_name, headers) => {
    const { post, ran } = wrappedAction();
    expect(await post(headers as Record<string, string>)).toBe(415);
    expect(ran()).toBe(0);
  });

  it.each([
    [
      "a page's form over four files and its form: 413",
      "multipart/form-data; boundary=b",
      MAX_MULTIPART_REQUEST_BYTES + 1,
      413,
    ],
    [
      "a file sent alone over one file and 256 KiB: 413",
      "application/octet-stream",
      MAX_UPLOAD_REQUEST_BYTES + 1,
      413,
    ],
    // The action reads the form past the file and refuses the file at its slot (decision 0007).
    [
      "a page's form with a file over 10 MiB: reaches the action",
      "multipart/form-data; boundary=b",
      MAX_UPLOAD_REQUEST_BYTES + 1,
      204,
    ],
  ])("a declared length, %s", async (_name, type, length, status) => {
    const { post, ran } = wrappedAction();
    expect(await post({ "Content-Type": type, "Content-Length": String(length) }, null)).toBe(status);
    expect(ran()).toBe(status === 204 ? 1 : 0);
  });

  it("a form (urlencoded or multipart) reaches the action", async () => {
    const { post, ran } = wrappedAction();
    expect(await post({ "Content-Type": "application/x-www-form-urlencoded" })).toBe(204);
    expect(await post({ "Content-Type": "multipart/form-data; boundary=b" }, "--b--\r\n")).toBe(204);
    expect(ran()).toBe(2);
  });
});
