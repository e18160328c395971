// Decision 0023: a small bounded cache of answers, so a query asked again is not asked of the upstream
// again: at most maxEntries, each for ttlMs, the least recently used dropped first; a burst of one key
// shares one load; a failure is neither kept nor handed to those who joined it.

import { describe, expect, it } from "vitest";
import { AnswerCache } from "~/upstream/answer-cache.server";

function counter() {
  const loads: string[] = [];
  const load = (key: string, value = `answer of ${key}`) => {
    return () => {
      loads.push(key);
      return Promise.resolve(value);
    };
  };
  return { loads, load };
}

describe("AnswerCache", () => {
  it("a key asked again within its time is answered from the cache: one load", async () => {
    let now = 0;
    const cache = new AnswerCache<string>(10, 1_000, () => now);
    const { loads, load } = counter();
    for (let i = 0; i < 5; i++) {
      expect(await cache.answer("青葉", load("青葉"))).toBe("answer of 青葉");
      now += 199;
    }
    expect(loads).toEqual(["青葉"]);
  });

  it("after its time a key is loaded again", async () => {
    let now = 0;
    const cache = new AnswerCache<string>(10, 1_000, () => now);
    const { loads, load } = counter();
    await cache.answer("青葉", load("青葉"));
    now = 1_000;
    await cache.answer("青葉", load("青葉"));
    expect(loads).toEqual(["青葉", "青葉"]);
  });

  it("holds at most maxEntries, dropping the least recently used", async () => {
    const cache = new AnswerCache<string>(2, 60_000);
    const { loads, load } = counter();
    await cache.answer("a", load("a"));
    await cache.answer("b", load("b"));
    await cache.answer("a", load("a")); // a is now the more recently used
    await cache.answer("c", load("c")); // b goes
    expect(cache.size).toBe(2);
    await cache.answer("a", load("a"));
    await cache.answer("b", load("b"));
    expect(loads).toEqual(["a", "b", "c", "b"]);
  });

  it("the same key asked while its load is on the way shares that load", async () => {
    const cache = new AnswerCache<string>(10, 60_000);
    const releases: ((value: string) => void)[] = [];
    const slow = () => new Promise<string>((resolve) => releases.push(resolve));
    const asked = Array.from({ length: 10 }, () => cache.answer("みなと", slow));
    for (const release of releases) release("ok");
    expect(await Promise.all(asked)).toEqual(Array(10).fill("ok"));
    const loads = releases.length;
    expect(loads).toBe(1);
  });

  it("a failed load is not kept, and whoever joined it loads on their own", async () => {
    const cache = new AnswerCache<string>(10, 60_000);
    let fail: (error: Error) => void = () => undefined;
    const failing = () => new Promise<string>((_, reject) => (fail = reject));
    const first = cache.answer("k", failing);
    const joined = cache.answer("k", () => Promise.resolve("their own"));
    fail(new Error("session ended"));
    await expect(first).rejects.toThrow("session ended");
    expect(await joined).toBe("their own");
    const { loads, load } = counter();
    expect(await cache.answer("k", load("k"))).toBe("answer of k");
    expect(loads).toEqual(["k"]);
  });
});
