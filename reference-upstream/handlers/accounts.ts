// Accounts (§7): login, logout, registration, e-mail activation (contract addition) and the me call.
// Passwords and pre-entry screening live in their own modules and are registered here too.

import { divisionRefusal } from "../../app/domain/business-types";
import { PartnerConsentMessage } from "../../app/domain/partner-consent";
import { hashPassword, validatePassword, verifyPassword } from "../auth/passwords";
import { clearSessionCookie, deleteSession, SESSION_COOKIE } from "../auth/sessions";
import { sendActivationMail, useActivationKey } from "../accounts/activation";
import { serviceOf } from "../accounts/brand-links";
import {
  asObject,
  FieldErrors,
  readBoolean,
  readChoice,
  readEmail,
  readPassword,
  readString,
} from "../accounts/fields";
import {
  assertLoginAllowed,
  clearLoginFailures,
  loginDeviceOf,
  recordLoginFailure,
} from "../accounts/login-throttle";
import { AccountMessage } from "../accounts/messages";
import { passwordRoutes } from "../accounts/password-handlers";
import { preEntryRoutes } from "../accounts/pre-entry";
import { logIn } from "../accounts/session-login";
import { CORPORATE_DIVISIONS } from "../../app/domain/enumerations";
import { EMAIL_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from "../../app/domain/upstream-limits";
import { inTransaction } from "../db/database";
import type { RequestContext } from "../http/context";
import { detailError, nonFieldError, validationError } from "../http/errors";
import type { Reply, RouteDefinition } from "../http/router";
import { isoJst } from "../time";
import { findUserByEmail, findUserById, serializeMe, type UserRow } from "../users";

// Verifying against a real hash when the address is unknown keeps the answer as slow as for a
// known address, so timing does not tell which addresses have accounts (Django does the same).
let dummyHash: Promise<string> | null = null;
const hashForUnknownUser = () => (dummyHash ??= hashPassword("sakidori-no-such-user"));

async function login(ctx: RequestContext): Promise<Reply> {
  const body = asObject(await ctx.readJson());
  const errors = new FieldErrors();
  const email = readString(body, errors, "email", { required: true, maxLength: EMAIL_MAX_LENGTH });
  const password = readPassword(body, errors, "password");
  // §7 persistLoginState: false → a browser-session cookie, true → 14 days.
  const persistent = readBoolean(body, errors, "persistLoginState") ?? false;
  errors.throwIfAny();

  const attempt = { email: email!, device: loginDeviceOf(ctx.req.headers) };
  assertLoginAllowed(ctx.db, attempt, ctx.now);
  // Counted before the (slow) hash check, so guesses sent in parallel cannot outrun the limit;
  // a success clears the count.
  recordLoginFailure(ctx.db, attempt, ctx.now);
  const candidate = findUserByEmail(ctx.db, email!);
  const passwordMatches = await verifyPassword(
    password!,
    candidate?.password_hash ?? (await hashForUnknownUser()),
  );
  if (!candidate || candidate.is_active !== 1 || !passwordMatches) {
    // §8 "Login 401: operational error with server detail."
    throw detailError(401, AccountMessage.invalidCredentials);
  }
  clearLoginFailures(ctx.db, attempt);
  // §6: an account of another brand is told where it belongs (checked after the password, so the
  // brand of an address is revealed only to whoever knows its password).
  if (candidate.service_id !== ctx.serviceId) {
    const home = serviceOf(ctx.config, candidate.service_id);
    throw detailError(401, AccountMessage.otherService(home.service_name), {
      correct_login_url: home.login_url,
      service_name: home.service_name,
    });
  }
  const user = inTransaction(ctx.db, () => {
    logIn(ctx, candidate.id, persistent);
    return findUserById(ctx.db, candidate.id)!;
  });
  return { status: 200, body: serializeMe(ctx.db, user, ctx.config) };
}

/** Logout works with a dead session too, so a stale browser always ends up logged out. */
function logout(ctx: RequestContext): Reply {
  const key = ctx.cookies[SESSION_COOKIE];
  if (key) inTransaction(ctx.db, () => deleteSession(ctx.db, key));
  ctx.setCookies.push(clearSessionCookie());
  return { status: 200, body: {} };
}

async function register(ctx: RequestContext): Promise<Reply> {
  const body = asObject(await ctx.readJson());
  const errors = new FieldErrors();
  const email = readEmail(body, errors, "email");
  const password = readPassword(body, errors, "password");
  const corporateDivision = readChoice(body, errors, "corporate_division", CORPORATE_DIVISIONS, {
    required: true,
  });
  // §7: the experiment-user identifier comes from local storage and may be missing or null.
  const experimentUserId =
    body.experiment_user_id === null
      ? undefined
      : readString(body, errors, "experiment_user_id", { allowBlank: true, maxLength: 255 });
  const firstName = readString(body, errors, "first_name", {
    allowBlank: true,
    maxLength: PERSON_NAME_MAX_LENGTH,
  });
  const lastName = readString(body, errors, "last_name", {
    allowBlank: true,
    maxLength: PERSON_NAME_MAX_LENGTH,
  });
  if (password !== undefined) {
    for (const problem of validatePassword(password, email ?? "")) errors.add("password", problem);
  }
  if (email !== undefined && findUserByEmail(ctx.db, email)) errors.add("email", AccountMessage.emailTaken);
  const service = serviceOf(ctx.config, ctx.serviceId);
  const refusal = divisionRefusal(corporateDivision, service.individual_supported);
  if (refusal) errors.add("corporate_division", refusal);
  // A brand with a partner bank registers no one who has not consented to inform it (its privacy policy).
  const partnerConsent = readBoolean(body, errors, "partner_data_consent");
  if (service.partner_name && partnerConsent !== true && !("partner_data_consent" in errors.errors)) {
    errors.add("partner_data_consent", PartnerConsentMessage.required);
  }
  errors.throwIfAny();

  const passwordHash = await hashPassword(password!);
  const user = inTransaction(ctx.db, () => {
    // Checked again inside the write lock: two simultaneous registrations of one address.
    if (findUserByEmail(ctx.db, email!)) throw validationError({ email: [AccountMessage.emailTaken] });
    const stamp = isoJst(ctx.now);
    const { lastInsertRowid } = ctx.db
      .prepare(
        `INSERT INTO users (email, password_hash, service_id, first_name, last_name, corporate_division,
           experiment_user_id, partner_consent_at, create_time, update_time)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        email!,
        passwordHash,
        ctx.serviceId,
        firstName ?? "",
        lastName ?? "",
        corporateDivision!,
        experimentUserId || null,
        service.partner_name ? stamp : null,
        stamp,
        stamp,
      );
    const created = findUserById(ctx.db, Number(lastInsertRowid))!;
    logIn(ctx, created.id, false);
    sendActivationMail(ctx.db, ctx.config, created, ctx.now);
    return created;
  });
  // §7 "Response: id, email, corporate_division."
  return {
    status: 201,
    body: { id: user.id, email: user.email, corporate_division: user.corporate_division },
  };
}

async function activate(ctx: RequestContext): Promise<Reply> {
  const body = asObject(await ctx.readJson());
  const errors = new FieldErrors();
  const key = readString(body, errors, "key", { required: true, maxLength: 200 });
  errors.throwIfAny();
  const email = inTransaction(ctx.db, () => useActivationKey(ctx.db, key!, ctx.now));
  if (email === null) throw validationError({ key: [AccountMessage.activationKeyInvalid] });
  return { status: 200, body: { email, verified: true } };
}

function resendActivation(ctx: RequestContext): Reply {
  const user = ctx.requireUser();
  inTransaction(ctx.db, () => {
    const current = findUserById(ctx.db, user.id)!;
    if (current.email_verified_at !== null) throw nonFieldError(AccountMessage.alreadyVerified);
    sendActivationMail(ctx.db, ctx.config, current, ctx.now);
  });
  return { status: 200, body: { detail: AccountMessage.activationSent } };
}

/** §7 POST /api/me/: the user fields with `version`; anonymous gets only the version (§4: no id = logout). */
function me(ctx: RequestContext): Reply {
  if (!ctx.user) {
    // A cookie naming a dead session is dropped, as Django's middleware would.
    if (ctx.cookies[SESSION_COOKIE]) ctx.setCookies.push(clearSessionCookie());
    return { status: 200, body: { version: ctx.config.version } };
  }
  return { status: 200, body: meWithPages(ctx, ctx.user) };
}

function meWithPages(ctx: RequestContext, user: UserRow) {
  // §7: "may include next_page and back_page, which are dropped".
  return { ...serializeMe(ctx.db, user, ctx.config), next_page: null, back_page: null };
}

/** Records the first visit only; later calls leave the timestamp as it is. */
function visitedAfterMailVerification(ctx: RequestContext): Reply {
  const user = ctx.requireUser();
  const updated = inTransaction(ctx.db, () => {
    const stamp = isoJst(ctx.now);
    ctx.db
      .prepare(
        `UPDATE users SET visited_at_entry_page_after_mail_verification = ?, update_time = ?
         WHERE id = ? AND visited_at_entry_page_after_mail_verification IS NULL`,
      )
      .run(stamp, stamp, user.id);
    return findUserById(ctx.db, user.id)!;
  });
  return { status: 200, body: meWithPages(ctx, updated) };
}

export const accountRoutes: RouteDefinition[] = [
  { method: "POST", path: "/api/auth/", auth: "optional", handler: login },
  { method: "POST", path: "/api/auth/session/delete", auth: "optional", handler: logout },
  { method: "POST", path: "/api/register/", auth: "optional", handler: register },
  { method: "POST", path: "/api/register/activation/", auth: "optional", handler: activate },
  { method: "POST", path: "/api/register/activation/resend/", handler: resendActivation },
  { method: "POST", path: "/api/me/", auth: "optional", handler: me },
  {
    method: "POST",
    path: "/api/me/visited_at_entry_page_after_mail_verification",
    handler: visitedAfterMailVerification,
  },
  ...passwordRoutes,
  ...preEntryRoutes,
];
