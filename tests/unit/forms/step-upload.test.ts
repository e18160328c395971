import { describe, expect, it } from "vitest";
import {
  isUploadFileField,
  parseStepUploadFileField,
  parseStepUploadIntent,
  stepUploadFileField,
  stepUploadIntent,
} from "~/forms/step-upload";

describe("a slot's upload button inside a wizard step's form (decision 0007)", () => {
  it("names its slot, kind and side in the intent, and reads them back", () => {
    const invoice = { slot: "claim-2-invoice", kind: "invoice-2" };
    expect(parseStepUploadIntent(stepUploadIntent(invoice))).toEqual(invoice);
    const front = { slot: "identity-front", kind: "identity", side: "front" as const };
    expect(parseStepUploadIntent(stepUploadIntent(front))).toEqual(front);
  });

  it("reads nothing from other intents or from a value that is not a slot", () => {
    expect(parseStepUploadIntent("upload")).toBeNull(); // a slot's own form (JavaScript on)
    expect(parseStepUploadIntent("next")).toBeNull();
    expect(parseStepUploadIntent("upload:../../etc:invoice-1:")).toBeNull();
    expect(parseStepUploadIntent("upload:claim-1-invoice:invoice-1:left")).toBeNull();
    expect(parseStepUploadIntent("upload::invoice-1:")).toBeNull();
    expect(parseStepUploadIntent(null)).toBeNull();
  });

  it("gives each slot's file input a name of its own, naming its slot, kind and side", () => {
    const statement = { slot: "bank_passbook-1", kind: "bank_passbook-1" };
    expect(stepUploadFileField(statement)).toBe("content:bank_passbook-1:bank_passbook-1:");
    expect(parseStepUploadFileField(stepUploadFileField(statement))).toEqual(statement);
    expect(isUploadFileField(stepUploadFileField(statement))).toBe(true);
    expect(isUploadFileField("content")).toBe(true);
    expect(isUploadFileField("content:../x")).toBe(false);
    expect(isUploadFileField("purpose")).toBe(false);
  });
});
