// One way to refuse with the §2/§8 error screen: notFound() and forbidden() are errorScreen() with
// their code, so every route's 404 and 403 carries the same status and body.

import { describe, expect, it } from "vitest";
import { errorScreen, forbidden, notFound } from "~/request/context.server";

async function answerOf(response: Response) {
  return {
    status: response.status,
    type: response.headers.get("Content-Type"),
    body: await response.json(),
  };
}

describe("the error screen's answers", () => {
  it("notFound() is page not found: status 404 and the error screen's data { code: 404 }", async () => {
    expect(await answerOf(notFound())).toEqual({
      status: 404,
      type: "application/json; charset=utf-8",
      body: { code: 404 },
    });
    expect(await answerOf(notFound())).toEqual(await answerOf(errorScreen(404)));
  });

  it("forbidden() is the 403 screen: status 403 and { code: 403 }", async () => {
    expect(await answerOf(forbidden())).toEqual({
      status: 403,
      type: "application/json; charset=utf-8",
      body: { code: 403 },
    });
    expect(await answerOf(forbidden())).toEqual(await answerOf(errorScreen(403)));
  });
});
