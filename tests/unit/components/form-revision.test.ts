// §4 "Unsaved-change flags compare current step inputs and files with stored copies": the form's
// snapshot is taken again whenever the page shows newly saved values, which formRevision() tells.

import { describe, expect, it } from "vitest";
import { formRevision } from "~/components/use-unsaved-changes";

describe("formRevision", () => {
  it("is the same for the same saved values, so an unchanged page keeps its snapshot", () => {
    const saved = { purpose: "運転資金", claims: [{ amount: "1000000" }] };
    expect(formRevision(saved)).toBe(formRevision(structuredClone(saved)));
  });

  it("changes when a saved value changes, so the snapshot is taken again", () => {
    const before = formRevision({ purpose: "運転資金", claims: [{ amount: "1000000" }] });
    expect(formRevision({ purpose: "運転資金", claims: [{ amount: "1000001" }] })).not.toBe(before);
    expect(formRevision({ purpose: "設備資金", claims: [{ amount: "1000000" }] })).not.toBe(before);
    expect(formRevision([null, { bank: "0001" }])).not.toBe(formRevision([null, { bank: "0005" }]));
  });

  it("is short enough to be a React key, however large the form", () => {
    const large = { text: "あ".repeat(10_000) };
    expect(formRevision(large)).toMatch(/^[0-9a-z]{1,7}$/);
  });
});
