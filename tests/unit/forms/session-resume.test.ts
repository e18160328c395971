// A wizard step's post that meets an ended session answers 401 with what was typed (decision 0027):
// whether the session was gone before the step ran (no user) or the upstream refused the save itself.
// What it carries is signed for the person the page was rendered for; a page that names no one carries
// nothing, and a page rendered for someone else than who is logged in saves nothing into their draft.

import { beforeEach, describe, expect, it, vi } from "vitest";
import { keepTypedThroughLogin } from "~/forms/session-resume.server";
import type { SessionEnded } from "~/forms/session-resume";
import { carriedTyped, isTypist, typedByToken } from "~/forms/typist.server";
import type { RequestContext } from "~/request/context.server";
import { UpstreamCsrfError, UpstreamServerError, UpstreamUnauthorizedError } from "~/upstream/errors.server";

const currentUser = vi.hoisted(() => ({ value: null as { id?: number; version: string } | null }));
vi.mock("~/upstream/auth.server", () => ({ fetchCurrentUser: async () => currentUser.value }));

const STEP = "https://app.example/entry/entry_invoice";
const NOW = new Date("2026-11-28T10:00:00+09:00");
const TYPIST_ID = 7;
const SAVE = { afterLogin: "save", intent: "save_draft" } as const;

function context(url = STEP) {
  const ended = { value: false };
  const ctx = {
    url: new URL(url),
    now: NOW,
    endSession: () => void (ended.value = true),
  } as unknown as RequestContext;
  return { ctx, ended };
}

function post(fields: [string, string][], url = STEP): Request {
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown answer");
}

const TYPED: [string, string][] = [
  ["purpose", "設備の入れ替え"],
  ["claims[0].obliger_company_name", "株式会社あとから"],
  ["intent", "next"],
];

/** The step's page as rendered for `userId`: its typed fields and its token of whom it is for. */
const pageOf = (userId = TYPIST_ID): [string, string][] => [
  ...TYPED,
  ["typed_by", typedByToken(userId, NOW)],
];

/** The carried field of a 401, read as the relogin post reads it. */
async function carriedIn(answer: Response) {
  const body = (await answer.json()) as SessionEnded;
  return { body, carried: carriedTyped(body.typed, NOW) };
}

describe("a step's post whose session ended", () => {
  beforeEach(() => {
    currentUser.value = { id: 7, version: "1" };
  });

  it("with no user: 401 carrying the typed fields for the page's typist, the session ended, the step never run", async () => {
    currentUser.value = { version: "1" };
    const { ctx, ended } = context();
    const work = vi.fn();
    const answer = await thrown(
      keepTypedThroughLogin(ctx, post([...pageOf(), ["password", "x"]]), SAVE, work),
    );
    expect(answer.status).toBe(401);
    const { body, carried } = await carriedIn(answer);
    expect(carried!.typed).toEqual(TYPED);
    expect(isTypist(carried!.typist, TYPIST_ID)).toBe(true);
    expect(isTypist(carried!.typist, 8)).toBe(false);
    expect(body.reason).toBe("session_expired");
    expect(ended.value).toBe(true);
    expect(work).not.toHaveBeenCalled();
  });

  it("with no user, a form that carries nothing (the password change): 401 with no typed field, said so", async () => {
    currentUser.value = { version: "1" };
    const { ctx } = context();
    const answer = await thrown(
      keepTypedThroughLogin(ctx, post(pageOf()), { afterLogin: "nothing" }, vi.fn()),
    );
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ afterLogin: "nothing", typed: null, filesDropped: [] });
  });

  it("with no user, the files chosen without JavaScript are named, not sent, and the typed fields still carried", async () => {
    currentUser.value = { version: "1" };
    const { ctx } = context();
    const form = new FormData();
    for (const [name, value] of pageOf()) form.append(name, value);
    form.append(
      "content",
      new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], "通帳_4月.pdf", { type: "application/pdf" }),
    );
    const request = new Request(STEP, { method: "POST", body: form });
    const work = vi.fn();
    const answer = await thrown(
      keepTypedThroughLogin(ctx, request, { afterLogin: "show", formId: null }, work),
    );
    const { body, carried } = await carriedIn(answer);
    expect(body.filesDropped).toEqual(["通帳_4月.pdf"]);
    expect(body.afterLogin).toBe("show");
    expect(carried!.typed).toEqual(TYPED);
    expect(work).not.toHaveBeenCalled();
  });

  it("with no user and a page that names no one (no token, or one changed): 401 carrying nothing", async () => {
    currentUser.value = { version: "1" };
    const token = typedByToken(TYPIST_ID, NOW);
    for (const fields of [TYPED, [...TYPED, ["typed_by", `${token.slice(0, -1)}x`]] as [string, string][]]) {
      const { ctx, ended } = context();
      const answer = await thrown(keepTypedThroughLogin(ctx, post(fields), SAVE, vi.fn()));
      expect(answer.status).toBe(401);
      expect(((await answer.json()) as SessionEnded).typed).toBeNull();
      expect(ended.value).toBe(true);
    }
  });

  it("refused by the upstream while saving (401/403): 401 carrying what the step had read", async () => {
    const { ctx, ended } = context();
    const answer = await thrown(
      keepTypedThroughLogin(ctx, post(pageOf()), SAVE, async (request, keep) => {
        const form = await request.formData();
        keep(form);
        throw new UpstreamUnauthorizedError(403, "認証情報が含まれていません。");
      }),
    );
    expect(answer.status).toBe(401);
    expect((await carriedIn(answer)).carried!.typed).toEqual(TYPED);
    expect(ended.value).toBe(true);
  });

  it("a stale CSRF pair during the save says §8's CSRF alert instead of the expired session", async () => {
    const { ctx } = context();
    const answer = await thrown(
      keepTypedThroughLogin(ctx, post(pageOf()), SAVE, async (request, keep) => {
        keep(await request.formData());
        throw new UpstreamCsrfError(403);
      }),
    );
    const { body, carried } = await carriedIn(answer);
    expect(answer.status).toBe(401);
    expect(body.reason).toBe("csrf");
    expect(carried!.typed).toEqual(TYPED);
  });

  it("leaves every other failure to §8 (a 5xx is no ended session)", async () => {
    const { ctx, ended } = context();
    const error = new UpstreamServerError(503);
    await expect(
      keepTypedThroughLogin(ctx, post(pageOf()), SAVE, async (request, keep) => {
        keep(await request.formData());
        throw error;
      }),
    ).rejects.toBe(error);
    expect(ended.value).toBe(false);
  });

  it("a page rendered for the person logged in runs the step as any post", async () => {
    const { ctx } = context();
    const saved = new Response(null, { status: 302 });
    const answer = await keepTypedThroughLogin(ctx, post(pageOf()), SAVE, async (request, keep) => {
      keep(await request.formData());
      return saved;
    });
    expect(answer).toBe(saved);
  });

  it("a page rendered for someone else than who is logged in: 401 for its typist, nothing saved, no one logged out", async () => {
    currentUser.value = { id: 8, version: "1" };
    const { ctx, ended } = context();
    const save = vi.fn();
    const answer = await thrown(
      keepTypedThroughLogin(ctx, post(pageOf(TYPIST_ID)), SAVE, async (request, keep) => {
        keep(await request.formData());
        save();
        return new Response(null, { status: 302 });
      }),
    );
    expect(answer.status).toBe(401);
    const { carried } = await carriedIn(answer);
    expect(isTypist(carried!.typist, TYPIST_ID)).toBe(true);
    expect(save).not.toHaveBeenCalled();
    expect(ended.value).toBe(false);
  });
});
