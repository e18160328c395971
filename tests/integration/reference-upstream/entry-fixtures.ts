// Users, sessions, uploads and entry bodies for the entry, draft and operator tests, written straight
// into the test upstream's database so these tests do not depend on the accounts and uploads calls.

import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createSession } from "../../../reference-upstream/auth/sessions";
import { newCsrfToken } from "../../../reference-upstream/auth/tokens";
import { runOperatorCommand } from "../../../reference-upstream/operator/command-line";
import { isoJst } from "../../../reference-upstream/time";
import { type Review, reviewArguments } from "../../fixtures/reviews";
import { ApiClient, type TestUpstream } from "./harness";

/** An ApiClient logged in as one user (sessionid and csrftoken in its jar). */
export class UserClient extends ApiClient {
  constructor(
    baseUrl: string,
    readonly userId: number,
  ) {
    super(baseUrl);
  }
}

let counter = 0;

/** Inserts a user (corporate, profile complete, identity confirmed unless overridden). */
export function insertUser(upstream: TestUpstream, overrides: Record<string, unknown> = {}): number {
  counter += 1;
  const now = isoJst(new Date());
  const nextYear = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const row: Record<string, unknown> = {
    email: `user${counter}-${randomUUID().slice(0, 8)}@example.test`,
    password_hash: null,
    corporate_division: "corporate",
    company_name: "株式会社テスト",
    first_name: "太郎",
    last_name: "山田",
    office_phone: "0312345678",
    office_zipcode: "1000001",
    office_prefecture: "東京都",
    office_city: "千代田区",
    office_building_number: "1-1",
    owner_phone: "09012345678",
    owner_zipcode: "1000001",
    owner_prefecture: "東京都",
    owner_city: "千代田区",
    owner_building_number: "1-1",
    identity_confirmation: 3,
    identity_valid_date: nextYear,
    email_verified_at: now,
    create_time: now,
    update_time: now,
    ...overrides,
  };
  const columns = Object.keys(row);
  const result = upstream.db
    .prepare(
      `INSERT INTO users (${columns.join(", ")}) VALUES (${columns.map((column) => `@${column}`).join(", ")})`,
    )
    .run(row);
  return Number(result.lastInsertRowid);
}

/** A client with a live session of the given user, as a login would leave it. */
export function loginAs(upstream: TestUpstream, userId: number): UserClient {
  const session = createSession(upstream.db, userId, false, new Date());
  const client = new UserClient(upstream.url, userId);
  client.cookies.set("sessionid", session.session_key);
  client.cookies.set("csrftoken", newCsrfToken());
  return client;
}

export function createUserWithSession(
  upstream: TestUpstream,
  overrides: Record<string, unknown> = {},
): UserClient {
  return loginAs(upstream, insertUser(upstream, overrides));
}

const PDF_BYTES = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/** Inserts an upload of `kind` owned by the user, its file written under DATA_DIR. */
export function insertUpload(upstream: TestUpstream, userId: number, kind: string): number {
  const relative = path.join("uploads", "fixtures", `${randomUUID()}.pdf`);
  fs.mkdirSync(path.join(upstream.dataDir, path.dirname(relative)), { recursive: true });
  fs.writeFileSync(path.join(upstream.dataDir, relative), PDF_BYTES);
  const result = upstream.db
    .prepare(
      `INSERT INTO uploads (user_id, kind, name, content_type, size, storage_path, created_at)
       VALUES (?, ?, ?, 'application/pdf', ?, ?, ?)`,
    )
    .run(userId, kind, `${kind}.pdf`, PDF_BYTES.length, relative, isoJst(new Date()));
  return Number(result.lastInsertRowid);
}

import { validEntryBody } from "../../fixtures/entry-body";

export { validClaim, validEntryBody } from "../../fixtures/entry-body";

/** validEntryBody with a new invoice file in its first claim: the upstream needs one (§5). */
export function entryBodyWithInvoice(
  upstream: TestUpstream,
  userId: number,
  overrides: Record<string, unknown> = {},
  claims = 1,
): Record<string, unknown> {
  const body = validEntryBody(overrides, claims);
  const [first, ...rest] = body.claims as Record<string, unknown>[];
  const invoice = insertUpload(upstream, userId, "invoice-1");
  return { ...body, claims: [{ ...first, contentfiles: [invoice] }, ...rest] };
}

/** POST /api/uploads/ as the client's user; answers the upload's id. */
export async function uploadVia(client: UserClient, kind: string): Promise<number> {
  const form = new FormData();
  form.append("kind", kind);
  form.append("content", new Blob([new Uint8Array(PDF_BYTES)], { type: "application/pdf" }), `${kind}.pdf`);
  const response = await client.request("POST", "/api/uploads/", { form });
  if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
  return (response.body as { id: number }).id;
}

/**
 * A body whose claims name no file gets an invoice uploaded for its first claim: the upstream creates
 * an entry only with one (§5 "at least one successfully uploaded invoice file").
 */
async function withInvoiceFile(client: UserClient, body: Record<string, unknown>) {
  const claims = body.claims as Record<string, unknown>[] | undefined;
  const named = (claim: Record<string, unknown>) => ((claim.contentfiles as unknown[]) ?? []).length > 0;
  if (!Array.isArray(claims) || claims.length === 0 || claims.some(named)) return body;
  const invoice = await uploadVia(client, "invoice-1");
  return { ...body, claims: [{ ...claims[0], contentfiles: [invoice] }, ...claims.slice(1)] };
}

/** Creates an entry through the API and answers its body (throws unless 201). */
export async function createEntryVia(client: UserClient, body: Record<string, unknown> = validEntryBody()) {
  const response = await client.post("/api/entries/", await withInvoiceFile(client, body));
  if (response.status !== 201) {
    throw new Error(`entry creation answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return response.body as CreatedEntry;
}

/** The created entry as the API answers it (tests read any field). */
export type CreatedEntry = { id: number; code: string; status: number; claims: any[] } & Record<string, any>;

/** The operator's review of each claim (can_buy at the standard offer unless said); what it printed. */
export function reviewClaims(
  upstream: TestUpstream,
  claimIds: readonly (number | string | undefined)[],
  review?: Review,
  now = new Date(),
): string {
  return claimIds
    .map((claimId) => runOperatorCommand(upstream.db, reviewArguments(claimId, review), now, upstream.config))
    .join("\n");
}
