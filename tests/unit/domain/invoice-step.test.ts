import { describe, expect, it } from "vitest";
import {
  type DraftClaim,
  type DraftEntry,
  EMPTY_DRAFT,
  type PendingFile,
} from "../../../app/domain/draft-entry";
import {
  InvoiceStepMessage,
  claimTotals,
  invoiceDraftProblems,
  claimFiles,
  hasInvoiceFile,
  isDesiredAboveDeposits,
  lastPaymentDate,
  paymentDateNotice,
  invoiceStepProblems as problemsOn,
  isInvoiceStepSatisfied as satisfiedOn,
  normalizeHoujinbangouInput,
  paymentDateHint,
  paymentDateWindow,
  resubmittedClaimProblems,
} from "../../../app/domain/invoice-step";
import { paymentDateCalendar } from "../../../app/lookup/japan-holidays.server";
import { sampleClaim } from "../../../reference-upstream/demo/sample-entry";

/** The day these tests are read on (a holiday, 勤労感謝の日): the rules that compare dates see this "today". */
const TODAY = "2026-11-23";
const WINDOW = paymentDateWindow(TODAY, paymentDateCalendar(TODAY));
const invoiceStepProblems = (draft: DraftEntry, files: readonly PendingFile[]) =>
  problemsOn(draft, files, WINDOW);
const isInvoiceStepSatisfied = (draft: DraftEntry, files: readonly PendingFile[]) =>
  satisfiedOn(draft, files, WINDOW);

function file(id: number, kind: string, error = false): PendingFile {
  return { id, kind, name: `${kind}.pdf`, created_at: "2026-05-01T10:00:00+09:00", error };
}

/** The sample claim (the demo owners' and the other tests') as a draft holds it, its invoice file 1. */
function claim(overrides: Partial<DraftClaim> = {}): DraftClaim {
  const { contentfiles: _files, ...sample } = sampleClaim("2026-12-31");
  return { ...(sample as DraftClaim), contentfile_relations: [1], ...overrides };
}

function draft(overrides: Partial<DraftEntry> = {}): DraftEntry {
  return {
    ...EMPTY_DRAFT,
    purchase_amount_desired: "1000000",
    purpose: "運転資金",
    claims: [claim()],
    ...overrides,
  };
}

const files = [file(1, "invoice-1")];

describe("§5 Invoice step satisfied when: desired amount, purpose and at least one claim exist", () => {
  it("is satisfied by a complete draft with an uploaded invoice", () => {
    expect(invoiceStepProblems(draft(), files)).toEqual({});
    expect(isInvoiceStepSatisfied(draft(), files)).toBe(true);
  });

  it("§5 purchase_amount_desired required (この項目は空にできません), and a number of yen", () => {
    expect(invoiceStepProblems(draft({ purchase_amount_desired: null }), files)).toEqual({
      purchase_amount_desired: "この項目は空にできません",
    });
    expect(
      invoiceStepProblems(draft({ purchase_amount_desired: "12abc" }), files).purchase_amount_desired,
    ).toBe("金額は数字で入力してください（例：1,000,000）。");
    expect(invoiceStepProblems(draft({ purchase_amount_desired: "１，０００" }), files)).toEqual({});
  });

  it("§5 purpose required (message 入力してください。)", () => {
    expect(invoiceStepProblems(draft({ purpose: "  " }), files)).toEqual({ purpose: "入力してください。" });
    expect(invoiceStepProblems(draft({ purpose: "あ".repeat(1001) }), files).purpose).toBe(
      "1,000文字以内で入力してください。",
    );
  });

  it("§5 at least one claim required, else 請求書がありません。", () => {
    expect(invoiceStepProblems(draft({ claims: [] }), [])).toEqual({ claims: "請求書がありません。" });
    expect(isInvoiceStepSatisfied(draft({ claims: [] }), [])).toBe(false);
  });

  it("§5 Maximum 5 invoices per entry; a sixth gives 申し込みに登録できる請求書は5個までです。", () => {
    const six = Array.from({ length: 6 }, (_, index) => claim({ contentfile_relations: [index + 1] }));
    const sixFiles = six.map((_, index) => file(index + 1, `invoice-${index + 1}`));
    expect(invoiceStepProblems(draft({ claims: six }), sixFiles)).toEqual({
      claims: "申し込みに登録できる請求書は5個までです。",
    });
    expect(isInvoiceStepSatisfied(draft({ claims: six.slice(0, 5) }), sixFiles)).toBe(true);
  });
});

describe("§5 every claim has is_fixed_debt and is_bank_transfer_from_obliger set, and all required fields", () => {
  it("each claim requires obliger_company_name, amount, scheduled deposit and payment date (blank message)", () => {
    const blank = claim({
      obliger_company_name: "",
      amount: null,
      scheduled_deposit_amount_from_obliger: "",
      obliger_payment_date: null,
    });
    expect(invoiceStepProblems(draft({ claims: [blank] }), files)).toEqual({
      "claims[0].obliger_company_name": "この項目は空にできません",
      "claims[0].amount": "この項目は空にできません",
      "claims[0].scheduled_deposit_amount_from_obliger": "この項目は空にできません",
      "claims[0].obliger_payment_date": "この項目は空にできません",
    });
  });

  it("is_fixed_debt and is_bank_transfer_from_obliger must be chosen (false counts as set)", () => {
    const unset = claim({ is_fixed_debt: null, is_bank_transfer_from_obliger: undefined });
    expect(invoiceStepProblems(draft({ claims: [unset] }), files)).toEqual({
      "claims[0].is_fixed_debt": "「はい」か「いいえ」を選択してください。",
      "claims[0].is_bank_transfer_from_obliger": "「はい」か「いいえ」を選択してください。",
    });
    expect(isInvoiceStepSatisfied(draft({ claims: [claim({ is_fixed_debt: false })] }), files)).toBe(true);
  });

  it("messages land on the right claim's fields", () => {
    const second = claim({ amount: "abc", contentfile_relations: [2] });
    const problems = invoiceStepProblems(draft({ claims: [claim(), second] }), [
      ...files,
      file(2, "invoice-2"),
    ]);
    expect(problems).toEqual({ "claims[1].amount": "金額は数字で入力してください（例：1,000,000）。" });
  });

  it("impossible dates are refused", () => {
    const bad = claim({ obliger_payment_date: "2026-02-30" });
    expect(invoiceStepProblems(draft({ claims: [bad] }), files)).toEqual({
      "claims[0].obliger_payment_date": "存在しない日付です。日付をご確認ください。",
    });
  });

  it("a corporate number, when given, has 13 digits and a valid check digit", () => {
    expect(invoiceStepProblems(draft({ claims: [claim({ houjinbangou: "" })] }), files)).toEqual({});
    expect(invoiceStepProblems(draft({ claims: [claim({ houjinbangou: "12345" })] }), files)).toEqual({
      "claims[0].houjinbangou": "法人番号は13桁の数字で入力してください。",
    });
    expect(invoiceStepProblems(draft({ claims: [claim({ houjinbangou: "1123456789012" })] }), files)).toEqual(
      {
        "claims[0].houjinbangou": "法人番号が正しくありません。13桁の番号をご確認ください。",
      },
    );
    expect(normalizeHoujinbangouInput("T７１２３-４５６７-８９０１２")).toBe("7123456789012");
  });
});

describe("§5 scheduled deposit not above amount", () => {
  it("gives 「売掛先からの銀行振込金額」が「請求書額面（税込）」より大きいためご確認ください at the deposit", () => {
    const over = claim({ amount: "100,000", scheduled_deposit_amount_from_obliger: "100001" });
    expect(invoiceStepProblems(draft({ claims: [over] }), files)).toEqual({
      "claims[0].scheduled_deposit_amount_from_obliger":
        "「売掛先からの銀行振込金額」が「請求書額面（税込）」より大きいためご確認ください",
    });
    const equal = claim({ amount: 100_000, scheduled_deposit_amount_from_obliger: "１００，０００" });
    expect(isInvoiceStepSatisfied(draft({ claims: [equal] }), files)).toBe(true);
  });
});

describe("§5 valid account number, deposit type and holder names", () => {
  const withAccount = (account: NonNullable<DraftClaim["receive_payment_account"]>) =>
    draft({ claims: [claim({ receive_payment_account: account })] });

  it("bank_name is required; the account number is 7 half-width digits (7桁の半角数字で入力してください)", () => {
    expect(
      invoiceStepProblems(
        withAccount({ bank_name: "", deposit_type: "ordinary", bank_account_number: "" }),
        files,
      ),
    ).toEqual({
      "claims[0].receive_payment_account.bank_name": "この項目は空にできません",
      "claims[0].receive_payment_account.bank_account_number": "この項目は空にできません",
    });
    expect(
      invoiceStepProblems(
        withAccount({ bank_name: "銀行", deposit_type: "current", bank_account_number: "123456" }),
        files,
      ),
    ).toEqual({ "claims[0].receive_payment_account.bank_account_number": "7桁の半角数字で入力してください" });
  });

  it("deposit type ordinary or current, default ordinary (普通か当座を選択してください。)", () => {
    expect(
      invoiceStepProblems(
        withAccount({ bank_name: "銀行", deposit_type: null, bank_account_number: "1234567" }),
        files,
      ),
    ).toEqual({});
    expect(
      invoiceStepProblems(
        withAccount({
          bank_name: "銀行",
          deposit_type: "checking" as unknown as "current",
          bank_account_number: "1234567",
        }),
        files,
      ),
    ).toEqual({ "claims[0].receive_payment_account.deposit_type": "普通か当座を選択してください。" });
  });

  it("every holder name given passes §5 (ヲ excluded, 30 characters, marks alone refused); blanks are unused", () => {
    const message = "ヲを除くカタカナ、英数字、゛゜（）「」／．ー￥スペースで、30文字以内で入力してください";
    const holders = (names: string[]) =>
      withAccount({
        bank_name: "銀行",
        deposit_type: "ordinary",
        bank_account_number: "1234567",
        obliger_accounts: names.map((holder_name) => ({ holder_name })),
      });
    expect(invoiceStepProblems(holders(["ｶ)ｳﾘｶｹｻｷ", ""]), files)).toEqual({});
    expect(invoiceStepProblems(holders(["ウリカケサキ", "ヲカダ"]), files)).toEqual({
      "claims[0].receive_payment_account.obliger_accounts[1].holder_name": message,
    });
    expect(invoiceStepProblems(holders(["ア".repeat(31)]), files)).toEqual({
      "claims[0].receive_payment_account.obliger_accounts[0].holder_name": message,
    });
    expect(invoiceStepProblems(holders(["（）"]), files)).toEqual({
      "claims[0].receive_payment_account.obliger_accounts[0].holder_name": message,
    });
  });
});

describe("§5 Invoice step satisfied when: … and at least one successfully uploaded invoice file", () => {
  const NO_INVOICE_FILE = "請求書のファイルを1つ以上アップロードしてください。";

  it("one invoice file for the entry is enough: a claim without its own file is allowed", () => {
    const two = draft({ claims: [claim(), claim({ contentfile_relations: [] })] });
    expect(invoiceStepProblems(two, files)).toEqual({});
    // Whichever claim holds it.
    const second = draft({
      claims: [claim({ contentfile_relations: [] }), claim({ contentfile_relations: [2] })],
    });
    expect(invoiceStepProblems(second, [file(2, "invoice-2")])).toEqual({});
  });

  it("no invoice file at all: a clear message beside the first claim's upload slots", () => {
    const two = draft({
      claims: [claim({ contentfile_relations: [] }), claim({ contentfile_relations: [] })],
    });
    expect(invoiceStepProblems(two, files)).toEqual({ "claims[0].invoice": NO_INVOICE_FILE });
    expect(InvoiceStepMessage.noInvoiceFile).toBe(NO_INVOICE_FILE);
  });

  it("a file with the error flag does not count (successfully uploaded = error not true)", () => {
    expect(invoiceStepProblems(draft(), [file(1, "invoice-1", true)])).toEqual({
      "claims[0].invoice": NO_INVOICE_FILE,
    });
  });

  it("an additional document is not an invoice", () => {
    expect(isInvoiceStepSatisfied(draft(), [file(1, "additional_doc-1")])).toBe(false);
  });

  it("hasInvoiceFile: an invoice (invoice-{n} of any n) not flagged with an error", () => {
    expect(hasInvoiceFile([])).toBe(false);
    expect(hasInvoiceFile([{ kind: "additional_doc-1" }, { kind: "invoice-3" }])).toBe(true);
    expect(hasInvoiceFile([{ kind: "invoice-1", error: true }])).toBe(false);
    expect(hasInvoiceFile([{ kind: "invoice-1", error: null }])).toBe(true);
    expect(hasInvoiceFile([{ kind: "invoice" }])).toBe(true);
    expect(hasInvoiceFile([{ kind: "identity" }, { kind: "invoices-1" }])).toBe(false);
  });

  it("a file belongs to a claim when its id is in the claim's contentfile_relations, whatever its slot number", () => {
    const pending = [
      file(1, "invoice-1"),
      file(2, "additional_doc-1"),
      file(3, "invoice-2"),
      file(4, "invoice-3"),
      file(5, "identity"),
    ];
    expect(claimFiles(claim({ contentfile_relations: [1, 2, 5] }), 0, pending)).toEqual({
      invoices: [pending[0]],
      additionalDocs: [pending[1]],
      misplaced: [pending[4]],
    });
    // Claim 2 was removed: claim 3 is now the second, and its invoice-3 still counts.
    const renumbered = draft({
      claims: [claim({ contentfile_relations: [2] }), claim({ contentfile_relations: [4] })],
    });
    expect(invoiceStepProblems(renumbered, pending)).toEqual({});
    // A pending invoice that no claim holds is not the entry's.
    const unrelated = draft({ claims: [claim({ contentfile_relations: [2] })] });
    expect(invoiceStepProblems(unrelated, pending)).toEqual({ "claims[0].invoice": NO_INVOICE_FILE });
  });
});

describe("a payment date in the past is refused with a clear message", () => {
  const files = [file(1, "invoice-1")];
  it("yesterday is refused", () => {
    expect(
      invoiceStepProblems(draft({ claims: [claim({ obliger_payment_date: "2026-11-22" })] }), files),
    ).toEqual({
      "claims[0].obliger_payment_date": InvoiceStepMessage.paymentDatePast,
    });
    expect(InvoiceStepMessage.paymentDatePast).toBe(
      "入金予定日が過ぎています。今日以降の日付を入力してください。",
    );
    expect(
      invoiceStepProblems(draft({ claims: [claim({ obliger_payment_date: "2020-01-01" })] }), files),
    ).toEqual({
      "claims[0].obliger_payment_date": InvoiceStepMessage.paymentDatePast,
    });
  });
});

// Required: "the invoice step refuses a payment date whose deadline would fall before the payout
// could be made (say the rule in the message)".
describe("a payment date whose deadline falls before the earliest payout is refused, the rule said", () => {
  const files = [file(1, "invoice-1")];
  const on = (date: string) =>
    invoiceStepProblems(draft({ claims: [claim({ obliger_payment_date: date })] }), files);
  it("on Monday 2026-11-23 (a holiday) the earliest payout is Thursday 11-26: from Friday 11-27 on", () => {
    expect(WINDOW.earliest).toBe("2026-11-27");
    for (const date of ["2026-11-23", "2026-11-24", "2026-11-26"]) {
      expect(on(date)).toEqual({
        "claims[0].obliger_payment_date": InvoiceStepMessage.paymentDateTooSoon("2026-11-27"),
      });
    }
    expect(on("2026-11-27")).toEqual({});
    expect(InvoiceStepMessage.paymentDateTooSoon("2026-11-27")).toBe(
      "入金予定日は2026年11月27日（金）以降の日付を入力してください。審査からご契約、買取代金のお振込まで最短3営業日かかり、ご返金の期日（入金予定日。銀行休業日なら翌営業日）はお振込より後でなければならないためです。",
    );
  });

  it("the resubmission refuses it too", () => {
    expect(resubmittedClaimProblems(claim({ obliger_payment_date: "2026-11-24" }), 0, WINDOW)).toEqual({
      "claims[0].obliger_payment_date": InvoiceStepMessage.paymentDateTooSoon("2026-11-27"),
    });
  });

  it("the limits are said next to the input", () => {
    expect(paymentDateHint(paymentDateCalendar(TODAY))).toBe(
      "売掛先から入金される予定の日です（例：2026/12/31）。2026年11月27日（金）から2027年11月23日（火）までの日付を入力できます（審査からお振込まで最短3営業日かかるため）。",
    );
  });
});

describe("下書き保存 tells the truth about what is wrong, not about what is missing", () => {
  it("an amount that is no amount, a negative one and a passed date are wrong; blanks are not", () => {
    const problems = invoiceDraftProblems(
      draft({
        purchase_amount_desired: "abc円",
        purpose: "",
        claims: [claim({ amount: "-5", obliger_payment_date: "2020-01-01", obliger_company_name: "" })],
      }),
      WINDOW,
    );
    expect(Object.keys(problems).sort()).toEqual([
      "claims[0].amount",
      "claims[0].obliger_payment_date",
      "purchase_amount_desired",
    ]);
    expect(problems["claims[0].obliger_payment_date"]).toBe(InvoiceStepMessage.paymentDatePast);
  });

  it("an empty draft has nothing wrong", () => {
    expect(
      invoiceDraftProblems(draft({ purchase_amount_desired: null, purpose: null, claims: [] }), WINDOW),
    ).toEqual({});
  });
});

describe("resubmittedClaimProblems: §5 'On first submit (not resubmit) also: … Resubmit skips bank checks.'", () => {
  const resubmitted = (overrides: Partial<DraftClaim>) =>
    resubmittedClaimProblems(claim(overrides), 1, WINDOW);

  it("the bank checks and the deposit ≤ amount check are the first submit's only", () => {
    expect(
      resubmitted({
        scheduled_deposit_amount_from_obliger: 2_000_000,
        receive_payment_account: { bank_name: "", bank_account_number: "12345678", obliger_accounts: [] },
        contentfile_relations: [],
      }),
    ).toEqual({});
    // The same claim on a first submit says each.
    const first = invoiceStepProblems(
      draft({
        claims: [
          claim({
            scheduled_deposit_amount_from_obliger: 2_000_000,
            receive_payment_account: { bank_name: "", bank_account_number: "12345678", obliger_accounts: [] },
          }),
        ],
      }),
      files,
    );
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining([
        "claims[0].scheduled_deposit_amount_from_obliger",
        "claims[0].receive_payment_account.bank_name",
        "claims[0].receive_payment_account.bank_account_number",
      ]),
    );
  });

  it("'Each claim requires obliger_company_name, amount, scheduled_deposit_amount_from_obliger, obliger_payment_date', keyed at the claim's position", () => {
    expect(
      resubmitted({
        obliger_company_name: " ",
        amount: null,
        scheduled_deposit_amount_from_obliger: "",
        obliger_payment_date: null,
      }),
    ).toEqual({
      "claims[1].obliger_company_name": "この項目は空にできません",
      "claims[1].amount": expect.any(String),
      "claims[1].scheduled_deposit_amount_from_obliger": expect.any(String),
      "claims[1].obliger_payment_date": expect.any(String),
    });
    expect(resubmitted({ obliger_payment_date: "2020-01-01" })).toEqual({
      "claims[1].obliger_payment_date": InvoiceStepMessage.paymentDatePast,
    });
  });
});

describe("a payment date more than a year ahead is refused with a clear message", () => {
  const files = [file(1, "invoice-1")];
  const on = (date: string) =>
    invoiceStepProblems(draft({ claims: [claim({ obliger_payment_date: date })] }), files);
  it("a year from today (2027-11-23) is accepted; the day after is refused, naming the last date", () => {
    expect(lastPaymentDate(TODAY)).toBe("2027-11-23");
    expect(on("2027-11-23")).toEqual({});
    expect(on("2027-11-24")).toEqual({
      "claims[0].obliger_payment_date":
        "入金予定日は1年以内の日付を入力してください（2027年11月23日（火）まで）。",
    });
  });

  it("下書き保存 says it too (a date typed wrong, not one still missing)", () => {
    const problems = invoiceDraftProblems(
      draft({ claims: [claim({ obliger_payment_date: "2027-12-24" })] }),
      WINDOW,
    );
    expect(problems["claims[0].obliger_payment_date"]).toBe(
      InvoiceStepMessage.paymentDateTooFar("2027-11-23"),
    );
  });
});

describe("the bank-holiday hint beside the payment date", () => {
  const calendar = {
    from: TODAY,
    to: "2027-12-07",
    holidays: { "2027-01-01": "元日", "2027-01-11": "成人の日" },
  };
  it("a date the field accepts that banks are closed on gets the hint, as typed or picked", () => {
    expect(paymentDateNotice("2027-01-01", calendar)).toBe(
      "2027年1月1日（金・元日）は銀行休業日のため、入金は翌営業日の2027年1月4日（月）になる見込みです。ご返金の期日もこの日になります。",
    );
    expect(paymentDateNotice("２０２７/１/１", calendar)).toBe(paymentDateNotice("2027-01-01", calendar));
  });

  it("no hint on a business day, a blank, an impossible date, a past one or one refused as too far", () => {
    expect(paymentDateNotice("2026-12-01", calendar)).toBeNull();
    expect(paymentDateNotice("", calendar)).toBeNull();
    expect(paymentDateNotice("2027-02-30", calendar)).toBeNull();
    expect(paymentDateNotice("2026-11-22", calendar)).toBeNull();
    // 2027-11-27 is a Saturday, but after the last date accepted: the refusal speaks, not the hint.
    expect(paymentDateNotice("2027-11-27", calendar)).toBeNull();
  });
});

describe("the total of the claims beside the desired purchase amount", () => {
  it("sums 請求書額面 and 売掛先からの銀行振込金額 as the fields take them (commas, 円, full-width)", () => {
    expect(
      claimTotals([
        { amount: "1,100,000", scheduled_deposit_amount_from_obliger: "１，０００，０００円" },
        { amount: 550_000, scheduled_deposit_amount_from_obliger: "500000" },
      ]),
    ).toEqual({ amount: 1_650_000, deposit: 1_500_000, incomplete: false });
  });

  it("a claim not yet an amount is left out of the sums and said so", () => {
    expect(
      claimTotals([
        { amount: "1,100,000", scheduled_deposit_amount_from_obliger: "" },
        { amount: "abc", scheduled_deposit_amount_from_obliger: "200,000" },
      ]),
    ).toEqual({ amount: 1_100_000, deposit: 200_000, incomplete: true });
  });

  it("a gentle note when the desired amount exceeds the total of the scheduled deposits", () => {
    const totals = claimTotals([{ amount: "1,100,000", scheduled_deposit_amount_from_obliger: "1,000,000" }]);
    expect(isDesiredAboveDeposits("1,000,001", totals)).toBe(true);
    expect(isDesiredAboveDeposits("1,000,000", totals)).toBe(false);
    expect(isDesiredAboveDeposits("", totals)).toBe(false);
    expect(isDesiredAboveDeposits("5,000,000", claimTotals([]))).toBe(false);
  });
});
