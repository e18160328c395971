import { describe, expect, it } from "vitest";
import { RELOAD_GUARD_MS, isFailedImport, mayReloadNow } from "~/runtime/reload-guard";

describe("§8 chunk-load errors: reload at most once within 10 seconds", () => {
  const at = 1_800_000_000_000;

  it("reloads when this tab has not reloaded yet", () => {
    expect(mayReloadNow(null, at)).toBe(true);
  });
  it("does not reload again within 10 s of the last reload", () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(mayReloadNow(at, at)).toBe(false);
    expect(mayReloadNow(at, at + 9_999)).toBe(false);
  });
  it("reloads again once 10 s have passed", () => {
    expect(mayReloadNow(at, at + 10_000)).toBe(true);
  });
  it("a clock set back, or a stored value that is not a time, never blocks the reload for good", () => {
    expect(mayReloadNow(at, at - 60_000)).toBe(true);
    expect(mayReloadNow(Number.NaN, at)).toBe(true);
  });
});

describe("what counts as a failed chunk load", () => {
  it("the failed dynamic import of Chromium, Firefox and Safari", () => {
    for (const message of [
      "Failed to fetch dynamically imported module: http://localhost:3000/build/routes/x-ABC.js",
      "error loading dynamically imported module: http://localhost:3000/build/_shared/chunk-X.js",
      "Importing a module script failed.",
    ])
      expect(isFailedImport(new TypeError(message))).toBe(true);
  });
  it("any other error is not one (it must never reload the page)", () => {
    expect(isFailedImport(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isFailedImport({ message: "Failed to fetch dynamically imported module" })).toBe(false);
  });
});
