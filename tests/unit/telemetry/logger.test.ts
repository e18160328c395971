// An error is logged once per request, with its stack and the request's id, however many layers
// meet it on its way out (a route's catch, Remix's handleError, the server's last resort).

import { Writable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { configureLogger, logError, logger } from "~/telemetry/logger.server";
import { newRequestScope, runInRequestScope } from "~/telemetry/request-scope.server";

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
    const out: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out.push(chunk.toString());
        done();
      },
    });
    configureLogger({ level: "info", pretty: false, destination: sink });
    try {
      runInRequestScope(newRequestScope("t-line", "/mypage"), () => logger().info({ a: 1 }, "inside"));
      logger().info("outside");
    } finally {
      configureLogger({ level: "info", pretty: false });
    }
    const [inside, outside] = out.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(inside).toMatchObject({ request_id: "t-line", msg: "inside", a: 1, level: "info" });
    expect(outside).not.toHaveProperty("request_id");
  });
});
