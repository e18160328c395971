import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { DEFAULT_BRAND } from "../../../app/brand/brands";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClaimStatus, EntryStatus, ReviewStatus } from "../../../app/domain/statuses";
import { readSuppression } from "../../../reference-upstream/entries/eligibility";
import {
  OperatorStateError,
  OperatorUsageError,
  runOperatorCommand,
} from "../../../reference-upstream/entries/operator-actions";
import { latestMails, sendMail } from "../../../reference-upstream/outbox";
import { dateJst } from "../../../reference-upstream/time";
import { findUserById } from "../../../reference-upstream/users";
import { type UserClient, createEntryVia, createUserWithSession, validEntryBody } from "./entry-fixtures";
import { type TestUpstream, startTestUpstream } from "./harness";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../../..");

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(() => upstream.dispose());

const operator = (...argv: string[]) => runOperatorCommand(upstream.db, argv, new Date());
const canBuy = (claimId: number) =>
  operator(
    "review-claim",
    String(claimId),
    "can_buy",
    "--purchase-amount",
    "900000",
    "--fee",
    "45000",
    "--fee-ratio",
    "0.05",
    "--ratio",
    "0.9",
    "--bank-charge",
    "440",
  );

async function entryWithClaims(count: number) {
  const client = createUserWithSession(upstream);
  const entry = await createEntryVia(client, validEntryBody({}, count));
  return { client, entry, claimIds: entry.claims.map((claim) => claim.id) };
}

const read = async (client: UserClient, id: number) => (await client.get(`/api/entries/${id}/`)).body;

/** Runs the CLI as `npm run operator` does; answers the exit code and output. */
async function spawnCli(script: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run("npx", ["tsx", script, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("the operator command line", () => {
  it("`npx tsx reference-upstream/cli/operator.ts help` lists the commands and exits 0", async () => {
    const result = await spawnCli("reference-upstream/cli/operator.ts", ["help"]);
    expect(result.code).toBe(0);
    for (const command of [
      "users",
      "entries",
      "review-claim",
      "mark-contracted",
      "confirm-identity",
      "set-suppression",
    ]) {
      expect(result.stdout).toContain(command);
    }
  }, 60_000);

  it("an unknown command exits 2 with a usage error; a command runs against $DATA_DIR", async () => {
    const unknown = await spawnCli("reference-upstream/cli/operator.ts", ["frobnicate"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command");
    const client = createUserWithSession(upstream);
    const users = await spawnCli("reference-upstream/cli/operator.ts", ["users"], {
      DATA_DIR: upstream.dataDir,
    });
    expect(users.code).toBe(0);
    expect(users.stdout).toContain(findUserById(upstream.db, client.userId)!.email);
    const missing = await spawnCli("reference-upstream/cli/operator.ts", ["review-claim", "1"], {
      DATA_DIR: upstream.dataDir,
    });
    expect(missing.code).toBe(2);
  }, 60_000);

  it("`npm run outbox` prints the newest mail: to, subject, body, link", async () => {
    sendMail(
      upstream.db,
      DEFAULT_BRAND,
      {
        kind: "activation",
        to: "outbox@example.test",
        subject: "メールアドレスの確認",
        body: "本文です",
        link: "http://localhost:3000/x",
      },
      new Date(),
    );
    const result = await spawnCli("reference-upstream/cli/outbox.ts", ["--to", "outbox@example.test"], {
      DATA_DIR: upstream.dataDir,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("outbox@example.test");
    expect(result.stdout).toContain("メールアドレスの確認");
    expect(result.stdout).toContain("本文です");
    expect(result.stdout).toContain("http://localhost:3000/x");
  }, 60_000);
});

describe("usage errors and refusals", () => {
  it("usage errors are OperatorUsageError (exit 2)", () => {
    const usage: string[][] = [
      ["frobnicate"],
      ["show-entry"],
      ["show-entry", "abc"],
      ["review-claim", "1", "maybe"],
      ["review-claim", "1", "can_buy", "--fee", "1"],
      [
        "review-claim",
        "1",
        "can_buy",
        "--purchase-amount",
        "x",
        "--fee",
        "1",
        "--fee-ratio",
        "0.1",
        "--ratio",
        "0.9",
        "--bank-charge",
        "0",
      ],
      ["review-claim", "1", "inadequate"],
      ["review-claim", "1", "inadequate", "--reason", "x", "--document", "passport"],
      ["review-claim", "1", "cannot_buy", "--reason", "x"],
      ["entries", "--colour", "red"],
      ["confirm-identity", "1", "--valid-until", "2026-02-30"],
      ["set-suppression", "sometimes"],
      ["set-entry-permission", "1", "yes"],
      ["inadequate-entry", "1", "--reason"],
    ];
    for (const argv of usage) {
      expect(() => operator(...argv), argv.join(" ")).toThrow(OperatorUsageError);
    }
  });

  it("unknown ids and wrong states are OperatorStateError (exit 1), and change nothing", async () => {
    expect(() => operator("show-entry", "999999")).toThrow(OperatorStateError);
    expect(() => operator("confirm-identity", "999999")).toThrow(OperatorStateError);
    const { client, entry, claimIds } = await entryWithClaims(1);
    expect(() => operator("mark-contracted", String(entry.id))).toThrow(OperatorStateError);
    expect(() => operator("mark-delay", String(claimIds[0]))).toThrow(OperatorStateError);
    expect(() => operator("mark-returned", String(claimIds[0]))).toThrow(OperatorStateError);
    expect((await read(client, entry.id)).status).toBe(EntryStatus.under_review);
  });
});

describe("reviews and the entry status they derive", () => {
  it("lists users and entries, and shows an entry as the API answers it", async () => {
    const { client, entry } = await entryWithClaims(1);
    expect(operator("users")).toContain(findUserById(upstream.db, client.userId)!.email);
    expect(operator("entries", "--user", String(client.userId))).toContain(entry.code);
    expect(JSON.parse(operator("show-entry", String(entry.id)))).toEqual(await read(client, entry.id));
  });

  it("stays under_review while a claim awaits review; all reviewed with one can_buy → reviewed (3)", async () => {
    const { client, entry, claimIds } = await entryWithClaims(2);
    canBuy(claimIds[0]!);
    expect((await read(client, entry.id)).status).toBe(EntryStatus.under_review);
    operator("review-claim", String(claimIds[1]), "cannot_buy");
    const reviewed = await read(client, entry.id);
    expect(reviewed.status).toBe(EntryStatus.reviewed);
    expect(reviewed.reviewed_at).toEqual(expect.any(String));
    expect(reviewed.claims[0].invoice_confirmation_status).toBe(ReviewStatus.confirmed);
    expect(reviewed.claims[1].status).toBe(ClaimStatus.cannot_buy);
  });

  it("all cannot_buy → archived (6) with rejected_at", async () => {
    const { client, entry, claimIds } = await entryWithClaims(2);
    for (const id of claimIds) operator("review-claim", String(id), "cannot_buy");
    const rejected = await read(client, entry.id);
    expect(rejected.status).toBe(EntryStatus.archived);
    expect(rejected.rejected_at).toEqual(expect.any(String));
  });

  it("any inadequate claim → inadequate (2) with description_of_inadequate_document, per document", async () => {
    const { client, entry, claimIds } = await entryWithClaims(2);
    canBuy(claimIds[0]!);
    operator(
      "review-claim",
      String(claimIds[1]),
      "inadequate",
      "--reason",
      "追加書類が不鮮明です",
      "--document",
      "additional_doc",
    );
    const inadequate = await read(client, entry.id);
    expect(inadequate.status).toBe(EntryStatus.inadequate);
    expect(inadequate.description_of_inadequate_document).toBe("請求書2: 追加書類が不鮮明です");
    expect(inadequate.claims[1]).toMatchObject({
      status: ClaimStatus.inadequate,
      inadequate_reason: "追加書類が不鮮明です",
      additional_doc_confirmation_status: ReviewStatus.inadequate,
      invoice_confirmation_status: ReviewStatus.nothing,
    });
    // A later review of the same claim moves the entry on.
    canBuy(claimIds[1]!);
    expect((await read(client, entry.id)).status).toBe(EntryStatus.reviewed);
  });

  it("inadequate-entry marks the financial and withdrawal documents inadequate (2)", async () => {
    const { client, entry } = await entryWithClaims(1);
    operator("inadequate-entry", String(entry.id), "--reason", "通帳の写しが不足しています");
    const inadequate = await read(client, entry.id);
    expect(inadequate.status).toBe(EntryStatus.inadequate);
    expect(inadequate.account_activity_statement_confirmation_status).toBe(ReviewStatus.inadequate);
    expect(inadequate.financial_statement_confirmation_status).toBe(ReviewStatus.inadequate);
    expect(inadequate.description_of_inadequate_document).toBe("通帳の写しが不足しています");
  });

  it("contract, transfer, delay and return: the entry completes when no claim is still out", async () => {
    const { client, entry, claimIds } = await entryWithClaims(2);
    canBuy(claimIds[0]!);
    canBuy(claimIds[1]!);
    operator("mark-contracted", String(entry.id));
    let current = await read(client, entry.id);
    expect(current.status).toBe(EntryStatus.contracted);
    expect(current.claims.map((claim: { status: number }) => claim.status)).toEqual([4, 4]);
    operator("mark-transferred", String(entry.id));
    current = await read(client, entry.id);
    expect(current.status).toBe(EntryStatus.transferred);
    expect(current.transferred_at).toEqual(expect.any(String));
    expect(current.claims.map((claim: { status: number }) => claim.status)).toEqual([5, 5]);
    operator("mark-delay", String(claimIds[0]));
    operator("mark-returned", String(claimIds[1]), "--date", "2026-12-01");
    current = await read(client, entry.id);
    expect(current.claims[0].status).toBe(ClaimStatus.delay);
    expect(current.claims[1]).toMatchObject({ status: ClaimStatus.returned, return_date: "2026-12-01" });
    expect(current.transaction_completed_at).toBeNull();
    operator("mark-returned", String(claimIds[0]));
    current = await read(client, entry.id);
    expect(current.claims[0].status).toBe(ClaimStatus.returned);
    expect(current.claims[0].returned_at).toEqual(expect.any(String));
    expect(current.transaction_completed_at).toEqual(expect.any(String));
  });

  it("cancel-claim cancels one claim, and the entry follows its remaining claims", async () => {
    const { client, entry, claimIds } = await entryWithClaims(2);
    canBuy(claimIds[0]!);
    operator("cancel-claim", String(claimIds[1]));
    const current = await read(client, entry.id);
    expect(current.claims[1].status).toBe(ClaimStatus.cancel);
    expect(current.claims[1].cancelled_at).toEqual(expect.any(String));
    expect(current.status).toBe(EntryStatus.reviewed);
    expect(() => operator("cancel-claim", String(claimIds[1]))).toThrow(OperatorStateError);
  });
});

describe("identity, suppression and permission", () => {
  it("confirm-identity sets confirmed (3), valid for one year by default or until the date given", () => {
    const client = createUserWithSession(upstream, { identity_confirmation: 1, identity_valid_date: null });
    operator("confirm-identity", String(client.userId));
    const today = dateJst(new Date());
    let user = findUserById(upstream.db, client.userId)!;
    expect(user.identity_confirmation).toBe(ReviewStatus.confirmed);
    expect(user.identity_valid_date).toBe(
      `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`.replace("-02-29", "-02-28"),
    );
    operator("confirm-identity", String(client.userId), "--valid-until", "2030-03-31");
    user = findUserById(upstream.db, client.userId)!;
    expect(user.identity_valid_date).toBe("2030-03-31");
  });

  it("expire-identity sets expired (5) with yesterday's date; inadequate-identity sets inadequate (2)", () => {
    const client = createUserWithSession(upstream);
    operator("expire-identity", String(client.userId));
    let user = findUserById(upstream.db, client.userId)!;
    expect(user.identity_confirmation).toBe(ReviewStatus.expired);
    expect(user.identity_valid_date).toBe(dateJst(new Date(Date.now() - 24 * 60 * 60 * 1000)));
    operator("inadequate-identity", String(client.userId));
    user = findUserById(upstream.db, client.userId)!;
    expect(user.identity_confirmation).toBe(ReviewStatus.inadequate);
  });

  it("set-suppression writes the system setting; set-entry-permission the user's flag", () => {
    try {
      operator("set-suppression", "stop-new-entry", "--message", "停止中", "--segment", "general");
      expect(readSuppression(upstream.db)).toEqual({
        method: "stop-new-entry",
        message: "停止中",
        segment: "general",
      });
    } finally {
      operator("set-suppression", "none");
    }
    expect(readSuppression(upstream.db)).toEqual({ method: "none", message: "", segment: "" });
    const client = createUserWithSession(upstream);
    operator("set-entry-permission", String(client.userId), "false");
    expect(findUserById(upstream.db, client.userId)!.has_entry_permission_when_delayed).toBe(0);
  });
});

describe("the operator's changes mail the entry's owner a link to its detail page", () => {
  const mailsTo = (email: string) => latestMails(upstream.db, { to: email, limit: 20 }).reverse();

  it("reviewed (once, when the last claim is reviewed), contracted, transferred, delay, returned; nothing for a change the user need not hear of", async () => {
    const { client, entry, claimIds } = await entryWithClaims(2);
    const email = findUserById(upstream.db, (await read(client, entry.id)).user)!.email;
    canBuy(claimIds[0]!);
    expect(mailsTo(email).map((mail) => mail.kind)).toEqual(["entry_received"]);
    expect(canBuy(claimIds[1]!)).toContain("mail: entry_reviewed");
    operator("mark-contracted", String(entry.id));
    operator("mark-transferred", String(entry.id));
    operator("mark-delay", String(claimIds[0]));
    operator("mark-returned", String(claimIds[1]));
    const mails = mailsTo(email).filter((mail) => mail.kind.startsWith("entry_"));
    expect(mails.map((mail) => mail.kind)).toEqual([
      "entry_received",
      "entry_reviewed",
      "entry_contracted",
      "entry_transferred",
      "entry_delay",
      "entry_returned",
    ]);
    for (const mail of mails) {
      expect(mail.link).toMatch(new RegExp(`^https?://[^/]+/entry/detail/${entry.id}$`));
      expect(mail.body).toContain(mail.link!);
      expect(mail.subject).toContain(`申込番号 ${entry.code}`);
    }
    expect(mails[4]!.subject).toContain("【重要】ご返金が確認できていません");
  });

  it("inadequate: a claim or the entry's documents", async () => {
    const { client, entry, claimIds } = await entryWithClaims(1);
    const email = findUserById(upstream.db, (await read(client, entry.id)).user)!.email;
    operator("review-claim", String(claimIds[0]), "inadequate", "--reason", "日付が読めません");
    expect(mailsTo(email).map((mail) => mail.kind)).toContain("entry_inadequate");
    expect(mailsTo(email).at(-1)!.body).toContain("再提出");
  });
});
