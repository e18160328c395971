// Every refusal the app makes for one of its own limits (the login's, the mail forms', the look-ups',
// the activation resend's, the uploads at once) is counted in rate_limit_refusals_total, once, under
// the limit's fixed name: an operator alerts on 429 spikes and sees which limit refused. Allowed
// tries count nothing.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_UPLOADS_AT_ONCE_PER_USER, UPLOAD_RETRY_AFTER_SECONDS } from "~/domain/upload-rules";
import { CLIENT_ADDRESS_HEADER } from "~/request/client-address";
import type { RequestContext } from "~/request/context.server";
import { LOOKUP_LIMITS, limitLookup } from "~/request/lookup-limit.server";
import {
  RATE_LIMITS,
  limitFormAttempt,
  limitKey,
  limitLoginAttempt,
  resetRateLimits,
} from "~/security/rate-limit.server";
import { rateLimitRefusals } from "~/telemetry/metrics.server";
import { UploadsBusyError, admitUpload } from "~/upstream/upload-admission.server";

beforeEach(() => resetRateLimits());
afterEach(() => resetRateLimits());

/** Every limit's refusals so far, by its label. */
async function refusals(): Promise<Record<string, number>> {
  const counted: Record<string, number> = {};
  for (const { labels, value } of (await rateLimitRefusals.get()).values)
    counted[String(labels.limit)] = value;
  return counted;
}

/** What `work` added to the counts: only the limits it touched. */
async function added(work: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = await refusals();
  await work();
  const after = await refusals();
  return Object.fromEntries(
    Object.entries(after)
      .map(([limit, value]) => [limit, value - (before[limit] ?? 0)] as const)
      .filter(([, change]) => change !== 0),
  );
}

async function times(count: number, attempt: (i: number) => Promise<unknown>) {
  for (let i = 0; i < count; i++) await attempt(i);
}

const newBrowser = (account: string) => ({ account, device: null });

/** A look-up's context: the session (or none) and the client address the gate found. */
const lookupContext = (sessionid: string | undefined, address: string) =>
  ({
    session: { credentials: { sessionid } },
    request: new Request("http://localhost:3000/entry/banks", {
      headers: { [CLIENT_ADDRESS_HEADER]: address },
    }),
  }) as unknown as RequestContext;

describe("refusals by limit", () => {
  it("login: the address's count and the account's bucket, each under its own name", async () => {
    const address = RATE_LIMITS.address.points;
    expect(
      await added(() => times(address, (i) => limitLoginAttempt(newBrowser(`made-up-${i}`), "10.20.0.1"))),
    ).toEqual({});
    expect(await added(() => limitLoginAttempt(newBrowser("someone"), "10.20.0.1"))).toEqual({
      login_address: 1,
    });
    const bucket = RATE_LIMITS.login.points;
    await times(bucket, (i) => limitLoginAttempt(newBrowser("owner"), `10.21.0.${i}`));
    expect(await added(() => limitLoginAttempt(newBrowser("owner"), "10.21.1.1"))).toEqual({
      login_account: 1,
    });
  });

  it("login while wrong passwords pile up everywhere: the new browsers' bucket under its own name", async () => {
    await times(RATE_LIMITS.stuffingFailedLogins.points, async (i) =>
      (await limitLoginAttempt(newBrowser(`leaked-${i}`), `10.25.${i % 200}.1`)).countWrongPassword(),
    );
    await times(RATE_LIMITS.stuffingNewBrowserLogins.points, (i) =>
      limitLoginAttempt(newBrowser(`more-${i}`), `10.26.${i}.1`),
    );
    expect(await added(() => limitLoginAttempt(newBrowser("one-more"), "10.27.0.1"))).toEqual({
      login_new_browsers: 1,
    });
  });

  it("the mail forms: the address's count and the target's, named by form", async () => {
    await times(RATE_LIMITS.target.points, (i) =>
      limitFormAttempt("register", "same@example.com", `10.22.0.${i}`),
    );
    expect(await added(() => limitFormAttempt("register", "same@example.com", "10.22.1.1"))).toEqual({
      register_target: 1,
    });
    await times(RATE_LIMITS.address.points, (i) =>
      limitFormAttempt("password-reset", `user${i}@example.com`, "10.23.0.1"),
    );
    expect(await added(() => limitFormAttempt("password-reset", "x@example.com", "10.23.0.1"))).toEqual({
      password_reset_address: 1,
    });
  });

  it("look-ups: the session's count and the address's", async () => {
    const session = LOOKUP_LIMITS.session.points;
    await times(session, () => limitLookup(lookupContext("session-1", "10.24.0.1")));
    expect(await added(() => limitLookup(lookupContext("session-1", "10.24.0.1")))).toEqual({
      lookup_session: 1,
    });
    const address = LOOKUP_LIMITS.address.points;
    await times(address - session, () => limitLookup(lookupContext(undefined, "10.24.0.1")));
    expect(await added(() => limitLookup(lookupContext(undefined, "10.24.0.1")))).toEqual({
      lookup_address: 1,
    });
  });

  it("a limit of its own (the activation resend's) under its name", async () => {
    await limitKey("activation-resend", "user 7", 1, 60);
    expect(await added(() => limitKey("activation-resend", "user 7", 1, 60))).toEqual({
      activation_resend: 1,
    });
  });

  it("uploads at once: one person's (429), one address's (429) and everyone's (503)", async () => {
    const roomy = { inAll: 100, perAddress: 100 };
    const from = (person: string, address = "203.0.113.1") => ({ person, address });
    const held = Array.from({ length: MAX_UPLOADS_AT_ONCE_PER_USER }, () =>
      admitUpload(from("user 1"), roomy),
    );
    /** The refusal's status and whose uploads were full, and the refusals counted. */
    const refused = async (uploader: ReturnType<typeof from>, limits: typeof roomy) => {
      let thrown: unknown;
      const counted = await added(async () => {
        try {
          admitUpload(uploader, limits);
        } catch (error) {
          thrown = error;
        }
      });
      expect(thrown).toBeInstanceOf(UploadsBusyError);
      const { status, full, retryAfterSeconds } = thrown as UploadsBusyError;
      expect(retryAfterSeconds).toBe(UPLOAD_RETRY_AFTER_SECONDS);
      return { status, full, counted };
    };
    try {
      expect(await refused(from("user 1", "198.51.100.7"), roomy)).toEqual({
        status: 429,
        full: "person",
        counted: { uploads_per_user: 1 },
      });
      const address = { inAll: 100, perAddress: MAX_UPLOADS_AT_ONCE_PER_USER };
      expect(await refused(from("user 2"), address)).toEqual({
        status: 429,
        full: "address",
        counted: { uploads_per_address: 1 },
      });
      const server = { inAll: MAX_UPLOADS_AT_ONCE_PER_USER, perAddress: 100 };
      expect(await refused(from("user 2", "198.51.100.7"), server)).toEqual({
        status: 503,
        full: "server",
        counted: { uploads_at_once: 1 },
      });
      // Another person from another address, with room in all: admitted.
      expect(await added(async () => admitUpload(from("user 2", "198.51.100.7"), address).release())).toEqual(
        {},
      );
    } finally {
      for (const admission of held) admission.release();
    }
    expect(await added(async () => admitUpload(from("user 1"), roomy).release())).toEqual({});
  });
});
