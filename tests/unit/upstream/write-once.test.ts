// A lost answer is looked up, not guessed: a write whose answer is lost is looked
// up before the app answers; 499 only when the lookup gets no answer either. Against a local HTTP
// server that stores by idempotency key as the reference upstream does, and drops answers on demand.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { UpstreamClient } from "~/upstream/client.server";
import { UpstreamNetworkError, UpstreamValidationError } from "~/upstream/errors.server";
import { LOST_ANSWER_LOOKUP, writeOnce } from "~/upstream/write-once.server";
import { type FakeUpstream, startFakeUpstream } from "./fake-upstream";

const CREATED = z.object({ id: z.number() });

let fake: FakeUpstream;
let baseUrl: string;
/** key → the stored thing, as the reference upstream keeps entries by idempotency_key. */
let stored: Map<string, { id: number }>;
/** How many of the next POSTs are stored and then dropped without an answer. */
let dropAfterStoring: number;
let posts: number;
let reject: boolean;

beforeAll(async () => {
  fake = await startFakeUpstream((req, res, body) => {
    posts += 1;
    if (reject) {
      res.writeHead(400, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ purpose: ["入力してください。"] }));
      return;
    }
    const { idempotency_key: key } = JSON.parse(body.toString("utf8")) as { idempotency_key: string };
    const replay = stored.get(key);
    const entry = replay ?? { id: stored.size + 1 };
    stored.set(key, entry);
    if (dropAfterStoring > 0) {
      dropAfterStoring -= 1;
      req.socket.destroy();
      return;
    }
    res.writeHead(replay ? 200 : 201, { "Content-Type": "application/json" });
    res.end(JSON.stringify(entry));
  });
  baseUrl = fake.baseUrl;
});

afterAll(() => fake.close());

beforeEach(() => {
  stored = new Map();
  dropAfterStoring = 0;
  posts = 0;
  reject = false;
});

const client = (deadlineMs?: number) =>
  new UpstreamClient(new URL(baseUrl), { sessionid: "s", csrftoken: "t" }, "sakidori", { deadlineMs });

/** The entry submit's shape: the lookup replays the same body (same idempotency key). */
function submit(upstream: UpstreamClient, lookups: string[] = []) {
  const body = { idempotency_key: "draft-7" };
  return writeOnce(
    () => upstream.call("POST", "/api/entries/", { json: body, schema: CREATED }),
    () => {
      lookups.push("lookup");
      return upstream.call("POST", "/api/entries/", { json: body, schema: CREATED, ...LOST_ANSWER_LOOKUP });
    },
  );
}

describe("a lost answer is looked up, not guessed", () => {
  it("an answered write is not looked up", async () => {
    const lookups: string[] = [];
    expect(await submit(client(), lookups)).toEqual({ id: 1 });
    expect(lookups).toEqual([]);
    expect(posts).toBe(1);
  });

  it("a write stored and then dropped is found by the lookup: its result, and exactly one made", async () => {
    dropAfterStoring = 1;
    expect(await submit(client())).toEqual({ id: 1 });
    expect(stored.size).toBe(1);
    expect(posts).toBe(2);
  });

  it("when the lookup gets no answer either, the write's own network error (499) stands", async () => {
    dropAfterStoring = 2;
    const error = await submit(client()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamNetworkError);
    expect((error as UpstreamNetworkError).status).toBe(499);
    expect(stored.size).toBe(1);
  });

  it("a lookup that finds nothing leaves the 499", async () => {
    const lost = writeOnce(
      () => Promise.reject(new UpstreamNetworkError(new Error("dropped"))),
      () => Promise.resolve(null),
    );
    await expect(lost).rejects.toBeInstanceOf(UpstreamNetworkError);
  });

  it("an answer that is not lost (400) is thrown as is, without a lookup", async () => {
    reject = true;
    const lookups: string[] = [];
    await expect(submit(client(), lookups)).rejects.toBeInstanceOf(UpstreamValidationError);
    expect(lookups).toEqual([]);
  });

  it("the lookup runs outside the page deadline: a write that spent the budget is still found", async () => {
    const ctx = client(0);
    // The write is refused at once (budget spent, never sent); the lookup replays and makes it, once.
    expect(await submit(ctx)).toEqual({ id: 1 });
    expect(posts).toBe(1);
    expect(stored.size).toBe(1);
  });
});
