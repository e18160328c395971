// Nothing typed is lost to an ended session, nor saved into anyone else's draft (decision 0027): the
// 401 carries it signed for its typist, and only the typist's login in place saves it.

import { json, redirect } from "@remix-run/node";
import { WizardIntent } from "~/domain/wizard-intents";
import { isSecretField } from "~/forms/form-errors.server";
import { isFormFailure } from "~/forms/form-failure";
import { attemptLogin } from "~/forms/login-attempt.server";
import { isMultipartRequest, isStreamedUpload, readForm, readMultipartForm } from "~/forms/read-form.server";
import { RELOGIN_PARAM, type SessionEnded, TYPED_BY_FIELD, TYPED_FIELD } from "~/forms/session-resume";
import { isUploadFileField } from "~/forms/step-upload";
import { type Typed, carriedTyped, carryTyped, isTypist, typistOf } from "~/forms/typist.server";
import type { RequestContext } from "~/request/context.server";
import { fetchCurrentUser } from "~/upstream/auth.server";
import { UpstreamCsrfError, endsUpstreamSession as endsSession } from "~/upstream/errors.server";

/** A login on the form that saves nothing lands as /login's does when no page is asked for: the step was the typist's. */
const PLAIN_LOGIN_TARGET = "/mypage";

export type StepWork = (request: Request, keep: (typed: FormData) => void) => Promise<Response>;

function typedOf(form: FormData): Typed {
  return [...form].flatMap(([name, value]): Typed =>
    typeof value === "string" && !isSecretField(name) && name !== TYPED_BY_FIELD ? [[name, value]] : [],
  );
}

function sessionEnded(
  typed: string | null,
  filesDropped: boolean,
  {
    reason = "session_expired",
    login = null,
    status = 401,
    headers,
  }: Partial<SessionEnded> & {
    status?: number;
    headers?: HeadersInit;
  } = {},
): Response {
  const body: SessionEnded = {
    sessionEnded: true,
    reason,
    typed,
    filesDropped,
    login,
  };
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

async function postedForm(request: Request): Promise<{ form: FormData; filesDropped: boolean }> {
  if (!isMultipartRequest(request)) return { form: await readForm(request), filesDropped: false };
  const form = await readMultipartForm(request, { isFileField: isUploadFileField });
  try {
    const filesDropped = [...form.parts.values()].some((part) => (part.file?.size ?? 0) > 0);
    return { form: form.formData, filesDropped };
  } finally {
    await form.cleanup();
  }
}

/** What the login in place carries: the typed fields for whom the page was rendered, or nothing. */
function carriedFrom(ctx: RequestContext, form: FormData): string | null {
  const typist = typistOf(form, ctx.now);
  return typist ? carryTyped(typist, typedOf(form), ctx.now) : null;
}

async function logInAndSave(ctx: RequestContext, request: Request, work: StepWork): Promise<Response> {
  const posted = await readForm(request);
  const field = posted.get(TYPED_FIELD);
  const carried = carriedTyped(field, ctx.now);
  const credentials = new FormData();
  for (const [name, value] of posted) if (name !== TYPED_FIELD) credentials.append(name, value);
  const attempt = await attemptLogin(ctx, request, credentials);
  if ("failure" in attempt) {
    const failure: unknown = await attempt.failure.json();
    const login = isFormFailure(failure) ? (failure as NonNullable<SessionEnded["login"]>) : null;
    // Carried again only as signed, its expiry unchanged: a refused login never makes it last longer.
    throw sessionEnded(carried ? String(field) : null, false, {
      login,
      status: attempt.failure.status,
      headers: attempt.failure.headers,
    });
  }
  const withDeviceCookie = (response: Response) => {
    for (const [name, value] of Object.entries(attempt.headers)) response.headers.append(name, value);
    return response;
  };
  const userId = await currentUserId(ctx);
  if (!carried || userId === null || !isTypist(carried.typist, userId)) {
    // Someone other than the typist, or fields not as the server signed them: a plain login.
    return withDeviceCookie(redirect(PLAIN_LOGIN_TARGET));
  }
  // Saved as 下書き保存 whatever was pressed before: the person sees it kept, then goes on from there.
  const form = new URLSearchParams(carried.typed.filter(([name]) => name !== "intent"));
  form.set("intent", WizardIntent.saveDraft);
  const url = new URL(request.url);
  url.searchParams.delete(RELOGIN_PARAM);
  const replay = new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
  });
  try {
    return withDeviceCookie(await work(replay, () => undefined));
  } catch (error) {
    throw error instanceof Response ? withDeviceCookie(error) : error;
  }
}

/** A slot's streamed file (JavaScript on) carries nothing typed: it is answered as any other post. */
export async function keepTypedThroughLogin(
  ctx: RequestContext,
  request: Request,
  work: StepWork,
): Promise<Response> {
  if (ctx.url.searchParams.has(RELOGIN_PARAM)) return logInAndSave(ctx, request, work);
  const streamed = isStreamedUpload(request);
  const userId = streamed ? null : await currentUserId(ctx);
  if (!streamed && userId === null) {
    ctx.endSession();
    const { form, filesDropped } = await postedForm(request);
    throw sessionEnded(carriedFrom(ctx, form), filesDropped);
  }
  let kept: FormData | null = null;
  try {
    return await work(request, (typed) => {
      kept = typed;
      // A page rendered for someone else than who is logged in now (left open while another person
      // logged in): its typing is its typist's, kept for their login, never saved into this draft.
      const typist = typistOf(typed, ctx.now);
      if (typist && userId !== null && !isTypist(typist, userId)) {
        throw sessionEnded(carryTyped(typist, typedOf(typed), ctx.now), false);
      }
    });
  } catch (error) {
    if (!endsSession(error) || kept === null) throw error;
    ctx.endSession();
    throw sessionEnded(carriedFrom(ctx, kept), false, { reason: reasonOf(error) });
  }
}
