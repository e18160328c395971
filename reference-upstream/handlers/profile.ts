// §7 profile calls: GET/PATCH /api/profile/ and the two narrower PATCH variants. All answer §3 Profile.

import { divisionRefusal } from "../../app/domain/business-types";
import type { IdentityDocumentType } from "../../app/domain/enumerations";
import { serviceOf } from "../accounts/brand-links";
import { readProfile, type ProfileVariant } from "../accounts/profile-fields";
import { asObject, FieldErrors } from "../accounts/fields";
import { resolveIdentityAddfiles, submitIdentityIfNeeded } from "../accounts/identity-files";
import { AccountMessage } from "../accounts/messages";
import { inTransaction } from "../db/database";
import type { RequestContext } from "../http/context";
import type { Reply, RouteDefinition } from "../http/router";
import { isoJst } from "../time";
import { findUserById, parseJson, serializeProfile } from "../users";

function getProfile(ctx: RequestContext): Reply {
  return { status: 200, body: serializeProfile(ctx.db, ctx.requireUser()) };
}

/** Same account, same key order: an unchanged bank account sent back is not an edit. */
function sameBankAccount(stored: string | null, next: unknown): boolean {
  const canonical = (value: unknown) =>
    value && typeof value === "object"
      ? JSON.stringify(Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))))
      : JSON.stringify(value ?? null);
  return canonical(parseJson(stored, null)) === canonical(next);
}

function patchProfile(variant: ProfileVariant) {
  return async (ctx: RequestContext): Promise<Reply> => {
    const sessionUser = ctx.requireUser();
    const body = asObject(await ctx.readJson());
    const updated = inTransaction(ctx.db, () => {
      const user = findUserById(ctx.db, sessionUser.id)!;
      const errors = new FieldErrors();
      const { changes, bankAccount, addfiles } = readProfile(body, variant, errors);
      // §6: an account the brand would turn away for good is never made so (the app's own rule).
      const refusal = divisionRefusal(
        changes.corporate_division,
        serviceOf(ctx.config, user.service_id).individual_supported,
      );
      if (refusal) errors.add("corporate_division", refusal);
      // §6 "can_edit_bank_account controls bank account editing".
      if (
        bankAccount !== undefined &&
        user.can_edit_bank_account !== 1 &&
        !sameBankAccount(user.bank_account, bankAccount)
      ) {
        errors.add("bank_account", AccountMessage.bankAccountLocked);
      }
      const addfileIds = resolveIdentityAddfiles(ctx.db, user.id, addfiles, errors);
      errors.throwIfAny();
      // The sides a document needs follow the type this call sets, else the one on record.
      const documentType = (
        "identity_document_type" in changes ? changes.identity_document_type : user.identity_document_type
      ) as IdentityDocumentType | null;
      submitIdentityIfNeeded(ctx.db, user, addfileIds, documentType, ctx.now);

      const assignments = Object.keys(changes).map((column) => `${column} = @${column}`);
      const values: Record<string, unknown> = { ...changes, id: user.id, update_time: isoJst(ctx.now) };
      if (bankAccount !== undefined && user.can_edit_bank_account === 1) {
        assignments.push("bank_account = @bank_account");
        values.bank_account = bankAccount === null ? null : JSON.stringify(bankAccount);
      }
      assignments.push("update_time = @update_time");
      ctx.db.prepare(`UPDATE users SET ${assignments.join(", ")} WHERE id = @id`).run(values);
      return findUserById(ctx.db, user.id)!;
    });
    return { status: 200, body: serializeProfile(ctx.db, updated) };
  };
}

export const profileRoutes: RouteDefinition[] = [
  { method: "GET", path: "/api/profile/", handler: getProfile },
  { method: "PATCH", path: "/api/profile/", handler: patchProfile("full") },
  {
    method: "PATCH",
    path: "/api/profile_without_sector_and_business_summary/",
    handler: patchProfile("withoutSectorAndBusinessSummary"),
  },
  { method: "PATCH", path: "/api/profile_name_and_identity/", handler: patchProfile("nameAndIdentity") },
];
