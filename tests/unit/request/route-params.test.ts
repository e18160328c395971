import { describe, expect, it } from "vitest";
import { digitsParam, requiredQueryParams } from "~/request/route-params.server";

async function statusOfThrown(run: () => unknown): Promise<number | null> {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof Response ? error.status : -1;
  }
}

describe("§2 route validation failure shows page not found", () => {
  it("Entry id route parameter must be digits", async () => {
    expect(digitsParam("123")).toBe("123");
    for (const bad of [undefined, "", "12a", "-1", "1.5", "１２３", "1".repeat(19), "../1"]) {
      expect(await statusOfThrown(() => digitsParam(bad)), String(bad)).toBe(404);
    }
  });

  it("Password reset confirmation requires uid and token in the query", async () => {
    const url = new URL("http://x/profile/password/reset/reset/new?uid=MQ&token=abc");
    expect(requiredQueryParams(url, ["uid", "token"])).toEqual({ uid: "MQ", token: "abc" });
    expect(
      await statusOfThrown(() => requiredQueryParams(new URL("http://x/?uid=MQ"), ["uid", "token"])),
    ).toBe(404);
    expect(
      await statusOfThrown(() => requiredQueryParams(new URL("http://x/?token=a"), ["uid", "token"])),
    ).toBe(404);
  });
});
