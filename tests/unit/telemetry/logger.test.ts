// An error is logged once per request, with its stack and the request's id, however many layers
// meet it on its way out (a route's catch, Remix's handleError, the server's last resort). What is
// thrown and no Error (a Response, a plain object) is described, never `[object Object]`; a thrown
// answer under 500 is the client's doing and no error line at all.

import { Writable } from "node:stream";
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "@remix-run/router";
import { describe, expect, it, vi } from "vitest";
import { configureLogger, logError, logger } from "~/telemetry/logger.server";
import { newRequestScope, runInRequestScope } from "~/telemetry/request-scope.server";

/** The JSON lines the logger writes while `run` runs. */
function linesWritten(run: () => void): Record<string, unknown>[] {
  const out: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out.push(chunk.toString());
      done();
    },
  });
  configureLogger({ level: "info", pretty: false, destination: sink });
  try {
    run();
  } finally {
    configureLogger({ level: "info", pretty: false });
  }
  return out.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("logError", () => {
  it("writes the first error of a request once, with its stack and request id", () => {
    const written: Record<string, unknown>[] = [];
    const error = vi.spyOn(logger(), "error").mockImplementation(((fields: Record<string, unknown>) => {
      written.push(fields);
    }) as never);
    try {
      runInRequestScope(newRequestScope("t-err", "/mypage"), () => {
        const failure = new Error("broken");
        logError(failure, "request failed");
        logError(failure, "request failed");
      });
      expect(written).toHaveLength(1);
      expect((written[0]!.err as Error).stack).toContain("broken");
    } finally {
      error.mockRestore();
    }
  });

  it("every line written while serving a request carries its id; one written outside carries none", () => {
    const [inside, outside] = linesWritten(() => {
      runInRequestScope(newRequestScope("t-line", "/mypage"), () => logger().info({ a: 1 }, "inside"));
      logger().info("outside");
    });
    expect(inside).toMatchObject({ request_id: "t-line", msg: "inside", a: 1, level: "info" });
    expect(outside).not.toHaveProperty("request_id");
  });
});

const loggedAlone = (thrown: unknown) =>
  linesWritten(() =>
    runInRequestScope(newRequestScope("t-thrown", "/mypage"), () => logError(thrown, "request failed")),
  );

describe("what a thrown value's error line says", () => {
  it("an Error: its message and its stack, at error", () => {
    const [line] = loggedAlone(new TypeError("cannot read x"));
    expect(line).toMatchObject({ level: "error", msg: "request failed", request_id: "t-thrown" });
    const err = line!.err as { type: string; message: string; stack: string };
    expect(err).toMatchObject({ type: "TypeError", message: "cannot read x" });
    expect(err.stack).toMatch(/^TypeError: cannot read x\n\s+at /);
  });

  it("a thrown 5xx Response or router answer: its status and status text", () => {
    const [response] = loggedAlone(
      new Response("body with a token", { status: 503, statusText: "Service Unavailable" }),
    );
    expect(response).toMatchObject({ level: "error", err: { message: "Response 503 Service Unavailable" } });
    expect(JSON.stringify(response)).not.toContain("token");
    const [routerAnswer] = loggedAlone(new ErrorResponseImpl(500, "Internal Server Error", null));
    expect(routerAnswer!.err).toMatchObject({ message: "ErrorResponseImpl 500 Internal Server Error" });
  });

  it("a plain object, a string, undefined: what they are, never [object Object]", () => {
    const said = (thrown: unknown) => (loggedAlone(thrown)[0]!.err as { message: string }).message;
    expect(said({ code: "E1", detail: "x" })).toBe("Object with code, detail");
    expect(said({ message: "upstream gone" })).toBe("Object: upstream gone");
    expect(said(Object.create(null))).toBe("Object");
    expect(said("boom")).toBe("string: boom");
    expect(said(undefined)).toBe("undefined");
    expect(loggedAlone({})[0]!.err).toMatchObject({ type: "ThrownValue", stack: "ThrownValue: Object" });
  });

  it("a thrown answer under 500 (the router's 405, a route's 404 Response) writes no line", () => {
    const routers405 = new ErrorResponseImpl(
      405,
      "Method Not Allowed",
      new Error('Invalid request method "TRACE"'),
      true,
    );
    expect(loggedAlone(routers405)).toEqual([]);
    expect(loggedAlone(new Response(null, { status: 404 }))).toEqual([]);
  });
});
