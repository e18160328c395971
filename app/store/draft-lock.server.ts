// One at a time per key (a person's draft writes), here and across replicas: read-add-write side by
// side keeps only the last write. A down Redis costs one deadline, then this process's order holds.

import { createHash, randomUUID } from "node:crypto";
import { withRedis } from "./redis.server";

export const LOCK_LEASE_MS = 20_000;

const queues = new Map<string, Promise<unknown>>();

function inOrder<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const result = before.then(work, work);
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return result;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function acquire(name: string, token: string): Promise<"held" | "unavailable"> {
  const giveUpAt = Date.now() + LOCK_LEASE_MS;
  for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
    const answer = await withRedis(
      async (client) =>
        (await client.set(name, token, "PX", LOCK_LEASE_MS, "NX")) === "OK" ? "held" : "busy",
      async () => "unavailable" as const,
    );
    if (answer !== "busy") return answer;
    if (Date.now() >= giveUpAt) return "unavailable";
    await sleep(delay);
  }
}

const RELEASE_IF_OURS = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

async function acrossReplicas<T>(key: string, work: () => Promise<T>): Promise<T> {
  // The key may name a session or a user: only its hash goes to Redis.
  const name = `sakidori-lock:${createHash("sha256").update(key).digest("hex")}`;
  const token = randomUUID();
  const held = (await acquire(name, token)) === "held";
  try {
    return await work();
  } finally {
    if (held) {
      await withRedis(
        async (client) => void (await client.eval(RELEASE_IF_OURS, 1, name, token)),
        async () => undefined,
      );
    }
  }
}

export function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  return inOrder(key, () => acrossReplicas(key, work));
}
