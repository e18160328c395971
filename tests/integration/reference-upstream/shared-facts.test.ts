// The limits the app writes into its fields are the ones the reference upstream serves: each is
// defined once in app/domain, and here the upstream's own answer names the same number (one past the
// limit is refused with a message that states the limit). A limit restated on either side and
// changed there alone fails this test.

import { describe, expect, it } from "vitest";
import { CORPORATION_QUERY_MAX_LENGTH } from "../../../app/domain/houjinbangou";
import { CLAIM_TEXT_MAX_LENGTH, PURPOSE_MAX_LENGTH } from "../../../app/domain/invoice-step";
import {
  BANK_NAME_MAX_LENGTH,
  BUSINESS_SUMMARY_MAX_LENGTH,
  DRAFT_TEXT_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  MAX_HOLDER_NAMES,
  PERSON_NAME_MAX_LENGTH,
  PROFILE_TEXT_MAX_LENGTH,
} from "../../../app/domain/upstream-limits";
import { MAX_STATEMENTS } from "../../../app/domain/withdrawal-step";
import { ExtraMessage } from "../../../reference-upstream/entries/fields";
import { DrfMessage } from "../../../reference-upstream/http/errors";
import { createUserWithSession, validClaim, validEntryBody } from "./entry-fixtures";
import { useTestUpstream } from "./harness";

const upstream = useTestUpstream();

const longer = (limit: number) => "あ".repeat(limit + 1);
const exactly = (limit: number) => "あ".repeat(limit);
const holders = (count: number) => Array.from({ length: count }, () => ({ holder_name: "ﾔﾏﾀﾞ" }));

describe("the reference upstream refuses one past app/domain's limit, naming that limit", () => {
  it("registration: the email address (EMAIL_MAX_LENGTH)", async () => {
    const email = (length: number) => `${"a".repeat(length - "@example.test".length)}@example.test`;
    const register = (address: string) =>
      upstream
        .client()
        .post("/api/register/", { email: address, password: "x", corporate_division: "corporate" });
    expect((await register(email(EMAIL_MAX_LENGTH + 1))).body.email).toContain(
      DrfMessage.maxLength(EMAIL_MAX_LENGTH),
    );
    expect((await register(email(EMAIL_MAX_LENGTH))).body.email ?? []).not.toContain(
      DrfMessage.maxLength(EMAIL_MAX_LENGTH),
    );
  });

  it("the profile: names, company and address lines, the business summary", async () => {
    const client = createUserWithSession(upstream);
    const refused = await client.patch("/api/profile/", {
      last_name: longer(PERSON_NAME_MAX_LENGTH),
      company_name: longer(PROFILE_TEXT_MAX_LENGTH),
      office_city: longer(PROFILE_TEXT_MAX_LENGTH),
      business_summary: longer(BUSINESS_SUMMARY_MAX_LENGTH),
    });
    expect(refused.body).toMatchObject({
      last_name: [DrfMessage.maxLength(PERSON_NAME_MAX_LENGTH)],
      company_name: [DrfMessage.maxLength(PROFILE_TEXT_MAX_LENGTH)],
      office_city: [DrfMessage.maxLength(PROFILE_TEXT_MAX_LENGTH)],
      business_summary: [DrfMessage.maxLength(BUSINESS_SUMMARY_MAX_LENGTH)],
    });
    const accepted = await client.patch("/api/profile/", {
      last_name: exactly(PERSON_NAME_MAX_LENGTH),
      company_name: exactly(PROFILE_TEXT_MAX_LENGTH),
      office_city: exactly(PROFILE_TEXT_MAX_LENGTH),
      business_summary: exactly(BUSINESS_SUMMARY_MAX_LENGTH),
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const bank = await client.patch("/api/profile/", {
      bank_account: {
        bank_name: longer(BANK_NAME_MAX_LENGTH),
        branch_name: longer(BANK_NAME_MAX_LENGTH),
        deposit_type: "ordinary",
        bank_account_number: "1234567",
        account_holder_name: "ﾔﾏﾀﾞ",
      },
    });
    expect(
      JSON.stringify(bank.body).split(JSON.stringify(DrfMessage.maxLength(BANK_NAME_MAX_LENGTH))),
    ).toHaveLength(3);
  });

  it("the draft: its strings, a claim's holder names and the withdrawal step's statements", async () => {
    const client = createUserWithSession(upstream);
    expect(
      (await client.patch("/api/draft_entry/", { purpose: longer(DRAFT_TEXT_MAX_LENGTH) })).body,
    ).toEqual({
      purpose: [DrfMessage.maxLength(DRAFT_TEXT_MAX_LENGTH)],
    });
    const tooManyHolders = await client.patch("/api/draft_entry/", {
      claims: [{ receive_payment_account: { obliger_accounts: holders(MAX_HOLDER_NAMES + 1) } }],
    });
    expect(JSON.stringify(tooManyHolders.body)).toContain(ExtraMessage.maxItems(MAX_HOLDER_NAMES));
    const tooManyBanks = await client.patch("/api/draft_entry/", {
      banks: Array.from({ length: MAX_STATEMENTS + 1 }, () => ({})),
    });
    expect(JSON.stringify(tooManyBanks.body)).toContain(`${MAX_STATEMENTS}個まで`);
    const accepted = await client.patch("/api/draft_entry/", {
      purpose: exactly(DRAFT_TEXT_MAX_LENGTH),
      claims: [{ receive_payment_account: { obliger_accounts: holders(MAX_HOLDER_NAMES) } }],
      banks: Array.from({ length: MAX_STATEMENTS }, () => ({})),
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });

  it("an entry: the purpose, a claim's company name, its holder names, the idempotency key", async () => {
    const client = createUserWithSession(upstream);
    const claim = validClaim() as Record<string, unknown>;
    const response = await client.post(
      "/api/entries/",
      validEntryBody({
        purpose: longer(PURPOSE_MAX_LENGTH),
        idempotency_key: "k".repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1),
        claims: [
          {
            ...claim,
            obliger_company_name: longer(CLAIM_TEXT_MAX_LENGTH),
            receive_payment_account: {
              ...(claim.receive_payment_account as object),
              obliger_accounts: holders(MAX_HOLDER_NAMES + 1),
            },
          },
        ],
      }),
    );
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      purpose: [DrfMessage.maxLength(PURPOSE_MAX_LENGTH)],
      idempotency_key: [DrfMessage.maxLength(IDEMPOTENCY_KEY_MAX_LENGTH)],
    });
    const text = JSON.stringify(response.body);
    expect(text).toContain(JSON.stringify(DrfMessage.maxLength(CLAIM_TEXT_MAX_LENGTH)));
    expect(text).toContain(JSON.stringify(ExtraMessage.maxItems(MAX_HOLDER_NAMES)));
  });

  it("an upload's idempotency key, and the corporate-number search's query", async () => {
    const client = createUserWithSession(upstream);
    const form = new FormData();
    form.set("kind", "invoice-1");
    form.set("idempotency_key", "k".repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1));
    form.set("content", new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])]), "a.pdf");
    const upload = await client.request("POST", "/api/uploads/", { form });
    expect(upload.body.idempotency_key).toEqual([DrfMessage.maxLength(IDEMPOTENCY_KEY_MAX_LENGTH)]);
    const search = (name: string) => client.get(`/api/ext/houjinbangou/?${new URLSearchParams({ name })}`);
    expect((await search(longer(CORPORATION_QUERY_MAX_LENGTH))).body).toEqual({
      name: [DrfMessage.maxLength(CORPORATION_QUERY_MAX_LENGTH)],
    });
    expect((await search(exactly(CORPORATION_QUERY_MAX_LENGTH))).status).toBe(200);
  });
});
