// app/entry.server.tsx renders a document whole before answering: one buffer, no NUL
// byte where React 18's 2 KB chunks ended in the middle of Japanese text, a failed shell rejected.

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { handleDataRequest, renderDocument } from "~/entry.server";
import { newRequestScope, runInRequestScope } from "~/telemetry/request-scope.server";

/** A form of many Japanese default values: 3-byte characters cross React's 2048-byte chunks. */
function japaneseForm() {
  const fields = Array.from({ length: 60 }, (_, index) =>
    createElement("input", {
      key: index,
      name: `field${index}`,
      defaultValue: `株式会社サンプル商事 請求書番号${index} 東京都千代田区丸の内一丁目`.repeat(
        1 + (index % 3),
      ),
    }),
  );
  return createElement("form", { method: "post" }, fields);
}

const noErrors = (error: unknown) => {
  throw error;
};

describe("renderDocument", () => {
  it("gives the whole HTML in one buffer, every Japanese value intact and no NUL byte", async () => {
    const html = await renderDocument(japaneseForm(), { nonce: "abc", onError: noErrors });
    expect(html.length).toBeGreaterThan(3 * 2048);
    expect(html.indexOf(0)).toBe(-1);
    // The same characters React renders as one string: nothing cut, nothing added.
    expect(html.toString("utf8")).toBe(renderToStaticMarkup(japaneseForm()));
  });

  it("rejects when the page cannot be rendered at all", async () => {
    function Broken(): never {
      throw new Error("broken page");
    }
    const heard: boolean[] = [];
    await expect(
      renderDocument(createElement(Broken), {
        nonce: "n",
        onError: (_error, afterShell) => heard.push(afterShell),
      }),
    ).rejects.toThrow("broken page");
    expect(heard).toEqual([false]);
  });
});

describe("handleDataRequest: a failed data request answers the error screen's data with the request id", () => {
  const inScope = <T>(work: () => T) =>
    runInRequestScope(newRequestScope("t-123", "/entry/detail/:entryId"), work);

  it("an exception (Remix's bare 500) becomes the error screen's answer, code 500, with the id", async () => {
    const thrown = new Response(JSON.stringify({ message: "Unexpected Server Error" }), {
      status: 500,
      headers: { "X-Remix-Error": "yes", "Content-Type": "application/json" },
    });
    const answer = await inScope(() => handleDataRequest(thrown));
    expect(answer.status).toBe(500);
    expect(answer.headers.get("X-Remix-Catch")).toBe("yes");
    expect(await answer.json()).toEqual({ code: 500, requestId: "t-123" });
  });

  const routerRefusal = (status: number) =>
    new Response(JSON.stringify({ message: "Unexpected Server Error" }), {
      status,
      headers: { "X-Remix-Error": "yes", "Content-Type": "application/json" },
    });

  it("the router's 403 for a `?_data=` naming none of the address's routes is the page-not-found answer, 404", async () => {
    const answer = await inScope(() => handleDataRequest(routerRefusal(403)));
    expect(answer.status).toBe(404);
    expect(answer.headers.get("X-Remix-Catch")).toBe("yes");
    expect(answer.headers.get("X-Remix-Error")).toBeNull();
    expect(await answer.json()).toEqual({ code: 404, requestId: "t-123" });
  });

  it("the router's other refusals keep their 4xx as the app's refusal (400: a route without data; 405)", async () => {
    const noData = await inScope(() => handleDataRequest(routerRefusal(400)));
    expect(noData.status).toBe(400);
    expect(await noData.json()).toEqual({ code: 400, badRequest: true, requestId: "t-123" });
    const method = await inScope(() => handleDataRequest(routerRefusal(405)));
    expect(method.status).toBe(405);
    expect(await method.json()).toMatchObject({ code: 405, badRequest: true, requestId: "t-123" });
  });

  it("a thrown error screen keeps its data and status, and gains the id", async () => {
    const thrown = new Response(JSON.stringify({ code: 404 }), {
      status: 404,
      headers: { "X-Remix-Catch": "yes", "Content-Type": "application/json; charset=utf-8" },
    });
    const answer = await inScope(() => handleDataRequest(thrown));
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ code: 404, requestId: "t-123" });
  });

  it("a data answer that is no failure passes unchanged", async () => {
    const data = new Response(JSON.stringify({ a: 1 }), { headers: { "Content-Type": "application/json" } });
    expect(await inScope(() => handleDataRequest(data))).toBe(data);
  });
});
