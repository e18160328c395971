// A wizard step's post that meets an ended session answers 401 with what was typed (decision 0027):
// whether the session was gone before the step ran (no user) or the upstream refused the save itself.

import { beforeEach, describe, expect, it, vi } from "vitest";
import { keepTypedThroughLogin } from "~/forms/session-resume.server";
import type { SessionEnded } from "~/forms/session-resume";
import type { RequestContext } from "~/request/context.server";
import { UpstreamCsrfError, UpstreamServerError, UpstreamUnauthorizedError } from "~/upstream/errors.server";

const currentUser = vi.hoisted(() => ({ value: null as { id?: number; version: string } | null }));
vi.mock("~/upstream/auth.server", () => ({ fetchCurrentUser: async () => currentUser.value }));

const STEP = "https://app.example/entry/entry_invoice";

function context(url = STEP) {
  const ended = { value: false };
  const ctx = { url: new URL(url), endSession: () => void (ended.value = true) } as unknown as RequestContext;
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

describe("a step's post whose session ended", () => {
  beforeEach(() => {
    currentUser.value = { id: 7, version: "1" };
  });

  it("with no user: 401 carrying the typed fields, the session ended, the step never run", async () => {
    currentUser.value = { version: "1" };
    const { ctx, ended } = context();
    const work = vi.fn();
    const answer = await thrown(keepTypedThroughLogin(ctx, post([...TYPED, ["password", "x"]]), work));
    expect(answer.status).toBe(401);
    const body = (await answer.json()) as SessionEnded;
    expect(JSON.parse(body.typed)).toEqual(TYPED);
    expect(body.typed).not.toContain("password");
    expect(body.reason).toBe("session_expired");
    expect(ended.value).toBe(true);
    expect(work).not.toHaveBeenCalled();
  });

  it("refused by the upstream while saving (401/403): 401 carrying what the step had read", async () => {
    const { ctx, ended } = context();
    const answer = await thrown(
      keepTypedThroughLogin(ctx, post(TYPED), async (request, keep) => {
        const form = await request.formData();
        keep(form);
        throw new UpstreamUnauthorizedError(403, "認証情報が含まれていません。");
      }),
    );
    expect(answer.status).toBe(401);
    expect(JSON.parse(((await answer.json()) as SessionEnded).typed)).toEqual(TYPED);
    expect(ended.value).toBe(true);
  });

  it("a stale CSRF pair during the save says §8's CSRF alert instead of the expired session", async () => {
    const { ctx } = context();
    const answer = await thrown(
      keepTypedThroughLogin(ctx, post(TYPED), async (request, keep) => {
        keep(await request.formData());
        throw new UpstreamCsrfError(403);
      }),
    );
    const body = (await answer.json()) as SessionEnded;
    expect(answer.status).toBe(401);
    expect(body.reason).toBe("csrf");
    expect(JSON.parse(body.typed)).toEqual(TYPED);
  });

  it("leaves every other failure to §8 (a 5xx is no ended session)", async () => {
    const { ctx, ended } = context();
    const error = new UpstreamServerError(503);
    await expect(
      keepTypedThroughLogin(ctx, post(TYPED), async (request, keep) => {
        keep(await request.formData());
        throw error;
      }),
    ).rejects.toBe(error);
    expect(ended.value).toBe(false);
  });

  it("refuses a login in place whose typed field no page would send (400)", async () => {
    const { ctx } = context(`${STEP}?relogin`);
    const answer = await thrown(
      keepTypedThroughLogin(ctx, post([["typed", '{"not":"pairs"}']], `${STEP}?relogin`), vi.fn()),
    );
    expect(answer.status).toBe(400);
  });
});
