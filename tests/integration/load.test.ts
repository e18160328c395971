// Load in the suite: 50 users at once register, log in, fill their profile and
// the wizard and submit entries through the app's own forms (JavaScript off, plain HTTP) against the
// built app and the reference upstream, as in production (tests/load/load-run.ts). It runs against the
// server build: npm test builds before vitest; alone, run npm run build first (without a build the test
// fails and says so).

import { beforeAll, describe, expect, it } from "vitest";
import { type LoadFigures, runLoad } from "../load/load-run";

const USERS = 50;
let figures: LoadFigures;

beforeAll(async () => {
  figures = await runLoad(USERS);
}, 90_000);

describe(`load: ${USERS} users at once, JavaScript off, against the built app and the reference upstream`, () => {
  it("every user's journey reaches the final submit and /entry/complete", () => {
    expect(figures.failures).toEqual([]);
    expect(figures.submitted).toBe(USERS);
  });

  it("the concurrency was real: every user's two final submits were in flight together", () => {
    expect(figures.peakInFlight).toBeGreaterThanOrEqual(2 * USERS);
  });

  it("no response is a 5xx", () => {
    expect(figures.serverErrors).toEqual([]);
  });

  it("every entry is stored exactly once: entries stored == users, one each, though each submit was posted twice at once", () => {
    expect(figures.entriesStored).toBe(USERS);
    expect(figures.entriesPerUser).toEqual(Array.from({ length: USERS }, () => 1));
    expect(figures.submitLatencies).toHaveLength(2 * USERS);
  });

  it("each of the two posts lands on /entry/complete: the second finds the entry the first made (decision 0024), never a refusal", () => {
    expect(figures.submitOutcomes).toEqual({ "/entry/complete 200": 2 * USERS });
  });

  it("each entry carries the app's per-draft idempotency key (draft-<id>), so the replayed submit was the same one", () => {
    expect(figures.entriesKeyedByDraft).toBe(USERS);
  });
});
