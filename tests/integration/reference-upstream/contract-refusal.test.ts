// No term the owner cannot keep, on the reference upstream: POST /api/entries/{id}/contract/ and the
// operator's mark-contracted refuse an entry whose bought claim's deadline has come, or whose owner's
// identity is not confirmed and valid, with the words of app/domain/contract-refusal.ts.

import { describe, expect, it } from "vitest";
import { ContractRefusalMessage, contractRefusal } from "../../../app/domain/contract-refusal";
import { japanDate } from "../../../app/domain/japan-date";
import { EntryStatus, ReviewStatus } from "../../../app/domain/statuses";
import { returnDateCalendar } from "../../../app/lookup/japan-holidays.server";
import { OperatorStateError } from "../../../reference-upstream/operator/errors";
import { runOperatorCommand } from "../../../reference-upstream/operator/command-line";
import { paymentDateDueByToday } from "../../fixtures/dates";
import { type UserClient, createEntryVia, createUserWithSession, reviewClaims } from "./entry-fixtures";
import { useTestUpstream } from "./harness";

const upstream = useTestUpstream();

const operator = (...argv: string[]) => runOperatorCommand(upstream.db, argv, new Date());

async function reviewedEntry(overrides: Record<string, unknown> = {}) {
  const client = createUserWithSession(upstream, overrides);
  const entry = await createEntryVia(client);
  const claimId = entry.claims[0].id as number;
  reviewClaims(upstream, [claimId], { decision: "can_buy", bankCharge: 440 });
  return { client, entry, claimId };
}

/** Moves the claim's dates so its deadline has come (today or past). */
function dueByToday(claimId: number): { obliger_payment_date: string; obliger_company_name: string } {
  const date = paymentDateDueByToday();
  upstream.db
    .prepare("UPDATE claims SET obliger_payment_date = ?, return_date = ? WHERE id = ?")
    .run(date, date, claimId);
  return upstream.db
    .prepare("SELECT obliger_payment_date, obliger_company_name FROM claims WHERE id = ?")
    .get(claimId) as { obliger_payment_date: string; obliger_company_name: string };
}

/** What the domain rule says of this claim today: the words both sides give. */
function deadlineMessage(claim: { obliger_payment_date: string; obliger_company_name: string }): string {
  const today = japanDate(new Date());
  const claims = [{ status: 3, return_date: claim.obliger_payment_date, ...claim }];
  const confirmed = { identity_confirmation: ReviewStatus.confirmed, identity_valid_date: null };
  return contractRefusal(
    { status: EntryStatus.reviewed, claims },
    confirmed,
    today,
    returnDateCalendar(claims),
  )!.message;
}

const statusOf = async (client: UserClient, id: number) =>
  ((await client.get(`/api/entries/${id}/`)).body as { status: number }).status;

describe("POST /api/entries/{id}/contract/: no term the owner cannot keep", () => {
  it("a bought claim whose deadline has come: 400 non_field_errors naming the claim and the date; nothing contracted", async () => {
    const { client, entry, claimId } = await reviewedEntry();
    const message = deadlineMessage(dueByToday(claimId));
    expect(message).toContain("請求書1・");
    const refused = await client.post(`/api/entries/${entry.id}/contract/`, { agreed: true });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ non_field_errors: [message] });
    expect(await statusOf(client, entry.id)).toBe(EntryStatus.reviewed);
  });

  it("an owner whose identity has expired, or is not yet confirmed: 400 with the rule's words; nothing contracted", async () => {
    const expired = await reviewedEntry();
    operator("expire-identity", String(expired.client.userId));
    const refused = await expired.client.post(`/api/entries/${expired.entry.id}/contract/`, { agreed: true });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ non_field_errors: [ContractRefusalMessage.identityExpired] });
    expect(await statusOf(expired.client, expired.entry.id)).toBe(EntryStatus.reviewed);

    const confirming = await reviewedEntry({ identity_confirmation: ReviewStatus.confirming });
    const unconfirmed = await confirming.client.post(`/api/entries/${confirming.entry.id}/contract/`, {
      agreed: true,
    });
    expect(unconfirmed.body).toEqual({ non_field_errors: [ContractRefusalMessage.identityUnconfirmed] });
    expect(await statusOf(confirming.client, confirming.entry.id)).toBe(EntryStatus.reviewed);
  });
});

describe("the operator's mark-contracted: the same rule", () => {
  it("refuses (OperatorStateError, the rule's words) a deadline that has come, and an expired identity; changes nothing", async () => {
    const late = await reviewedEntry();
    const message = deadlineMessage(dueByToday(late.claimId));
    expect(() => operator("mark-contracted", String(late.entry.id))).toThrow(message);
    expect(() => operator("mark-contracted", String(late.entry.id))).toThrow(OperatorStateError);
    expect(await statusOf(late.client, late.entry.id)).toBe(EntryStatus.reviewed);

    const expired = await reviewedEntry();
    operator("expire-identity", String(expired.client.userId));
    expect(() => operator("mark-contracted", String(expired.entry.id))).toThrow(
      ContractRefusalMessage.identityExpired,
    );
    expect(await statusOf(expired.client, expired.entry.id)).toBe(EntryStatus.reviewed);
  });

  it("contracts an entry the rule allows", async () => {
    const { client, entry } = await reviewedEntry();
    operator("mark-contracted", String(entry.id));
    expect(await statusOf(client, entry.id)).toBe(EntryStatus.contracted);
  });
});
