// Another user's things are unreachable through the app: a logged-in user who
// posts the id of someone else's upload to every page that deletes by id gets §8's delete failure and
// the file stays; their wizard pages never show the other user's draft or file names; the app has no
// route that hands out a file's bytes. Another user's entry (detail, cancel, contract, agreement,
// resubmit, return.ics) is page not found: entry-detail, entry-contract and entry-resubmit tests.

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { action as financialAction, loader as financialLoader } from "~/routes/_entry.entry/route";
import { action as invoiceAction, loader as invoiceLoader } from "~/routes/_entry.entry_.entry_invoice/route";
import {
  action as withdrawalAction,
  loader as withdrawalLoader,
} from "~/routes/_entry.entry_.withdrawal_details/route";
import {
  action as resubmitAction,
  loader as resubmitLoader,
} from "~/routes/_mypage.entry.resubmit.$entryId/route";
import { loader as profileLoader } from "~/routes/_mypage.profile";
import { APP_ORIGIN, appCookie, formPost } from "./app-requests";
import { callRoute, type RouteFunction } from "../fixtures/call-route";
import {
  type UserClient,
  createEntryVia,
  createUserWithSession,
  insertUpload,
  validClaim,
  reviewClaims,
} from "./reference-upstream/entry-fixtures";
import { useTestUpstream } from "./reference-upstream/harness";

const upstream = useTestUpstream();

type Route = RouteFunction;

/** The victim's words: none of them may appear in anything the app answers the other user. */
const SECRET_COMPANY = "秘密の取引先株式会社";
const SECRET_FILE = "victim-secret-invoice.pdf";

/** A user with a pending upload of each kind the wizard deletes, and a draft naming a secret obliger. */
async function victim() {
  const browser = createUserWithSession(upstream);
  const uploads = ["invoice-1", "tb_pl", "passbook_cover-1"].map((kind) => {
    const id = insertUpload(upstream, browser.userId, kind);
    upstream.db.prepare("UPDATE uploads SET name = ? WHERE id = ?").run(`${kind}-${SECRET_FILE}`, id);
    return id;
  });
  const { contentfiles: _files, ...claim } = validClaim({ obliger_company_name: SECRET_COMPANY });
  const patch = {
    purchase_amount_desired: 1_000_000,
    purpose: SECRET_COMPANY,
    claims: [{ ...claim, contentfile_relations: [uploads[0]] }],
  };
  expect((await browser.patch("/api/draft_entry/", patch)).status).toBe(200);
  return { browser, uploads };
}

/** A corporate user who may apply, at the withdrawal step (so every wizard step lets them in). */
async function stranger(): Promise<{ browser: UserClient; cookie: string }> {
  const browser = createUserWithSession(upstream);
  const invoice = insertUpload(upstream, browser.userId, "invoice-1");
  insertUpload(upstream, browser.userId, "tb_pl");
  insertUpload(upstream, browser.userId, "tb_bs");
  const { contentfiles: _files, ...claim } = validClaim();
  const patch = {
    purchase_amount_desired: 1_000_000,
    purpose: "運転資金",
    claims: [{ ...claim, contentfile_relations: [invoice] }],
    can_submit_financial_statements: false,
  };
  expect((await browser.patch("/api/draft_entry/", patch)).status).toBe(200);
  return { browser, cookie: await appCookie(browser) };
}

/** Another user with an inadequate entry of their own, so the resubmission page lets them in. */
async function resubmitter(): Promise<{ cookie: string; entryId: string }> {
  const browser = createUserWithSession(upstream);
  const entry = await createEntryVia(browser);
  reviewClaims(upstream, [entry.claims[0].id], {
    decision: "inadequate",
    reason: "読めません。",
    document: "invoice",
  });
  return { cookie: await appCookie(browser), entryId: String(entry.id) };
}

const uploadExists = (id: number) =>
  upstream.db.prepare("SELECT 1 AS found FROM uploads WHERE id = ?").get(id) !== undefined;

describe("another user's uploads cannot be deleted through the app (by id)", () => {
  it("every wizard step and the resubmission page answer the delete failure, and the file stays", async () => {
    const { uploads } = await victim();
    const { cookie } = await stranger();
    const resubmission = await resubmitter();
    const pages: [string, Route, Record<string, string>][] = [
      ["/entry/entry_invoice", invoiceAction as Route, {}],
      ["/entry", financialAction as Route, {}],
      ["/entry/withdrawal_details", withdrawalAction as Route, {}],
      [`/entry/resubmit/${resubmission.entryId}`, resubmitAction as Route, { entryId: resubmission.entryId }],
    ];
    let tried = 0;
    for (const [pagePath, action, params] of pages) {
      const as = pagePath.startsWith("/entry/resubmit/") ? resubmission.cookie : cookie;
      for (const id of uploads) {
        const request = formPost(pagePath, as, { intent: "delete", file_id: String(id) });
        const response = await callRoute(action, request, params);
        tried += 1;
        expect(response.status, `${pagePath} deleting ${id}`).toBe(400);
        const body = await response.text();
        expect(body).not.toContain(SECRET_FILE);
        expect(uploadExists(id), `${pagePath}: upload ${id} still there`).toBe(true);
      }
    }
    console.log(`another user's uploads: 0 / ${tried} deletes went through`);
  });

  it("the same post with the user's own file does delete it (the refusal above is about whose file)", async () => {
    const { browser, cookie } = await stranger();
    const own = insertUpload(upstream, browser.userId, "tb_pl");
    const request = formPost("/entry", cookie, { intent: "delete", file_id: String(own) });
    const response = await callRoute(financialAction, request);
    expect(response.status).toBe(302);
    expect(uploadExists(own)).toBe(false);
  });
});

describe("another user's draft and files never appear in the app's answers", () => {
  it("the wizard's steps, the resubmission page and the profile show only the user's own", async () => {
    await victim();
    const { cookie } = await stranger();
    const resubmission = await resubmitter();
    const pages: [string, Route, Record<string, string>][] = [
      ["/entry/entry_invoice", invoiceLoader as Route, {}],
      ["/entry", financialLoader as Route, {}],
      ["/entry/withdrawal_details", withdrawalLoader as Route, {}],
      [`/entry/resubmit/${resubmission.entryId}`, resubmitLoader as Route, { entryId: resubmission.entryId }],
      ["/profile", profileLoader as Route, {}],
    ];
    for (const [pagePath, loader, params] of pages) {
      const as = pagePath.startsWith("/entry/resubmit/") ? resubmission.cookie : cookie;
      const request = new Request(`${APP_ORIGIN}${pagePath}`, { headers: { Cookie: as } });
      const response = await callRoute(loader, request, params);
      expect(response.status, pagePath).toBe(200);
      const body = await response.text();
      expect(body, pagePath).not.toContain(SECRET_COMPANY);
      expect(body, pagePath).not.toContain(SECRET_FILE);
    }
  });

  it("no route hands out a stored file's bytes: the app never asks the upstream for them", () => {
    // GET /api/uploads/{id}/content/ (docs/upstream-api/uploads.md) is the one way to a file's bytes.
    // Were a download route added, it must prove it serves only the user's own files (then update this).
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const name of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, name.name);
        if (name.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name.name)) sources.push(full);
      }
    };
    walk(path.resolve("app"));
    const naming = sources.filter((file) =>
      /uploads\/\$\{[^}]+\}\/content|\/content\//.test(fs.readFileSync(file, "utf8")),
    );
    expect(naming).toEqual([]);
  });
});
