import { describe, expect, it } from "vitest";
import {
  isUploadFileField,
  newUploadKey,
  parseStepUploadFileField,
  parseStreamedUploadHeaders,
  streamedUploadHeaders,
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

describe("a streamed upload's key: the browser's, one per chosen file, the same on each retry (decision 0028)", () => {
  const target = { slot: "claim-1-invoice", kind: "invoice-1", fileName: "a.pdf" };

  it("travels in the headers and is read back", () => {
    const key = newUploadKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newUploadKey()).not.toBe(key);
    const headers = new Headers(streamedUploadHeaders({ ...target, uploadKey: key }));
    expect(parseStreamedUploadHeaders(headers).uploadKey).toBe(key);
  });

  it("is null when absent or not one the browser makes (it goes into the upstream's key)", () => {
    expect(parseStreamedUploadHeaders(new Headers(streamedUploadHeaders(target))).uploadKey).toBeNull();
    for (const bad of ["", "x".repeat(32), "0".repeat(31), "0".repeat(33), `${"0".repeat(31)}\n`]) {
      const headers = new Headers(streamedUploadHeaders(target));
      try {
        headers.set("X-Upload-Key", bad);
      } catch {
        continue;
      }
      expect(parseStreamedUploadHeaders(headers).uploadKey, bad).toBeNull();
    }
  });
});
