import { describe, expect, it } from "vitest";
import {
  NEW_ENTRY_BLOCKER_MESSAGES,
  type NewEntryInput,
  isBarredFromApplying,
  PRE_ENTRY_DECLINED_NO_DOCUMENTS,
  asksForProfile,
  isPreEntryDeclined,
  mayCreateNewEntry,
  newEntryAnswer,
  newEntryBlockers,
  newEntryReasons,
} from "~/domain/new-entry";

const base: NewEntryInput = {
  user: { id: 1, has_satisfied_profile: true, identity_confirmation: 3, identity_valid_date: "2027-01-01" },
  entries: [],
  suppression: { method: "none" },
  hasEntryPermissionWhenDelayed: false,
  now: new Date("2026-11-21T01:00:00Z"),
};
const entry = (status: number, claimStatuses: number[] = [1]) => ({
  status,
  claims: claimStatuses.map((claimStatus) => ({ status: claimStatus })),
});

describe("§4 may create a new entry", () => {
  it("a confirmed user with no entries may create one", () => {
    expect(mayCreateNewEntry(base)).toBe(true);
    expect(newEntryBlockers(base)).toEqual([]);
  });
  it("identity is not imperfect or expired", () => {
    expect(newEntryBlockers({ ...base, user: { ...base.user, identity_confirmation: 4 } })).toEqual([
      "identityImperfect",
    ]);
    expect(newEntryBlockers({ ...base, user: { ...base.user, identity_valid_date: "2026-11-20" } })).toEqual([
      "identityExpired",
    ]);
  });
  it("status is lackOfUserData or login", () => {
    const declined = { ...base.user, has_satisfied_profile: false, has_pre_entry_declined: true };
    // preEntryDeclined is said as what it is.
    expect(newEntryBlockers({ ...base, user: declined })).toEqual(["preEntryDeclined"]);
    expect(mayCreateNewEntry({ ...base, user: { ...base.user, has_satisfied_profile: false } })).toBe(true);
  });
  it("new entries are not stopped", () => {
    expect(newEntryBlockers({ ...base, suppression: { method: "stop-new-entry" } })).toEqual([
      "newEntriesStopped",
    ]);
  });
  it("a stop for one segment stops only the users of that segment", () => {
    const stopGold = { method: "stop-new-entry", segment: "gold" };
    expect(newEntryBlockers({ ...base, suppression: stopGold })).toEqual([]);
    expect(
      newEntryBlockers({ ...base, user: { ...base.user, user_segment: "gold" }, suppression: stopGold }),
    ).toEqual(["newEntriesStopped"]);
  });
  it("no before-contract entry (reviewed, under_review or inadequate)", () => {
    for (const status of [1, 2, 3]) {
      expect(newEntryBlockers({ ...base, entries: [entry(status, [3])] })).toContain("beforeContractedEntry");
    }
    for (const status of [4, 5, 6])
      expect(mayCreateNewEntry({ ...base, entries: [entry(status, [4])] })).toBe(true);
  });
  it("no inadequate claim", () => {
    expect(newEntryBlockers({ ...base, entries: [entry(6, [2])] })).toEqual(["inadequateClaim"]);
  });
  it("Delay claims block entry unless has_entry_permission_when_delayed is set", () => {
    expect(newEntryBlockers({ ...base, entries: [entry(5, [7])] })).toEqual(["delayClaim"]);
    expect(
      mayCreateNewEntry({ ...base, entries: [entry(5, [7])], hasEntryPermissionWhenDelayed: true }),
    ).toBe(true);
  });
});

describe("one answer to 'may I apply?'", () => {
  const declined = { id: 1, has_satisfied_profile: false, has_pre_entry_declined: true };
  it("§4 preEntryDeclined: declined while the profile is not satisfied, whatever was answered since", () => {
    expect(isPreEntryDeclined(declined)).toBe(true);
    expect(isPreEntryDeclined({ ...declined, has_pre_entry_declined: false })).toBe(false);
    expect(isPreEntryDeclined({ ...declined, has_satisfied_profile: true })).toBe(false);
  });
  it("a declined user is barred (no document lifts it) and is not told to send documents", () => {
    const blockers = newEntryBlockers({ ...base, user: declined });
    expect(blockers).toEqual(["identityImperfect", "preEntryDeclined"]);
    expect(isBarredFromApplying(blockers)).toBe(true);
    expect(newEntryReasons(blockers)).toEqual([NEW_ENTRY_BLOCKER_MESSAGES.preEntryDeclined]);
  });
  it("a user who is not barred is told every reason, documents included", () => {
    const blockers = newEntryBlockers({ ...base, user: { ...base.user, identity_confirmation: 4 } });
    expect(isBarredFromApplying(blockers)).toBe(false);
    expect(newEntryReasons(blockers)).toEqual([NEW_ENTRY_BLOCKER_MESSAGES.identityImperfect]);
  });
  it("the operator's suppression message as written, alone; the fixed sentence only when there is none", () => {
    const message = "システム更新のため、12月1日まで新規のお申し込みを停止しています。";
    expect(newEntryReasons(["newEntriesStopped"], `  ${message}\n`)).toEqual([message]);
    expect(newEntryReasons(["newEntriesStopped"], "  ")).toEqual([
      "現在、新規のお申し込みを停止しています。",
    ]);
    expect(newEntryReasons(["newEntriesStopped"])).toEqual(["現在、新規のお申し込みを停止しています。"]);
  });

  it("one answer for every page: may apply when nothing blocks; else not, with the reasons My page lists", () => {
    expect(newEntryAnswer(base)).toEqual({ allowed: true, barred: false, reasons: [] });
    const expired = { ...base, user: { ...base.user, identity_valid_date: "2026-11-20" } };
    expect(newEntryAnswer(expired)).toEqual({
      allowed: false,
      barred: false,
      reasons: [NEW_ENTRY_BLOCKER_MESSAGES.identityExpired],
    });
    const message = "12月1日まで新規のお申し込みを停止しています。";
    const stopped = { ...base, suppression: { method: "stop-new-entry", message } };
    expect(newEntryAnswer(stopped)).toEqual({ allowed: false, barred: false, reasons: [message] });
    expect(newEntryAnswer({ ...base, user: declined })).toEqual({
      allowed: false,
      barred: true,
      reasons: [NEW_ENTRY_BLOCKER_MESSAGES.preEntryDeclined],
    });
  });
  it("a declined user is never asked for the profile or documents; everyone else without a profile is", () => {
    expect(asksForProfile(declined)).toBe(false);
    expect(asksForProfile({ ...declined, has_pre_entry_declined: false })).toBe(true);
    expect(asksForProfile(base.user)).toBe(false);
    expect(PRE_ENTRY_DECLINED_NO_DOCUMENTS).toBe(
      "事前審査の結果、お申し込みいただけないため、会員情報のご登録・本人確認書類のご提出は不要です。",
    );
  });
});
