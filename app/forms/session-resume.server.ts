// Nothing typed in a form is lost to an ended session, nor saved into anyone else's account (decision
// 0027): the 401 carries it signed for its typist, and only the typist's login in place uses it.

import { json, redirect } from "@remix-run/node";
import { isSecretField, formFailure } from "~/forms/form-errors.server";
import { isFormFailure } from "~/forms/form-failure";
import { attemptLogin } from "~/forms/login-attempt.server";
import {
  isMultipartRequest,
  isStreamedUpload,
  isUrlencodedRequest,
  readForm,
  readMultipartForm,
} from "~/forms/read-form.server";
import {
  type AfterLogin,
  type BackToForm,
  RELOGIN_FIELD,
  type ReloginPost,
  type SessionEnded,
  TYPED_BY_FIELD,
  TYPED_FIELD,
  UNSENT_NOTICE,
} from "~/forms/session-resume";
import { isUploadFileField } from "~/forms/step-upload";
import { type Typed, carriedTyped, carryTyped, isTypist, typistOf } from "~/forms/typist.server";
import type { RequestContext } from "~/request/context.server";
import { fetchCurrentUser } from "~/upstream/auth.server";
import { UpstreamCsrfError, endsUpstreamSession as endsSession } from "~/upstream/errors.server";

/** A login on the form that uses nothing lands as /login's does when no page is asked for: the page was the typist's. */
const PLAIN_LOGIN_TARGET = "/mypage";

/** The form's own action: `keep` is told what was typed once read, so the upstream's end of the session keeps it. */
export type FormWork = (request: Request, keep: (typed: FormData) => void) => Promise<Response>;

/** How a form keeps what was typed through a login (AfterLogin). */
export type KeptForm =
  | {
      afterLogin: "save";
      /** The intent the typed fields are replayed with: the form's save. */ intent: string;
    }
  | { afterLogin: "show"; /** The form the filled answer is for (FormScope's id). */ formId: string | null }
  | { afterLogin: "nothing" };

function typedOf(form: FormData): Typed {
  return [...form].flatMap(([name, value]): Typed =>
    typeof value === "string" && !isSecretField(name) && name !== TYPED_BY_FIELD ? [[name, value]] : [],
  );
}

function sessionEnded(
  afterLogin: AfterLogin,
  typed: string | null,
  filesDropped: string[],
  {
    reason = "session_expired",
    login = null,
    status = 401,
    headers,
  }: Partial<Pick<SessionEnded, "reason" | "login">> & {
    status?: number;
    headers?: HeadersInit;
  } = {},
): Response {
  const body: SessionEnded = { sessionEnded: true, reason, afterLogin, typed, filesDropped, login };
  return json(body, { status, headers });
}

/** §8: a stale CSRF pair says so (its alert); any other end, the session expired. */
const reasonOf = (error: unknown): SessionEnded["reason"] =>
  error instanceof UpstreamCsrfError ? "csrf" : "session_expired";

/** The logged-in user's id; null when the session ended. */
async function currentUserId(ctx: RequestContext): Promise<number | null> {
  try {
    const user = await fetchCurrentUser(ctx);
    return typeof user?.id === "number" ? user.id : null;
  } catch (error) {
    if (endsSession(error)) return null;
    throw error;
  }
}

async function postedForm(request: Request): Promise<{ form: FormData; filesDropped: string[] }> {
  if (!isMultipartRequest(request)) return { form: await readForm(request), filesDropped: [] };
  const form = await readMultipartForm(request, { isFileField: isUploadFileField });
  try {
    const filesDropped = [...form.parts.values()]
      .flat()
      .flatMap((part) => (part.file && part.file.size > 0 ? [part.file.originalName] : []));
    return { form: form.formData, filesDropped };
  } finally {
    await form.cleanup();
  }
}

/** What the login in place carries: the typed fields for whom the page was rendered, or nothing. */
function carriedFrom(ctx: RequestContext, kept: KeptForm, form: FormData): string | null {
  if (kept.afterLogin === "nothing") return null;
  const typist = typistOf(form, ctx.now);
  return typist ? carryTyped(typist, typedOf(form), ctx.now) : null;
}

/** The login form in place (`login`) and the way back to the form after it (`restore`) post here, marked. */
async function reloginPostOf(request: Request): Promise<ReloginPost | null> {
  if (!isUrlencodedRequest(request)) return null;
  const marked = (await readForm(request.clone())).get(RELOGIN_FIELD);
  return marked === "login" || marked === "restore" ? marked : null;
}

/**
 * Thrown once the typist logged in, when the form's answer cannot be the same response: the page's
 * loaders ran with the ended session. The boundary offers the way back, carrying the typed fields.
 */
function backToForm(afterLogin: AfterLogin, typed: string): Response {
  const body: BackToForm = { backToForm: true, afterLogin, typed };
  return json(body, { status: 200 });
}

/** The page's own address, for what comes after the login. */
function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  // Login forms rendered before the mark moved into the body posted to `?relogin`: never kept in the address.
  url.searchParams.delete("relogin");
  return url;
}

async function logInAndUse(
  ctx: RequestContext,
  request: Request,
  kept: KeptForm,
  work: FormWork,
): Promise<Response> {
  const posted = await readForm(request);
  const field = posted.get(TYPED_FIELD);
  const carried = carriedTyped(field, ctx.now);
  const credentials = new FormData();
  for (const [name, value] of posted) {
    if (name !== TYPED_FIELD && name !== RELOGIN_FIELD) credentials.append(name, value);
  }
  const attempt = await attemptLogin(ctx, request, credentials);
  if ("failure" in attempt) {
    const failure: unknown = await attempt.failure.json();
    const login = isFormFailure(failure) ? (failure as NonNullable<SessionEnded["login"]>) : null;
    // Carried again only as signed, its expiry unchanged: a refused login never makes it last longer.
    throw sessionEnded(kept.afterLogin, carried ? String(field) : null, [], {
      login,
      status: attempt.failure.status,
      headers: attempt.failure.headers,
    });
  }
  const withDeviceCookie = (response: Response) => {
    for (const [name, value] of Object.entries(attempt.headers)) response.headers.append(name, value);
    return response;
  };
  const url = pageUrl(request);
  // Nothing was carried: the page again, for whoever logged in (it shows only their own account).
  if (kept.afterLogin === "nothing") return withDeviceCookie(redirect(`${url.pathname}${url.search}`));
  const userId = await currentUserId(ctx);
  if (!carried || userId === null || !isTypist(carried.typist, userId)) {
    // Someone other than the typist, or fields not as the server signed them: a plain login.
    return withDeviceCookie(redirect(PLAIN_LOGIN_TARGET));
  }
  if (kept.afterLogin === "show") throw withDeviceCookie(backToForm("show", String(field)));
  try {
    const answer = await work(replay(url, kept.intent, carried.typed), () => undefined);
    // Saved: the page's own redirect. Anything else is said on the form, with the typed fields.
    if (answer.status >= 300 && answer.status < 400) return withDeviceCookie(answer);
    throw backToForm("save", String(field));
  } catch (error) {
    throw error instanceof Response ? withDeviceCookie(error) : error;
  }
}

/** The typed fields posted again as the form's save (whatever was pressed before): the person sees it kept. */
function replay(url: URL, intent: string, typed: Typed): Request {
  const form = new URLSearchParams(typed.filter(([name]) => name !== "intent"));
  form.set("intent", intent);
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
  });
}

/** Back to the form, logged in: shown filled with nothing sent (`show`), or saved and answered (`save`). */
async function restoreForm(
  ctx: RequestContext,
  request: Request,
  kept: KeptForm,
  work: FormWork,
): Promise<Response> {
  const field = (await readForm(request)).get(TYPED_FIELD);
  const carried = carriedTyped(field, ctx.now);
  const userId = await currentUserId(ctx);
  if (userId === null) {
    ctx.endSession();
    throw sessionEnded(kept.afterLogin, carried ? String(field) : null, []);
  }
  const url = pageUrl(request);
  if (kept.afterLogin === "nothing" || !carried || !isTypist(carried.typist, userId)) {
    return redirect(`${url.pathname}${url.search}`);
  }
  if (kept.afterLogin === "save") return work(replay(url, kept.intent, carried.typed), () => undefined);
  const typed = new FormData();
  for (const [name, value] of carried.typed) typed.append(name, value);
  return formFailure({}, typed, 200, { formId: kept.formId, notice: UNSENT_NOTICE });
}

/** A form route's action through an ended session; a slot's streamed file (JavaScript on) carries nothing typed. */
export async function keepTypedThroughLogin(
  ctx: RequestContext,
  request: Request,
  kept: KeptForm,
  work: FormWork,
): Promise<Response> {
  const relogin = await reloginPostOf(request);
  if (relogin === "login") return logInAndUse(ctx, request, kept, work);
  if (relogin === "restore") return restoreForm(ctx, request, kept, work);
  const streamed = isStreamedUpload(request);
  const userId = streamed ? null : await currentUserId(ctx);
  if (!streamed && userId === null) {
    ctx.endSession();
    const { form, filesDropped } = await postedForm(request);
    throw sessionEnded(kept.afterLogin, carriedFrom(ctx, kept, form), filesDropped);
  }
  let typedNow: FormData | null = null;
  try {
    return await work(request, (typed) => {
      typedNow = typed;
      // A page rendered for someone else than who is logged in now (left open while another person
      // logged in): its typing is its typist's, kept for their login, never used in this account.
      const typist = kept.afterLogin === "nothing" ? null : typistOf(typed, ctx.now);
      if (typist && userId !== null && !isTypist(typist, userId)) {
        throw sessionEnded(kept.afterLogin, carryTyped(typist, typedOf(typed), ctx.now), []);
      }
    });
  } catch (error) {
    if (!endsSession(error) || typedNow === null) throw error;
    ctx.endSession();
    throw sessionEnded(kept.afterLogin, carriedFrom(ctx, kept, typedNow), [], { reason: reasonOf(error) });
  }
}
