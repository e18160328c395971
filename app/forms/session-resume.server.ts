// Nothing typed is lost to an ended session (decision 0027): the step answers 401 with what was typed, its
// error boundary logs in place with RELOGIN_PARAM, then what was typed is saved as 下書き保存.

import { json } from "@remix-run/node";
import { WizardIntent } from "~/domain/wizard-intents";
import { isSecretField } from "~/forms/form-errors.server";
import { isFormFailure } from "~/forms/form-failure";
import { attemptLogin } from "~/forms/login-attempt.server";
import { isMultipartRequest, isStreamedUpload, readForm, readMultipartForm } from "~/forms/read-form.server";
import { RELOGIN_PARAM, type SessionEnded, TYPED_FIELD } from "~/forms/session-resume";
import { isUploadFileField } from "~/forms/step-upload";
import { type RequestContext, badRequestScreen } from "~/request/context.server";
import { fetchCurrentUser } from "~/upstream/auth.server";
import { UpstreamCsrfError, endsUpstreamSession as endsSession } from "~/upstream/errors.server";

type Typed = [string, string][];

export type StepWork = (request: Request, keep: (typed: FormData) => void) => Promise<Response>;

function typedOf(form: FormData): Typed {
  return [...form].flatMap(([name, value]): Typed =>
    typeof value === "string" && !isSecretField(name) ? [[name, value]] : [],
  );
}

function sessionEnded(
  typed: Typed,
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
    typed: JSON.stringify(typed),
    filesDropped,
    login,
  };
  return json(body, { status, headers });
}

/** §8: a stale CSRF pair says so (its alert); any other end, the session expired. */
const reasonOf = (error: unknown): SessionEnded["reason"] =>
  error instanceof UpstreamCsrfError ? "csrf" : "session_expired";

async function sessionIsGone(ctx: RequestContext): Promise<boolean> {
  try {
    const user = await fetchCurrentUser(ctx);
    return !user || typeof user.id !== "number";
  } catch (error) {
    if (endsSession(error)) return true;
    throw error;
  }
}

async function typedInPost(request: Request): Promise<{ typed: Typed; filesDropped: boolean }> {
  if (!isMultipartRequest(request)) return { typed: typedOf(await readForm(request)), filesDropped: false };
  const form = await readMultipartForm(request, { isFileField: isUploadFileField });
  try {
    const filesDropped = [...form.parts.values()].some((part) => (part.file?.size ?? 0) > 0);
    return { typed: typedOf(form.formData), filesDropped };
  } finally {
    await form.cleanup();
  }
}

function typedFromField(value: FormDataEntryValue | null): Typed {
  try {
    const parsed: unknown = JSON.parse(typeof value === "string" ? value : "");
    if (
      Array.isArray(parsed) &&
      parsed.every(
        (pair) =>
          Array.isArray(pair) && pair.length === 2 && pair.every((part: unknown) => typeof part === "string"),
      )
    ) {
      return parsed as Typed;
    }
  } catch {
    // Not JSON: refused below.
  }
  throw badRequestScreen(400);
}

async function logInAndSave(ctx: RequestContext, request: Request, work: StepWork): Promise<Response> {
  const posted = await readForm(request);
  const typed = typedFromField(posted.get(TYPED_FIELD));
  const credentials = new FormData();
  for (const [name, value] of posted) if (name !== TYPED_FIELD) credentials.append(name, value);
  const attempt = await attemptLogin(ctx, request, credentials);
  if ("failure" in attempt) {
    const failure: unknown = await attempt.failure.json();
    const login = isFormFailure(failure) ? (failure as NonNullable<SessionEnded["login"]>) : null;
    throw sessionEnded(typed, false, {
      login,
      status: attempt.failure.status,
      headers: attempt.failure.headers,
    });
  }
  // Saved as 下書き保存 whatever was pressed before: the person sees it kept, then goes on from there.
  const form = new URLSearchParams(typed.filter(([name]) => name !== "intent"));
  form.set("intent", WizardIntent.saveDraft);
  const url = new URL(request.url);
  url.searchParams.delete(RELOGIN_PARAM);
  const replay = new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
  });
  const withDeviceCookie = (response: Response) => {
    for (const [name, value] of Object.entries(attempt.headers)) response.headers.append(name, value);
    return response;
  };
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
  if (!isStreamedUpload(request) && (await sessionIsGone(ctx))) {
    ctx.endSession();
    const { typed, filesDropped } = await typedInPost(request);
    throw sessionEnded(typed, filesDropped);
  }
  let kept: FormData | null = null;
  try {
    return await work(request, (typed) => {
      kept = typed;
    });
  } catch (error) {
    if (!endsSession(error) || kept === null) throw error;
    ctx.endSession();
    throw sessionEnded(typedOf(kept), false, { reason: reasonOf(error) });
  }
}
