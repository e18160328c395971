import { describe, expect, it } from "vitest";
import {
  IdentityDocumentMessage,
  identityDocumentProblem,
  identitySidesFor,
} from "~/domain/identity-documents";

describe("マイナンバーカード is asked for its front only: its back carries the 個人番号, which is never collected", () => {
  it("needs the card's front only, and front and back of every other document", () => {
    expect(identitySidesFor("individualNumber")).toEqual(["front"]);
    expect(identitySidesFor("drivingLicence")).toEqual(["front", "back"]);
    expect(identitySidesFor("passport")).toEqual(["front", "back"]);
    expect(identitySidesFor("other")).toEqual(["front", "back"]);
  });

  it("a card with its front alone is complete; a licence with its front alone is not", () => {
    expect(identityDocumentProblem("individualNumber", ["front"])).toBeNull();
    expect(identityDocumentProblem("drivingLicence", ["front"])).toBe(IdentityDocumentMessage.pairRequired);
    expect(identityDocumentProblem("drivingLicence", ["front", "back"])).toBeNull();
    expect(identityDocumentProblem("individualNumber", [])).toBe(IdentityDocumentMessage.cardFrontRequired);
  });

  it("refuses the card's back, since it shows the 個人番号", () => {
    expect(identityDocumentProblem("individualNumber", ["front", "back"])).toBe(
      IdentityDocumentMessage.cardBackRefused,
    );
    expect(IdentityDocumentMessage.cardBackRefused).toContain("個人番号");
  });

  it("without a known type, both sides are asked (the type is chosen with the files)", () => {
    expect(identitySidesFor(null)).toEqual(["front", "back"]);
  });
});
