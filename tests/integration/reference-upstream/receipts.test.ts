// The receipts a factoring customer keeps: the upstream mails the user when their entry is received,
// when the contract is concluded, when their identity is confirmed and when their return arrives,
// each once, each with a link on the app's configured public origin (docs/upstream-api).

import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { formatJapaneseDate } from "../../../app/domain/japan-date";
import { defaultServices } from "../../../reference-upstream/config";
import { runOperatorCommand } from "../../../reference-upstream/operator/command-line";
import { type OutboxMail, latestMails } from "../../../reference-upstream/outbox";
import { dateJst } from "../../../reference-upstream/time";
import { findUserById } from "../../../reference-upstream/users";
import { createEntryVia, createUserWithSession, validEntryBody, reviewClaims } from "./entry-fixtures";
import { useTestUpstream } from "./harness";

const PUBLIC_ORIGIN = "https://sakidori.example.jp";
const ROOT = path.resolve(import.meta.dirname, "../../..");
const run = promisify(execFile);

const upstream = useTestUpstream({
  overrides: { appBaseUrl: PUBLIC_ORIGIN, services: defaultServices(PUBLIC_ORIGIN) },
});

const operator = (...argv: string[]) => runOperatorCommand(upstream.db, argv, new Date(), upstream.config);
const mailsOf = (email: string, kind: string): OutboxMail[] =>
  latestMails(upstream.db, { to: email, kind, limit: 20 });

async function submittedEntry(claims = 1) {
  const client = createUserWithSession(upstream);
  const email = findUserById(upstream.db, client.userId)!.email;
  const entry = await createEntryVia(
    client,
    validEntryBody({ idempotency_key: `key-${client.userId}` }, claims),
  );
  return { client, email, entry, claimIds: entry.claims.map((claim) => claim.id as number) };
}

const reviewAsBuyable = (claimId: number) =>
  reviewClaims(upstream, [claimId], { decision: "can_buy", bankCharge: 440 });

describe("receipts by mail, each once, each linking on the configured public origin", () => {
  it("entry received: the submission is confirmed with its number and a link to its detail; a replayed submission sends no second", async () => {
    const { client, email, entry } = await submittedEntry();
    const replay = await client.post(
      "/api/entries/",
      validEntryBody({ idempotency_key: `key-${client.userId}` }),
    );
    expect(replay.status).toBe(200);
    const mails = mailsOf(email, "entry_received");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("お申し込みを受け付けました");
    expect(mails[0]!.subject).toContain(`申込番号 ${entry.code}`);
    expect(mails[0]!.link).toBe(`${PUBLIC_ORIGIN}/entry/detail/${entry.id}`);
    expect(mails[0]!.body).toContain(mails[0]!.link!);
    expect(mails[0]!.body).toContain("審査の結果はメールでお知らせします");
  });

  it("contract concluded: the user's agreement is confirmed with the figures and the return date; a replayed agreement sends no second", async () => {
    const { client, email, entry, claimIds } = await submittedEntry();
    reviewAsBuyable(claimIds[0]!);
    const agreed = await client.post(`/api/entries/${entry.id}/contract/`, { agreed: true });
    expect(agreed.status).toBe(200);
    const replay = await client.post(`/api/entries/${entry.id}/contract/`, { agreed: true });
    expect(replay.status).toBe(400);
    const mails = mailsOf(email, "entry_contracted");
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain("契約締結のお知らせ");
    expect(mail.link).toBe(`${PUBLIC_ORIGIN}/entry/detail/${entry.id}`);
    expect(mail.body).toContain("買取額 900,000円");
    expect(mail.body).toContain("手数料 45,000円");
    expect(mail.body).toContain("お受け取り額 854,560円");
    expect(mail.body).toMatch(/返金期日 \d{4}年\d{1,2}月\d{1,2}日（[日月火水木金土]）/);
  });

  it("identity confirmed: the user hears that the identity documents were confirmed, with their valid date and a link to My page", () => {
    const client = createUserWithSession(upstream);
    const email = findUserById(upstream.db, client.userId)!.email;
    expect(operator("confirm-identity", String(client.userId), "--valid-until", "2027-11-30")).toContain(
      "mail: identity_confirmed",
    );
    const mails = mailsOf(email, "identity_confirmed");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("本人確認が完了しました");
    expect(mails[0]!.body).toContain("2027年11月30日");
    expect(mails[0]!.link).toBe(`${PUBLIC_ORIGIN}/mypage`);
  });

  it("identity confirmed is mailed once: the same confirmation run again sends nothing; a new valid date sends one", () => {
    const client = createUserWithSession(upstream);
    const email = findUserById(upstream.db, client.userId)!.email;
    operator("confirm-identity", String(client.userId), "--valid-until", "2027-10-31");
    expect(operator("confirm-identity", String(client.userId), "--valid-until", "2027-10-31")).not.toContain(
      "mail:",
    );
    expect(mailsOf(email, "identity_confirmed")).toHaveLength(1);
    operator("confirm-identity", String(client.userId), "--valid-until", "2028-10-31");
    expect(mailsOf(email, "identity_confirmed")).toHaveLength(2);
  });

  it("return received: each claim returned is acknowledged with its debtor, its amount and the day it arrived", async () => {
    const { email, entry, claimIds } = await submittedEntry(2);
    reviewAsBuyable(claimIds[0]!);
    reviewAsBuyable(claimIds[1]!);
    operator("mark-contracted", String(entry.id));
    operator("mark-transferred", String(entry.id));
    expect(operator("mark-returned", String(claimIds[0]))).toContain("mail: entry_returned");
    const mails = mailsOf(email, "entry_returned");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("ご返金を確認しました");
    // The amount owed back: what the debtor pays for the claim (no principal was set at review).
    expect(mails[0]!.body).toContain("返金額 1,000,000円");
    expect(mails[0]!.body).toContain(`ご返金確認日 ${formatJapaneseDate(dateJst(new Date()))}`);
    expect(mails[0]!.body).toContain("残りのご返金 1件");
    expect(mails[0]!.link).toBe(`${PUBLIC_ORIGIN}/entry/detail/${entry.id}`);
  });

  it("`npm run operator` in a shell without APP_BASE_URL links on the origin the running upstream was started with", async () => {
    const client = createUserWithSession(upstream);
    const email = findUserById(upstream.db, client.userId)!.email;
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: upstream.dataDir };
    delete env.APP_BASE_URL;
    delete env.PORT;
    await run(
      "npx",
      // A valid date the fixture user does not have already: the same confirmation again is no news.
      [
        "tsx",
        "reference-upstream/cli/operator.ts",
        "confirm-identity",
        String(client.userId),
        "--valid-until",
        "2031-03-31",
      ],
      {
        cwd: ROOT,
        env,
      },
    );
    expect(mailsOf(email, "identity_confirmed")[0]!.link).toBe(`${PUBLIC_ORIGIN}/mypage`);
  }, 60_000);
});
