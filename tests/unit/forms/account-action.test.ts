// The one shape of an account form's action: read, honeypot, validate, limit, send, answer. Each step
// answers as the forms always have: §5 "shown per form field … taking the first message", §8 "400 with
// body … merged into the step's field errors", a refusal past the limits a 429 with Retry-After, and
// never a password put back into the page.

import { withZod } from "@remix-validated-form/with-zod";
import { redirect } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  type AccountForm,
  accountAction,
  answerAccountForm,
  divisionRefused,
} from "~/forms/account-action.server";
import { CORPORATE_ONLY_MESSAGE } from "~/domain/business-types";
import { NON_FIELD_ERRORS } from "~/forms/form-failure";
import { HONEYPOT_FIELD } from "~/forms/honeypot";
import { CLIENT_ADDRESS_HEADER } from "~/request/client-address";
import type { RequestContext } from "~/request/context.server";
import { RATE_LIMITS, RATE_LIMIT_MESSAGE, resetRateLimits } from "~/security/rate-limit.server";
import {
  UpstreamServerError,
  UpstreamUnauthorizedError,
  UpstreamValidationError,
  whenRefused,
} from "~/upstream/errors.server";

beforeEach(() => resetRateLimits());
afterEach(() => resetRateLimits());

const ctx = {} as RequestContext;
const validator = withZod(z.object({ email: z.string().min(1, "入力してください。"), password: z.string() }));

function post(fields: Record<string, string>, address = "10.0.0.1") {
  return new Request("http://app.test/form", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", [CLIENT_ADDRESS_HEADER]: address },
    body: new URLSearchParams(fields).toString(),
  });
}

function formOf(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return formData;
}

type Data = { email: string; password: string };

function form(overrides: Partial<AccountForm<Data>> = {}): AccountForm<Data> {
  return {
    validator,
    upstreamFields: ["email", "password"],
    send: async () => redirect("/done"),
    ...overrides,
  };
}

const sent = { email: "a@example.jp", password: "secret-1" };

describe("answerAccountForm: each step, in order", () => {
  it("a filled honeypot gets the form's own answer, and nothing is sent", async () => {
    const send = vi.fn(async () => redirect("/done"));
    const answer = await answerAccountForm(
      ctx,
      post({}),
      formOf({ ...sent, [HONEYPOT_FIELD]: "bot" }),
      form({ send, honeypot: () => redirect("/told-the-same") }),
    );
    expect(answer.headers.get("Location")).toBe("/told-the-same");
    expect(send).not.toHaveBeenCalled();
  });

  it("a form without a honeypot reads the field as any other", async () => {
    const answer = await answerAccountForm(ctx, post({}), formOf({ ...sent, [HONEYPOT_FIELD]: "x" }), form());
    expect(answer.headers.get("Location")).toBe("/done");
  });

  it("what the schema refuses is a 422 at its field, with what was sent but the password", async () => {
    const send = vi.fn(async () => redirect("/done"));
    const answer = await answerAccountForm(
      ctx,
      post({}),
      formOf({ email: "", password: "p" }),
      form({ send }),
    );
    expect(answer.status).toBe(422);
    const body = await answer.json();
    expect(body.fieldErrors).toEqual({ email: "入力してください。" });
    expect(body.values).toEqual({ email: "" });
    expect(send).not.toHaveBeenCalled();
  });

  it("a post no page sends (a hidden field tampered with) gets the form's own answer, nothing sent", async () => {
    const send = vi.fn(async () => redirect("/done"));
    const answer = await answerAccountForm(
      ctx,
      post({}),
      formOf({ email: "" }),
      form({
        send,
        formId: "form",
        invalid: (fail) => fail({ [NON_FIELD_ERRORS]: "このリンクは無効です。" }, 400, { formId: "invalid" }),
      }),
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ formId: "invalid", formErrors: ["このリンクは無効です。"] });
    expect(send).not.toHaveBeenCalled();
  });

  it("what the schema cannot know (the brand's rules) is a 422 at its field, before any count", async () => {
    const limited = form({
      refuse: () => ({ email: "この区分ではご登録いただけません。" }),
      rateLimit: { form: "test-refuse", target: (data) => data.email },
    });
    for (let i = 0; i < RATE_LIMITS.target.points + 1; i++) {
      const answer = await answerAccountForm(ctx, post({}), formOf(sent), limited);
      expect(answer.status).toBe(422);
      expect((await answer.json()).fieldErrors).toEqual({ email: "この区分ではご登録いただけません。" });
    }
    const counted = form({ rateLimit: { form: "test-refuse", target: (data) => data.email } });
    expect((await answerAccountForm(ctx, post({}), formOf(sent), counted)).status).toBe(302);
  });

  it("past the per-target limit: 429, the rate-limit message at the top, Retry-After, nothing sent", async () => {
    const send = vi.fn(async () => redirect("/done"));
    const limited = form({ send, rateLimit: { form: "test-limit", target: (data) => data.email } });
    for (let i = 0; i < RATE_LIMITS.target.points; i++) {
      expect((await answerAccountForm(ctx, post({}), formOf(sent), limited)).status).toBe(302);
    }
    const answer = await answerAccountForm(ctx, post({}), formOf(sent), limited);
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
    const body = await answer.json();
    expect(body.formErrors).toEqual([RATE_LIMIT_MESSAGE]);
    expect(body.values).toEqual({ email: "a@example.jp" });
    expect(send).toHaveBeenCalledTimes(RATE_LIMITS.target.points);
  });

  it("sends what the schema read, with the request context, and answers what the call answered", async () => {
    const send = vi.fn(async () => redirect("/sent"));
    const answer = await answerAccountForm(ctx, post({}), formOf(sent), form({ send }));
    expect(answer.headers.get("Location")).toBe("/sent");
    expect(send).toHaveBeenCalledWith(ctx, sent, expect.any(Function));
  });

  it("the upstream's 400: its field errors at the form's fields, the others at the top (§8)", async () => {
    const send = async () => {
      throw new UpstreamValidationError({ email: ["登録済みです。", "二つめ"], uid: ["不明"] }, []);
    };
    const answer = await answerAccountForm(ctx, post({}), formOf(sent), form({ send, formId: "f" }));
    expect(answer.status).toBe(400);
    const body = await answer.json();
    expect(body).toMatchObject({
      formId: "f",
      fieldErrors: { email: "登録済みです。" },
      formErrors: ["不明"],
      values: { email: "a@example.jp" },
    });
  });

  it("the form's own words for a refusal, given the mapped errors; extras on every failure", async () => {
    const send = async () => {
      throw new UpstreamValidationError({ password: ["短すぎます。"] }, []);
    };
    const answer = await answerAccountForm(
      ctx,
      post({}),
      formOf(sent),
      form({
        send,
        extra: { linkRejected: false },
        refused: (_error, errors, fail) => fail({ email: errors.password! }, 400),
      }),
    );
    expect(await answer.json()).toMatchObject({
      fieldErrors: { email: "短すぎます。" },
      linkRejected: false,
    });
    const invalid = await answerAccountForm(ctx, post({}), formOf({ email: "" }), form({ extra: { a: 1 } }));
    expect(await invalid.json()).toMatchObject({ a: 1 });
  });

  it("an upstream that throttles the call: its 429 said as the app's own limit, with its wait", async () => {
    const send = async () => {
      throw new UpstreamServerError(429, "throttled", null, 120);
    };
    const answer = await answerAccountForm(ctx, post({}), formOf(sent), form({ send, upstreamLimits: true }));
    expect(answer.status).toBe(429);
    expect(answer.headers.get("Retry-After")).toBe("120");
    expect((await answer.json()).formErrors).toEqual([RATE_LIMIT_MESSAGE]);
    // Any other form leaves it to the error screens.
    await expect(answerAccountForm(ctx, post({}), formOf(sent), form({ send }))).rejects.toBeInstanceOf(
      UpstreamServerError,
    );
  });

  it("any other upstream error is thrown on, to the error screens", async () => {
    const send = async () => {
      throw new UpstreamUnauthorizedError(401, "ログインしてください。");
    };
    await expect(answerAccountForm(ctx, post({}), formOf(sent), form({ send }))).rejects.toBeInstanceOf(
      UpstreamUnauthorizedError,
    );
  });
});

describe("accountAction: the form read from the request", () => {
  it("reads the posted form, tells keep what was typed, then answers", async () => {
    const keep = vi.fn();
    const answer = await accountAction(ctx, post(sent), form(), keep);
    expect(answer.headers.get("Location")).toBe("/done");
    expect(Object.fromEntries(keep.mock.calls[0]![0] as FormData)).toEqual(sent);
  });

  it("what no page sends is a 4xx before anything else (readForm)", async () => {
    const send = vi.fn(async () => redirect("/done"));
    const request = new Request("http://app.test/form", { method: "POST", body: "{}" });
    await expect(accountAction(ctx, request, form({ send }))).rejects.toMatchObject({ status: 415 });
    expect(send).not.toHaveBeenCalled();
  });
});

describe("whenRefused: the one place the upstream's 400 is told apart", () => {
  it("answers what the call answered", async () => {
    expect(
      await whenRefused(
        async () => 7,
        () => "refused",
      ),
    ).toBe(7);
  });

  it("answers the refusal through its handler", async () => {
    const refusal = new UpstreamValidationError({}, ["だめです。"]);
    const answer = await whenRefused(
      async () => {
        throw refusal;
      },
      (error) => error.nonFieldErrors[0],
    );
    expect(answer).toBe("だめです。");
  });

  it("throws any other error on", async () => {
    const other = new UpstreamServerError(503, "down");
    await expect(
      whenRefused(
        async () => {
          throw other;
        },
        () => "refused",
      ),
    ).rejects.toBe(other);
  });
});

it("the honeypot's failure is the form's failure shape", async () => {
  const answer = await answerAccountForm(
    ctx,
    post({}),
    formOf({ ...sent, [HONEYPOT_FIELD]: "bot" }),
    form({ honeypot: (fail) => fail({ [NON_FIELD_ERRORS]: "登録できませんでした。" }, 400) }),
  );
  expect(answer.status).toBe(400);
  expect(await answer.json()).toMatchObject({
    formErrors: ["登録できませんでした。"],
    values: { email: sent.email },
  });
});

describe("divisionRefused: §6, a business type the brand turns away", () => {
  const brand = (individualSupported: boolean) => ({ brand: { individualSupported } }) as RequestContext;

  it("said at its field on a corporate-only brand", () => {
    expect(divisionRefused(brand(false))({ corporate_division: "individual" })).toEqual({
      corporate_division: CORPORATE_ONLY_MESSAGE,
    });
    expect(divisionRefused(brand(false))({ corporate_division: "corporate" })).toBeNull();
  });

  it("nothing where individuals are served", () => {
    expect(divisionRefused(brand(true))({ corporate_division: "individual" })).toBeNull();
  });
});
