import { describe, expect, it } from "vitest";
import { savesData } from "~/request/save-data";

const withHeader = (value?: string) =>
  new Request("http://localhost/mypage", { headers: value === undefined ? {} : { "Save-Data": value } });

describe("whether the browser asks to save data (the Save-Data request header)", () => {
  it("is so for `on`, however it is cased or spaced", () => {
    expect(savesData(withHeader("on"))).toBe(true);
    expect(savesData(withHeader(" On "))).toBe(true);
  });

  it("is not so without the header or with another value", () => {
    expect(savesData(withHeader())).toBe(false);
    expect(savesData(withHeader("off"))).toBe(false);
  });
});
