import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { DEFAULT_BRAND } from "../../../app/brand/brands";
import { describe, expect, it } from "vitest";
import { ClaimStatus, EntryStatus, ReviewStatus } from "../../../app/domain/statuses";
import { readSuppression } from "../../../reference-upstream/entries/eligibility";
import { OperatorStateError, OperatorUsageError } from "../../../reference-upstream/operator/errors";
import {
  OPERATOR_COMMANDS,
  OPERATOR_GROUPS,
  OPERATOR_OPTIONS,
} from "../../../reference-upstream/operator/commands";
import { OPERATOR_HELP, operatorHelp } from "../../../reference-upstream/operator/help";
import { REVIEW_OFFERS } from "../../../reference-upstream/operator/review-offers";
import { runOperatorCommand } from "../../../reference-upstream/operator/command-line";
import { latestMails, sendMail } from "../../../reference-upstream/outbox";
import { dateJst } from "../../../reference-upstream/time";
import { findUserById } from "../../../reference-upstream/users";
import {
  type UserClient,
  createEntryVia,
  createUserWithSession,
  insertUpload,
  validClaim,
  validEntryBody,
  reviewClaims,
} from "./entry-fixtures";
import { useTestUpstream } from "./harness";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../../..");

const upstream = useTestUpstream();

const operator = (...argv: string[]) => runOperatorCommand(upstream.db, argv, new Date());
const canBuy = (claimId: number) =>
  reviewClaims(upstream, [claimId], { decision: "can_buy", bankCharge: 440 });

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
    const one = await spawnCli("reference-upstream/cli/operator.ts", ["help", "review-claim"]);
    expect(one.code).toBe(0);
    expect(one.stdout).toContain("--offer NAME");
    const unknown = await spawnCli("reference-upstream/cli/operator.ts", ["help", "frobnicate"]);
    expect(unknown.code).toBe(2);
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
    reviewClaims(upstream, [claimIds[1]], { decision: "cannot_buy" });
    const reviewed = await read(client, entry.id);
    expect(reviewed.status).toBe(EntryStatus.reviewed);
    expect(reviewed.reviewed_at).toEqual(expect.any(String));
    expect(reviewed.claims[0].invoice_confirmation_status).toBe(ReviewStatus.confirmed);
    expect(reviewed.claims[1].status).toBe(ClaimStatus.cannot_buy);
  });

  it("all cannot_buy → archived (6) with rejected_at", async () => {
    const { client, entry, claimIds } = await entryWithClaims(2);
    reviewClaims(upstream, claimIds, { decision: "cannot_buy" });
    const rejected = await read(client, entry.id);
    expect(rejected.status).toBe(EntryStatus.archived);
    expect(rejected.rejected_at).toEqual(expect.any(String));
  });

  it("any inadequate claim → inadequate (2) with description_of_inadequate_document, per document", async () => {
    const { client, entry, claimIds } = await entryWithClaims(2);
    canBuy(claimIds[0]!);
    reviewClaims(upstream, [claimIds[1]], {
      decision: "inadequate",
      reason: "追加書類が不鮮明です",
      document: "additional_doc",
    });
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
    // The day after the deadline: one claim is late, the other's return came on its deadline.
    const deadline = current.claims[1].return_date as string;
    const afterDeadline = new Date(Date.parse(`${deadline}T12:00:00+09:00`) + 86_400_000);
    const operatorAfter = (...argv: string[]) => runOperatorCommand(upstream.db, argv, afterDeadline);
    operatorAfter("mark-delay", String(claimIds[0]));
    operatorAfter("mark-returned", String(claimIds[1]), "--date", deadline);
    current = await read(client, entry.id);
    expect(current.claims[0].status).toBe(ClaimStatus.delay);
    expect(current.claims[1]).toMatchObject({ status: ClaimStatus.returned, return_date: deadline });
    expect(current.transaction_completed_at).toBeNull();
    operatorAfter("mark-returned", String(claimIds[0]));
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
    const deadline = (await read(client, entry.id)).claims[0].return_date as string;
    const afterDeadline = new Date(Date.parse(`${deadline}T12:00:00+09:00`) + 86_400_000);
    runOperatorCommand(upstream.db, ["mark-delay", String(claimIds[0])], afterDeadline);
    runOperatorCommand(upstream.db, ["mark-returned", String(claimIds[1])], afterDeadline);
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
    reviewClaims(upstream, [claimIds[0]], { decision: "inadequate", reason: "日付が読めません" });
    expect(mailsTo(email).map((mail) => mail.kind)).toContain("entry_inadequate");
    expect(mailsTo(email).at(-1)!.body).toContain("再提出");
  });
});

describe("the operator's records stay true", () => {
  /** The command run on a given day (noon in Japan), as the operator would run it then. */
  const operatorOn = (day: string, ...argv: string[]) =>
    runOperatorCommand(upstream.db, argv, new Date(`${day}T12:00:00+09:00`));
  const dayAfter = (day: string, days = 1) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const review = (claimId: number, figures: Record<string, string>) =>
    operator(
      "review-claim",
      String(claimId),
      "can_buy",
      ...Object.entries(figures).flatMap(([name, value]) => [`--${name}`, value]),
    );
  // Help's rounding example: 1,099,340円 returned for 989,406円 bought at 90 %, 5 % fee and 660円.
  const EXAMPLE = {
    "purchase-amount": "989406",
    fee: "49470",
    "fee-ratio": "0.05",
    ratio: "0.9",
    "bank-charge": "660",
    principal: "1099340",
  };

  async function transferredClaim() {
    const client = createUserWithSession(upstream);
    const entry = await createEntryVia(client);
    const claimId = entry.claims[0].id as number;
    canBuy(claimId);
    operator("mark-contracted", String(entry.id));
    operator("mark-transferred", String(entry.id));
    const current = await read(client, entry.id);
    return {
      client,
      entry,
      claimId,
      deadline: current.claims[0].return_date as string,
      paidOut: (current.transferred_at as string).slice(0, 10),
    };
  }

  it("review-claim refuses a purchase amount above the debtor's 振込金額, and changes nothing", async () => {
    const client = createUserWithSession(upstream);
    const entry = await createEntryVia(
      client,
      validEntryBody({ claims: [validClaim({ scheduled_deposit_amount_from_obliger: 1_099_340 })] }),
    );
    const claimId = entry.claims[0].id as number;
    expect(() => review(claimId, { ...EXAMPLE, "purchase-amount": "1099341", principal: "1099340" })).toThrow(
      OperatorStateError,
    );
    expect(() => review(claimId, { ...EXAMPLE, "purchase-amount": "1099341", ratio: "1" })).toThrow(
      /1,099,341.*1,099,340.*売掛先からの銀行振込金額/s,
    );
    expect(() => review(claimId, { ...EXAMPLE, principal: "1099341" })).toThrow(
      /--principal.*1,099,341.*1,099,340.*返金額/s,
    );
    const unchanged = (await read(client, entry.id)).claims[0];
    expect(unchanged).toMatchObject({ status: ClaimStatus.under_review, purchase_amount: null });
    expect(review(claimId, EXAMPLE)).toContain("can_buy");
    expect((await read(client, entry.id)).claims[0]).toMatchObject({
      status: ClaimStatus.can_buy,
      purchase_amount: 989406,
      purchase_principal_amount: 1099340,
    });
  });

  it("review-claim refuses a fee and bank charge that leave the owner nothing, and figures that disagree with their ratios", async () => {
    const client = createUserWithSession(upstream);
    const entry = await createEntryVia(
      client,
      validEntryBody({ claims: [validClaim({ scheduled_deposit_amount_from_obliger: 1_099_340 })] }),
    );
    const claimId = entry.claims[0].id as number;
    // 手数料 + 振込手数料 equal to the 買取額: nothing left to receive.
    expect(() =>
      review(claimId, { ...EXAMPLE, fee: "988746", "fee-ratio": "0.999333", "bank-charge": "660" }),
    ).toThrow(/nothing.*お受け取り額/s);
    expect(() => review(claimId, { ...EXAMPLE, "bank-charge": "939936" })).toThrow(OperatorStateError);
    // 買取額 = 返金額 × 掛目 and 手数料 = 買取額 × 手数料率, each to the yen.
    expect(() => review(claimId, { ...EXAMPLE, ratio: "0.8" })).toThrow(/--ratio.*掛目/s);
    expect(() => review(claimId, { ...EXAMPLE, "fee-ratio": "0.04" })).toThrow(/--fee-ratio.*手数料/s);
    // Rounded to the yen either way is the same figure.
    expect(review(claimId, { ...EXAMPLE, fee: "49471" })).toContain("can_buy");
    expect((await read(client, entry.id)).claims[0].purchase_fee).toBe(49471);
  });

  it("mark-delay only after the deadline has passed: before it, refused with the deadline and the days left", async () => {
    const { client, entry, claimId, deadline } = await transferredClaim();
    const before = dayAfter(deadline, -3);
    expect(() => operatorOn(before, "mark-delay", String(claimId))).toThrow(OperatorStateError);
    expect(() => operatorOn(before, "mark-delay", String(claimId))).toThrow(
      new RegExp(`${deadline}.*3 days.*あと3日`, "s"),
    );
    expect(() => operatorOn(deadline, "mark-delay", String(claimId))).toThrow(/本日が返金期日/);
    expect((await read(client, entry.id)).claims[0].status).toBe(ClaimStatus.transferred);
    expect(operatorOn(dayAfter(deadline), "mark-delay", String(claimId))).toContain("delay");
    expect((await read(client, entry.id)).claims[0]).toMatchObject({
      status: ClaimStatus.delay,
      return_date: deadline,
    });
  });

  it("mark-returned --date records the day the money came and never moves 返金期日", async () => {
    const { client, entry, claimId, deadline } = await transferredClaim();
    const later = dayAfter(deadline, 2);
    operatorOn(dayAfter(deadline), "mark-delay", String(claimId));
    operatorOn(dayAfter(deadline, 5), "mark-returned", String(claimId), "--date", later);
    const returned = (await read(client, entry.id)).claims[0];
    expect(returned).toMatchObject({ status: ClaimStatus.returned, return_date: deadline });
    expect(dateJst(new Date(returned.returned_at))).toBe(later);
  });

  it("mark-returned refuses a --date in the future or before the payout; without --date the day is today", async () => {
    const { client, entry, claimId, deadline, paidOut } = await transferredClaim();
    const today = dateJst(new Date());
    expect(() => operator("mark-returned", String(claimId), "--date", dayAfter(today))).toThrow(
      /future.*未来/s,
    );
    expect(() => operator("mark-returned", String(claimId), "--date", dayAfter(paidOut, -1))).toThrow(
      new RegExp(`${paidOut}.*お振込`, "s"),
    );
    expect((await read(client, entry.id)).claims[0].status).toBe(ClaimStatus.transferred);
    operator("mark-returned", String(claimId));
    const returned = (await read(client, entry.id)).claims[0];
    expect(returned).toMatchObject({ status: ClaimStatus.returned, return_date: deadline });
    expect(dateJst(new Date(returned.returned_at))).toBe(today);
  });
});

describe("the entry's 決算書類 and 入出金明細 are confirmed at review", () => {
  async function entryWithDocuments(claims = 1) {
    const client = createUserWithSession(upstream);
    const pl = insertUpload(upstream, client.userId, "pl");
    const passbook = insertUpload(upstream, client.userId, "passbook_cover");
    const entry = await createEntryVia(client, validEntryBody({ addfiles: [pl, passbook] }, claims));
    return { client, entry, claimIds: entry.claims.map((claim) => claim.id as number) };
  }
  const documentStatuses = async (client: UserClient, id: number) => {
    const entry = await read(client, id);
    return [
      entry.financial_statement_confirmation_status,
      entry.account_activity_statement_confirmation_status,
    ];
  };
  const CONFIRMED = [ReviewStatus.confirmed, ReviewStatus.confirmed];

  it("reviewed → both confirmed, and they stay so through contract, payout and the return", async () => {
    const { client, entry, claimIds } = await entryWithDocuments(2);
    canBuy(claimIds[0]!);
    expect(await documentStatuses(client, entry.id)).toEqual([ReviewStatus.nothing, ReviewStatus.nothing]);
    reviewClaims(upstream, [claimIds[1]], { decision: "cannot_buy" });
    expect((await read(client, entry.id)).status).toBe(EntryStatus.reviewed);
    expect(await documentStatuses(client, entry.id)).toEqual(CONFIRMED);
    operator("mark-contracted", String(entry.id));
    expect(await documentStatuses(client, entry.id)).toEqual(CONFIRMED);
    operator("mark-transferred", String(entry.id));
    operator("mark-returned", String(claimIds[0]));
    const completed = await read(client, entry.id);
    expect(completed.transaction_completed_at).toEqual(expect.any(String));
    expect(await documentStatuses(client, entry.id)).toEqual(CONFIRMED);
  });

  it("archived after review (nothing bought) → confirmed too; a document never sent stays as it was", async () => {
    const { client, entry, claimIds } = await entryWithDocuments();
    reviewClaims(upstream, [claimIds[0]], { decision: "cannot_buy" });
    expect((await read(client, entry.id)).status).toBe(EntryStatus.archived);
    expect(await documentStatuses(client, entry.id)).toEqual(CONFIRMED);
    const bare = await entryWithClaims(1);
    canBuy(bare.claimIds[0]!);
    expect((await read(bare.client, bare.entry.id)).status).toBe(EntryStatus.reviewed);
    expect(await documentStatuses(bare.client, bare.entry.id)).toEqual([
      ReviewStatus.nothing,
      ReviewStatus.nothing,
    ]);
  });

  it("inadequate documents, resubmitted, are confirmed when the review completes", async () => {
    const { client, entry, claimIds } = await entryWithDocuments();
    operator("inadequate-entry", String(entry.id), "--reason", "決算書が不足しています");
    canBuy(claimIds[0]!);
    expect((await read(client, entry.id)).status).toBe(EntryStatus.inadequate);
    const pl = insertUpload(upstream, client.userId, "pl");
    const passbook = insertUpload(upstream, client.userId, "passbook_cover");
    const resubmitted = await client.post(`/api/entries/${entry.id}/review/`, { addfiles: [pl, passbook] });
    expect(resubmitted.status).toBe(200);
    expect(await documentStatuses(client, entry.id)).toEqual([
      ReviewStatus.confirming,
      ReviewStatus.confirming,
    ]);
    canBuy(claimIds[0]!);
    expect((await read(client, entry.id)).status).toBe(EntryStatus.reviewed);
    expect(await documentStatuses(client, entry.id)).toEqual(CONFIRMED);
  });
});

describe("help explains each command and each option, with an example", () => {
  const sectionOf = (command: string) => operatorHelp(command);

  it("every command has an example line; every option the parser accepts has a line saying what it is", () => {
    for (const command of OPERATOR_COMMANDS) {
      if (command === "help") continue;
      const section = sectionOf(command);
      expect(section, command).toMatch(new RegExp(`^ {4,}npm run operator -- ${command}\\b`, "m"));
      for (const option of OPERATOR_OPTIONS[command]) {
        expect(section, `${command} --${option}`).toMatch(
          new RegExp(`^ {4,}--${option}(?: \\S+)? {2,}\\S.{12,}`, "m"),
        );
      }
    }
  });

  it("groups every command under what an operator does, each once, with its purpose and an example", () => {
    expect(OPERATOR_GROUPS.map((group) => group.name)).toEqual([
      "review",
      "contract",
      "payout",
      "returns",
      "identity",
      "suppression",
    ]);
    const grouped = OPERATOR_GROUPS.flatMap((group) => group.commands);
    expect([...grouped].sort()).toEqual(OPERATOR_COMMANDS.filter((command) => command !== "help").sort());
    const lines = OPERATOR_HELP.split("\n");
    let heading = "";
    const seen: string[] = [];
    lines.forEach((line, index) => {
      if (/^\S/.test(line)) heading = line;
      const command = /^ {2}([a-z-]+)(?: |$)/.exec(line)?.[1];
      if (!command || !(grouped as string[]).includes(command)) return;
      seen.push(command);
      const group = OPERATOR_GROUPS.find((candidate) => candidate.commands.includes(command as never))!;
      expect(heading, command).toContain(group.title);
      // The purpose beside the usage, or on the next line when the usage is long; then the example.
      const block = lines.slice(index, index + 3).join("\n");
      expect(block, command).toMatch(/ {2,}[a-z(].{10,}/);
      expect(block, command).toMatch(new RegExp(`^ {4}npm run operator -- ${command}\\b`, "m"));
    });
    expect(seen.sort()).toEqual([...grouped].sort());
    expect(OPERATOR_HELP).toContain("npm run operator -- help <command>");
  });

  it("says each figure as the owner reads it, and the limits a review is held to", () => {
    const review = sectionOf("review-claim");
    for (const word of [
      "買取額",
      "手数料",
      "掛目",
      "振込手数料",
      "返金額",
      "お受け取り額",
      "売掛先からの銀行振込金額",
    ]) {
      expect(review).toContain(word);
    }
    expect(review).toContain("返金額 × 掛目");
    expect(review).toMatch(/--offer NAME {2,}\S/);
    expect(review).toContain("standard");
    expect(sectionOf("mark-delay")).toContain("返金期日");
    expect(sectionOf("mark-returned")).toMatch(/future[\s\S]*payout/);
  });

  it("help of a command it does not know is a usage error naming the commands", () => {
    expect(() => operatorHelp("frobnicate")).toThrow(/review-claim/);
    expect(() => operatorHelp("frobnicate")).toThrow(OperatorUsageError);
    expect(operator("help", "mark-returned")).toBe(operatorHelp("mark-returned"));
  });

  it("the can_buy examples run as written, with the claim's code, on a claim whose debtor transfers 1,000,000円 as the demo's", async () => {
    const examples = [OPERATOR_HELP, sectionOf("review-claim")].flatMap((text) =>
      text
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line.startsWith("npm run operator -- review-claim") && line.includes("can_buy")),
    );
    expect(examples).toContain("npm run operator -- review-claim E000004-1 can_buy --offer standard");
    expect(examples).toContain(
      "npm run operator -- review-claim E000004-1 can_buy --purchase-amount 900000 --fee 45000 --fee-ratio 0.05 --ratio 0.9 --bank-charge 660",
    );
    for (const example of examples) {
      const client = createUserWithSession(upstream);
      const entry = await createEntryVia(
        client,
        validEntryBody({ claims: [validClaim({ scheduled_deposit_amount_from_obliger: 1_000_000 })] }),
      );
      const argv = example.replace("npm run operator -- ", "").split(" ");
      argv[1] = `${entry.code}-1`;
      expect(operator(...argv), example).toContain("can_buy");
      expect((await read(client, entry.id)).claims[0], example).toMatchObject({
        purchase_amount: 900_000,
        purchase_fee: 45_000,
        bank_charge: 660,
      });
    }
  });
});

describe("review-claim --offer: a named offer the claim's figures follow from", () => {
  async function claimOf(deposit: number, user: Record<string, unknown> = {}) {
    const client = createUserWithSession(upstream, user);
    const entry = await createEntryVia(
      client,
      validEntryBody({ claims: [validClaim({ scheduled_deposit_amount_from_obliger: deposit })] }),
    );
    return { client, entry, code: `${entry.code}-1` };
  }
  const figures = async (client: UserClient, id: number) => {
    const claim = (await read(client, id)).claims[0];
    return [
      claim.purchase_amount,
      claim.purchase_fee,
      claim.purchase_fee_ratio,
      claim.purchase_ratio,
      claim.bank_charge,
    ].map(Number);
  };

  it("standard is 掛目 90 %, 手数料 5 %, 振込手数料 660円, the 買取額 and 手数料 from the claim's 振込金額", async () => {
    expect(REVIEW_OFFERS.standard).toEqual({ ratio: "0.9", feeRatio: "0.05", bankCharge: 660 });
    const { client, entry, code } = await claimOf(1_000_001);
    expect(operator("review-claim", code, "can_buy", "--offer", "standard")).toContain("can_buy");
    // 1,000,001 × 0.9 = 900,000.9 → 900,001円; × 0.05 = 45,000.05 → 45,000円.
    expect(await figures(client, entry.id)).toEqual([900_001, 45_000, 0.05, 0.9, 660]);
  });

  it("a figure given beside the offer overrides it, and what follows from it is computed again", async () => {
    const ratio = await claimOf(1_099_340);
    operator("review-claim", ratio.code, "can_buy", "--offer", "standard", "--ratio", "0.85");
    // 1,099,340 × 0.85 = 934,439円; × 0.05 = 46,721.95 → 46,722円.
    expect(await figures(ratio.client, ratio.entry.id)).toEqual([934_439, 46_722, 0.05, 0.85, 660]);
    const charge = await claimOf(1_099_340);
    operator(
      "review-claim",
      charge.code,
      "can_buy",
      "--offer=standard",
      "--bank-charge",
      "0",
      "--principal",
      "1000000",
    );
    expect(await figures(charge.client, charge.entry.id)).toEqual([900_000, 45_000, 0.05, 0.9, 0]);
  });

  it("an offer it does not know is a usage error listing the known ones, and records nothing", async () => {
    const { client, entry, code } = await claimOf(1_099_340);
    expect(() => operator("review-claim", code, "can_buy", "--offer", "generous")).toThrow(
      /unknown offer "generous"[\s\S]*standard/,
    );
    expect(() => operator("review-claim", code, "cannot_buy", "--offer", "standard")).toThrow(
      OperatorUsageError,
    );
    expect((await read(client, entry.id)).claims[0].status).toBe(ClaimStatus.under_review);
    const result = await spawnCli(
      "reference-upstream/cli/operator.ts",
      ["review-claim", code, "can_buy", "--offer", "generous"],
      { DATA_DIR: upstream.dataDir },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("standard");
  }, 60_000);

  it("an offer's ratios outside what the entry's brand publishes are refused: みどり's 掛目 starts at 85 %", async () => {
    const sakidori = await claimOf(1_099_340);
    expect(() =>
      operator("review-claim", sakidori.code, "can_buy", "--offer", "standard", "--ratio", "0.79"),
    ).toThrow(/80%〜100%/);
    expect(() =>
      operator("review-claim", sakidori.code, "can_buy", "--offer", "standard", "--fee-ratio", "0.11"),
    ).toThrow(OperatorStateError);
    operator("review-claim", sakidori.code, "can_buy", "--offer", "standard", "--ratio", "0.82");
    const midori = await claimOf(1_099_340, { service_id: "midori" });
    expect(() =>
      operator("review-claim", midori.code, "can_buy", "--offer", "standard", "--ratio", "0.82"),
    ).toThrow(/85%〜100%/);
    expect((await read(midori.client, midori.entry.id)).claims[0].status).toBe(ClaimStatus.under_review);
  });
});

describe("entries and claims by the codes people read", () => {
  it("entries lists each claim by its code; show-entry takes the entry's code", async () => {
    const { client, entry, claimIds } = await entryWithClaims(2);
    const listed = operator("entries", "--user", String(client.userId));
    expect(listed).toContain(`${entry.code}-1`);
    expect(listed).toContain(`${entry.code}-2`);
    expect(listed).toContain(String(claimIds[1]));
    expect(JSON.parse(operator("show-entry", entry.code))).toEqual(await read(client, entry.id));
  });

  it("the whole way by codes: review, contract, payout, delay, return; the owner is mailed as by ids", async () => {
    const { client, entry } = await entryWithClaims(2);
    const email = findUserById(upstream.db, (await read(client, entry.id)).user)!.email;
    operator("review-claim", `${entry.code}-1`, "can_buy", "--offer", "standard");
    expect(operator("review-claim", `${entry.code}-2`, "can_buy", "--offer", "standard")).toContain(
      "mail: entry_reviewed",
    );
    expect(operator("mark-contracted", entry.code)).toContain("mail: entry_contracted");
    expect(operator("mark-transferred", entry.code)).toContain("mail: entry_transferred");
    const deadline = (await read(client, entry.id)).claims[0].return_date as string;
    const afterDeadline = new Date(Date.parse(`${deadline}T12:00:00+09:00`) + 86_400_000);
    runOperatorCommand(upstream.db, ["mark-delay", `${entry.code}-1`], afterDeadline);
    runOperatorCommand(upstream.db, ["mark-returned", `${entry.code}-2`], afterDeadline);
    const current = await read(client, entry.id);
    expect(current.claims.map((claim: { status: number }) => claim.status)).toEqual([
      ClaimStatus.delay,
      ClaimStatus.returned,
    ]);
    const kinds = latestMails(upstream.db, { to: email, limit: 20 }).map((mail) => mail.kind);
    expect(kinds).toEqual(expect.arrayContaining(["entry_delay", "entry_returned"]));
  });

  it("a code naming nothing is refused (exit 1) with the code; a claim's place given an entry's code, a usage error", async () => {
    const { entry } = await entryWithClaims(1);
    expect(() => operator("show-entry", "E999999")).toThrow(/E999999/);
    expect(() => operator("show-entry", "E999999")).toThrow(OperatorStateError);
    expect(() => operator("mark-delay", `${entry.code}-2`)).toThrow(new RegExp(`${entry.code}-2`));
    expect(() => operator("mark-delay", `${entry.code}-2`)).toThrow(OperatorStateError);
    expect(() => operator("cancel-claim", entry.code)).toThrow(OperatorUsageError);
    expect(() => operator("mark-contracted", `${entry.code}-1`)).toThrow(OperatorUsageError);
    expect(() => operator("mark-contracted", "E12")).toThrow(OperatorUsageError);
    const result = await spawnCli("reference-upstream/cli/operator.ts", ["mark-returned", "E999999-1"], {
      DATA_DIR: upstream.dataDir,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("E999999-1");
  }, 60_000);
});
