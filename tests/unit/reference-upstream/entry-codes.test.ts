// The codes people read (§3 displayId): an entry is "E" and its id zero-padded to six digits
// (E000012), a claim its entry's code and its 1-based position (E000012-1). The operator may type
// either back, so each format has its inverse beside it.

import { describe, expect, it } from "vitest";
import {
  claimCode,
  claimPlaceOfCode,
  entryCode,
  entryIdOfCode,
} from "../../../reference-upstream/entries/create-entry";

describe("entry and claim codes read back", () => {
  it("E000012 is entry 12; a code gives back the id it was made from, for ids past six digits too", () => {
    expect(entryCode(12)).toBe("E000012");
    expect(entryIdOfCode("E000012")).toBe(12);
    for (const id of [1, 999_999, 1_000_000, 123_456_789]) expect(entryIdOfCode(entryCode(id))).toBe(id);
  });

  it("text no id gives is null: short or extra padding, no E, a zero id, a claim code", () => {
    for (const text of ["E12", "E0000012", "000012", "e000012", "E000000", "E000012-1", "12", ""]) {
      expect(entryIdOfCode(text), text).toBeNull();
    }
  });

  it("E000012-1 is the first claim of entry 12", () => {
    expect(claimCode(entryCode(12), 1)).toBe("E000012-1");
    expect(claimPlaceOfCode("E000012-1")).toEqual({ entryId: 12, position: 1 });
    expect(claimPlaceOfCode(claimCode(entryCode(1_000_000), 10))).toEqual({
      entryId: 1_000_000,
      position: 10,
    });
  });

  it("a claim code needs its entry's code and a position from 1", () => {
    for (const text of ["E000012", "E000012-0", "E000012-01", "E12-1", "E000012-1-1", "12-1", "E000012-"]) {
      expect(claimPlaceOfCode(text), text).toBeNull();
    }
  });
});
