// Decision 0012: the pure half of postcode → prefecture and city.

import { describe, expect, it } from "vitest";
import {
  type PostcodeAddress,
  PostcodeMessage,
  addressFill,
  fillAnnouncement,
  parsePostcodeIntent,
  parsePostcodeQuery,
  postcodeFill,
  postcodeIntent,
  postcodeNoteFor,
  readLookupFills,
  toPostcodeAddress,
} from "~/domain/postcode-address";

const MARUNOUCHI: PostcodeAddress = {
  zipcode: "100-0005",
  prefecture: "東京都",
  city: "千代田区",
  town: "丸の内",
};
const EMPTY = { prefecture: "", city: "", building_number: "" };

describe("a postcode is taken as people type it", () => {
  it("full-width digits, a hyphen (any dash) and the postal mark 〒 are accepted", () => {
    for (const typed of ["〒100-0005", "１００－０００５", "100ー0005", " 1000005 ", "〒１００－０００５"]) {
      expect(parsePostcodeQuery(typed), typed).toEqual({ ok: true, zipcode: "1000005" });
    }
  });

  it("nothing typed asks for the postcode; anything but 7 digits asks for 7 digits", () => {
    for (const typed of ["", "   ", "〒", null, undefined]) {
      expect(parsePostcodeQuery(typed), String(typed)).toEqual({ ok: false, problem: "empty" });
    }
    for (const typed of ["100-000", "12", "10000050", "abc-defg"]) {
      expect(parsePostcodeQuery(typed), typed).toEqual({ ok: false, problem: "format" });
    }
    expect(PostcodeMessage.empty).toContain("「住所を検索」");
  });

  it("「住所を検索」 posts lookup_postcode:office or :owner, nothing else is a look-up", () => {
    expect(parsePostcodeIntent(postcodeIntent("office"))).toBe("office");
    expect(parsePostcodeIntent(postcodeIntent("owner"))).toBe("owner");
    for (const intent of ["profile", "lookup_postcode:bank", "lookup_postcode:", null, 1]) {
      expect(parsePostcodeIntent(intent)).toBeNull();
    }
  });
});

describe("the places of a postcode become the address to fill", () => {
  it("one place: the prefecture, the city and the town, the postcode shown as 100-0005", () => {
    expect(
      toPostcodeAddress("1000005", [{ prefecture: "東京都", city: "千代田区", town: "丸の内" }]),
    ).toEqual(MARUNOUCHI);
  });

  it("no place, or a prefecture the select does not list: no address", () => {
    expect(toPostcodeAddress("9999999", [])).toBeNull();
    expect(toPostcodeAddress("1000005", [{ prefecture: "東京", city: "千代田区", town: "" }])).toBeNull();
  });

  it("several towns of one city: the city, no town", () => {
    const places = ["春日明河原", "春日一番割"].map((town) => ({
      prefecture: "愛知県",
      city: "清須市",
      town,
    }));
    expect(toPostcodeAddress("4520961", places)).toMatchObject({ city: "清須市", town: null });
  });

  it("several cities: the prefecture only (the person types the city)", () => {
    const places = ["多摩市", "稲城市"].map((city) => ({ prefecture: "東京都", city, town: "" }));
    expect(toPostcodeAddress("2060000", places)).toMatchObject({
      prefecture: "東京都",
      city: null,
      town: null,
    });
  });

  it("a town Japan Post names by a description (「甲、乙」, 「…の場合」) or not at all is not filled in", () => {
    for (const town of ["", "甲、乙", "小菅村の次に１～６６３番地がくる場合"]) {
      const address = toPostcodeAddress("4010000", [{ prefecture: "山梨県", city: "北都留郡小菅村", town }]);
      expect(address?.town, town).toBeNull();
    }
  });
});

describe("a found address never overwrites what the person typed without them asking", () => {
  it("empty fields are filled, the town before the house number", () => {
    expect(addressFill(MARUNOUCHI, EMPTY, "typed")).toEqual({
      values: { prefecture: "東京都", city: "千代田区", building_number: "丸の内" },
      kept: [],
    });
  });

  it("typing the 7th digit keeps a city the person typed differently, and says so", () => {
    const fill = addressFill(
      MARUNOUCHI,
      { prefecture: "", city: "千代田区外神田", building_number: "" },
      "typed",
    );
    expect(fill).toEqual({ values: { prefecture: "東京都", building_number: "丸の内" }, kept: ["city"] });
    expect(fillAnnouncement(MARUNOUCHI, fill)).toContain("入力済みの市区町村は変更していません");
  });

  it("typing the 7th digit replaces what the look-up itself filled before", () => {
    const before = { prefecture: "大阪府", city: "大阪市北区", building_number: "梅田" };
    expect(addressFill(MARUNOUCHI, before, "typed", before).values).toEqual({
      prefecture: "東京都",
      city: "千代田区",
      building_number: "丸の内",
    });
  });

  it("「住所を検索」 (asked) replaces the prefecture and the city, never the house number typed", () => {
    const typed = { prefecture: "大阪府", city: "大阪市北区", building_number: "梅田1-1" };
    expect(addressFill(MARUNOUCHI, typed, "asked")).toEqual({
      values: { prefecture: "東京都", city: "千代田区" },
      kept: ["building_number"],
    });
  });

  it("a field that already holds the address is left alone and not reported", () => {
    const same = { prefecture: "東京都", city: "千代田区", building_number: "丸の内1-1-1" };
    expect(addressFill(MARUNOUCHI, same, "typed")).toEqual({ values: {}, kept: ["building_number"] });
    expect(addressFill(MARUNOUCHI, { ...same, building_number: "丸の内" }, "typed")).toEqual({
      values: {},
      kept: [],
    });
  });

  it("a postcode of several cities fills the prefecture and asks for the city", () => {
    const address = { ...MARUNOUCHI, city: null, town: null };
    const fill = addressFill(address, EMPTY, "asked");
    expect(fill.values).toEqual({ prefecture: "東京都" });
    expect(fillAnnouncement(address, fill)).toContain("市区町村を入力してください");
  });

  it("the announcement names the address and the fields filled", () => {
    expect(fillAnnouncement(MARUNOUCHI, addressFill(MARUNOUCHI, EMPTY, "typed"))).toBe(
      "〒100-0005の住所は「東京都千代田区丸の内」です。都道府県・市区町村・番地・建物名を入力しました。",
    );
  });
});

describe("the no-JavaScript answer carries its note for one address", () => {
  it("read for its own address only", () => {
    const data = { postcodeLookup: { who: "office", announcement: "…" } };
    expect(postcodeNoteFor(data, "office")).toBe("…");
    expect(postcodeNoteFor(data, "owner")).toBeNull();
    expect(postcodeNoteFor({ fieldErrors: {} }, "office")).toBeNull();
    expect(postcodeNoteFor(undefined, "office")).toBeNull();
  });
});

describe("「住所を検索」 fills the same fields with JavaScript and without: what it filled travels with the form", () => {
  const UMEDA: PostcodeAddress = {
    zipcode: "530-0001",
    prefecture: "大阪府",
    city: "大阪市北区",
    town: "梅田",
  };

  it("the button writes the postcode as Japan Post does and records what it filled", () => {
    const fill = postcodeFill(MARUNOUCHI, EMPTY, "asked", "");
    expect(fill.zipcode).toBe("100-0005");
    expect(fill.values).toEqual({ prefecture: "東京都", city: "千代田区", building_number: "丸の内" });
    expect(readLookupFills(fill.lookupFills)).toEqual(fill.values);
  });

  it("a second postcode replaces the town the first one put in 番地・建物名, never a house number added to it", () => {
    const first = postcodeFill(MARUNOUCHI, EMPTY, "asked", "");
    const filled = { prefecture: "東京都", city: "千代田区", building_number: "丸の内" };
    expect(postcodeFill(UMEDA, filled, "asked", first.lookupFills).values).toEqual({
      prefecture: "大阪府",
      city: "大阪市北区",
      building_number: "梅田",
    });
    const withNumber = { ...filled, building_number: "丸の内1-1-1" };
    expect(postcodeFill(UMEDA, withNumber, "asked", first.lookupFills).values).toEqual({
      prefecture: "大阪府",
      city: "大阪市北区",
    });
  });

  it("typing the 7th digit leaves the postcode as typed", () => {
    expect(postcodeFill(MARUNOUCHI, EMPTY, "typed", "").zipcode).toBeNull();
  });

  it("a hidden field sent otherwise reads as nothing filled", () => {
    for (const text of [null, "", "not json", "[]", "1", '{"city": 3, "zipcode": "x"}']) {
      expect(readLookupFills(text), String(text)).toEqual({});
    }
    expect(readLookupFills('{"city":"千代田区","other":"x"}')).toEqual({ city: "千代田区" });
  });
});
