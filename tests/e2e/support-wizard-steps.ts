// Fixtures for the financial and withdrawal steps: a user ready to apply (complete profile, confirmed
// identity: §4 "may create a new entry"), set up through the upstream as the earlier steps would
// leave it, so each step's test starts at its own step.

import { type Page, type TestInfo, expect } from "@playwright/test";
import { validClaim } from "../fixtures/entry-body";
import { type FilePayload, pdfFile, pngFile } from "./files";
import { runOperator, uploadAs, upstreamWriteHeaders } from "./support-account";
import { STRONG_PASSWORD, UPSTREAM_URL, logInOverHttp, openPage, uniqueEmail, uploadInto } from "./support";

type Division = "corporate" | "individual";

/** A user registered and prepared through the upstream API (a fixture, not the flow under test). */
export class WizardUser {
  private constructor(
    readonly id: number,
    readonly email: string,
    private readonly cookies: Map<string, string>,
    /** The brand the account belongs to (X-Service-Id). */
    readonly serviceId: string,
  ) {}

  static async register(email: string, division: Division, serviceId = "sakidori"): Promise<WizardUser> {
    const response = await fetch(`${UPSTREAM_URL}/api/register/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Service-Id": serviceId },
      body: JSON.stringify({
        email,
        password: STRONG_PASSWORD,
        corporate_division: division,
        // A white label with a partner bank asks it (the register page does too).
        partner_data_consent: true,
      }),
    });
    const body = (await response.json()) as { id: number };
    expect(response.status, JSON.stringify(body)).toBe(201);
    const cookies = new Map<string, string>();
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const index = pair.indexOf("=");
      if (index > 0) cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    return new WizardUser(body.id, email, cookies, serviceId);
  }

  private headers(extra: Record<string, string> = {}) {
    return { ...upstreamWriteHeaders(this.cookies), "X-Service-Id": this.serviceId, ...extra };
  }

  async send(method: string, apiPath: string, json?: unknown): Promise<unknown> {
    const response = await fetch(`${UPSTREAM_URL}${apiPath}`, {
      method,
      headers: this.headers({ "Content-Type": "application/json" }),
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    expect(response.ok, `${method} ${apiPath}: ${text}`).toBe(true);
    return text ? JSON.parse(text) : null;
  }

  /** POST /api/uploads/ as this user; answers the upload's id. */
  upload(kind: string, file: FilePayload = pdfFile(), side?: "front" | "back"): Promise<number> {
    return uploadAs(this.headers(), kind, file, side);
  }

  async draft(): Promise<Record<string, unknown>> {
    return (await this.send("GET", "/api/draft_entry/")) as Record<string, unknown>;
  }
}

/** A user who may apply: profile complete, identity confirmed, an empty draft (§4 may create a new entry). */
export async function readyToApply(
  testInfo: TestInfo,
  division: Division,
  serviceId?: string,
): Promise<WizardUser> {
  const user = await WizardUser.register(uniqueEmail(testInfo, `wizard-${division}`), division, serviceId);
  const front = await user.upload("identity", pngFile("front.png"), "front");
  const back = await user.upload("identity", pngFile("back.png"), "back");
  await user.send("PATCH", "/api/profile_without_sector_and_business_summary/", {
    identity_document_type: "drivingLicence",
    addfiles: [front, back],
    corporate_division: division,
    company_name: division === "corporate" ? "株式会社テスト商事" : "テスト屋",
    last_name: "山田",
    first_name: "太郎",
    office_zipcode: "100-0005",
    office_prefecture: "東京都",
    office_city: "千代田区",
    office_building_number: "丸の内1-1-1",
    office_phone: "03-1234-5678",
    owner_zipcode: "150-0001",
    owner_prefecture: "東京都",
    owner_city: "渋谷区",
    owner_building_number: "神宮前1-1-1",
    owner_phone: "090-1234-5678",
  });
  runOperator("confirm-identity", String(user.id));
  return user;
}

/**
 * A user at the financial step: profile complete, identity confirmed, the invoice step satisfied (a
 * claim with its invoice file in the draft). With `financialDone`, the financial step is satisfied
 * too (trial balance for a corporation, the business-opening notice for an individual).
 */
export async function userAtStep(
  testInfo: TestInfo,
  division: Division,
  options: { financialDone?: boolean } = {},
): Promise<WizardUser> {
  const user = await readyToApply(testInfo, division);
  const invoice = await user.upload("invoice-1", pdfFile("invoice.pdf"));
  const { contentfiles: _files, ...claim } = validClaim();
  await user.send("PATCH", "/api/draft_entry/", {
    purchase_amount_desired: "1000000",
    purpose: "運転資金",
    claims: [{ ...claim, contentfile_relations: [invoice] }],
  });
  if (options.financialDone) {
    if (division === "corporate") {
      await user.upload("tb_pl");
      await user.upload("tb_bs");
    } else {
      await user.upload("business_opening");
    }
    await user.send("PATCH", "/api/draft_entry/", { can_submit_financial_statements: false });
  }
  return user;
}

/** Logs in as the user (over HTTP: a set-up, not the login page under test) and opens `url`, My page unless told. */
export async function logInAs(
  page: Page,
  testInfo: TestInfo,
  baseURL: string,
  user: { email: string },
  url = "/mypage",
) {
  await logInOverHttp(page.request, baseURL, user.email, STRONG_PASSWORD);
  await openPage(page, url, testInfo);
}

/** Uploads `file` into the slot labelled `label` (a slot of several) and waits until its list shows it. */
export async function uploadAndWait(page: Page, testInfo: TestInfo, label: string, file: FilePayload) {
  const slot = await uploadInto(page, testInfo, label, file);
  await expect(page.getByRole("list", { name: `${label}のアップロード済みファイル` })).toContainText(
    file.name,
  );
  return slot;
}

/** The withdrawal step done through the upstream, as the step would leave it (a statement and the payout account). */
export async function withdrawalDone(user: WizardUser) {
  const cover = await user.upload("passbook_cover-1", pngFile("cover.png"));
  const details = await user.upload("passbook_details-1", pdfFile("details.pdf"));
  await user.send("PATCH", "/api/draft_entry/", {
    banks: [
      {
        bank_name: "みどり銀行",
        bank_account_number: "1234567",
        file_format: "passbook",
        contentfile_relations: [cover, details],
      },
    ],
    bank_account: {
      bank_name: "みどり銀行",
      branch_name: "本店営業部",
      deposit_type: "ordinary",
      bank_account_number: "2345678",
      account_holder_name: "カ）サキドリ",
    },
  });
}
