import { describe, expect, it } from "vitest";
import { requestIdFrom } from "~/domain/request-id";

describe("a request id is taken from X-Request-ID when it is a short token ([A-Za-z0-9._-]{1,64})", () => {
  it("keeps a short token", () => {
    expect(requestIdFrom("t-123")).toBe("t-123");
    expect(requestIdFrom(["a.b_c", "other"])).toBe("a.b_c");
    expect(requestIdFrom("x".repeat(64))).toBe("x".repeat(64));
  });

  it("generates one when none, or a bad one, was sent", () => {
    for (const sent of [undefined, null, "", "x".repeat(65), "has space", "<script>", "ü"]) {
      const id = requestIdFrom(sent);
      expect(id).not.toBe(sent);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
});
