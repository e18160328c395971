// Fixtures for the financial and withdrawal steps: a user ready to apply (complete profile, confirmed
// identity: §4 "may create a new entry"), set up through the upstream as the earlier steps would
// leave it, so each step's test starts at its own step.

import { type Page, type TestInfo, expect } from "@playwright/test";
import { validClaim } from "../fixtures/entry-body";
import { type FilePayload, pdfFile, pngFile } from "./files";
import { runOperator } from "./support-account";
import { ApiOwner } from "../../reference-upstream/demo/api-owner";
import { type Division, sampleProfile } from "../../reference-upstream/demo/sample-entry";
import { STRONG_PASSWORD, UPSTREAM_URL, logInOverHttp, openPage, uniqueEmail, uploadInto } from "./support";

/** A user registered and prepared through the upstream API (a fixture, not the flow under test). */
export class WizardUser {
  private constructor(private readonly owner: ApiOwner) {}

  get id(): number {
    return this.owner.id;
  }

  get email(): string {
    return this.owner.email;
  }

  /** The brand the account belongs to (X-Service-Id). */
  get serviceId(): string {
    return this.owner.serviceId;
  }

  static async register(email: string, division: Division, serviceId = "sakidori"): Promise<WizardUser> {
    return new WizardUser(
      await ApiOwner.register(UPSTREAM_URL, { email, password: STRONG_PASSWORD, division, serviceId }),
    );
  }

  send(method: string, apiPath: string, json?: unknown): Promise<unknown> {
    return this.owner.send(method, apiPath, json);
  }

  /** POST /api/uploads/ as this user; answers the upload's id. */
  upload(kind: string, file: FilePayload = pdfFile(), side?: "front" | "back"): Promise<number> {
    return this.owner.upload(kind, file, side);
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
    ...sampleProfile(division),
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
  options: { financialDone?: boolean; withdrawalDone?: boolean } = {},
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
  if (options.withdrawalDone) await withdrawalDone(user);
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
/** The payout account a draft's withdrawal step names in these tests. */
export const PAYOUT_ACCOUNT = {
  bank_name: "みどり銀行",
  branch_name: "本店営業部",
  deposit_type: "ordinary",
  bank_account_number: "2345678",
  account_holder_name: "カ）サキドリ",
};

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
    bank_account: PAYOUT_ACCOUNT,
  });
}
