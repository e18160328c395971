// Bodies the route cannot read answer 400 (or 415) without calling the upstream. Every
// action is wrapped (server.ts): a body that is no form, or declares more than any page posts, is
// refused before the action — and so before its guards ask the upstream anything.

import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { guardActions } from "~/server/guard-actions.server";
import { MAX_UPLOAD_REQUEST_BYTES } from "~/forms/multipart-form.server";

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
    post: (headers: Record<string, string>, body: string | null = "a=1") =>
      Promise.resolve()
        .then(() =>
          action({
            request: new Request(`${ORIGIN}/x`, {
              method: "POST",
              headers: { Origin: ORIGIN, ...headers },
              body,
            }),
            params: {},
            context: {},
          }),
        )
        .then(
          (answer) => (answer as Response).status,
          (thrown: unknown) => (thrown instanceof Response ? thrown.status : "exception"),
        ),
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

  it("a declared length over the largest upload post: 413 before the action", async () => {
    const { post, ran } = wrappedAction();
    const headers = {
      "Content-Type": "multipart/form-data; boundary=b",
      "Content-Length": String(MAX_UPLOAD_REQUEST_BYTES + 1),
    };
    expect(await post(headers, null)).toBe(413);
    expect(ran()).toBe(0);
  });

  it("a form (urlencoded or multipart) reaches the action", async () => {
    const { post, ran } = wrappedAction();
    expect(await post({ "Content-Type": "application/x-www-form-urlencoded" })).toBe(204);
    expect(await post({ "Content-Type": "multipart/form-data; boundary=b" }, "--b--\r\n")).toBe(204);
    expect(ran()).toBe(2);
  });
});
