// One at a time per key (a session's draft writes), in this process and, when REDIS_URL is set,
// across every replica: read-add-write side by side would keep only the last write. A Redis that is
// down or hung costs at most one command timeout, then this process's own order is what holds.

import { createHash, randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { sharedRedis } from "./redis.server";

/** A holder that died keeps others out no longer than this; longer than any draft write. */
export const LOCK_LEASE_MS = 20_000;

const queues = new Map<string, Promise<unknown>>();

/** This process's order: each run of `key` waits for the one before it. */
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

let degraded = false;
function fellBack(error: unknown): void {
  if (degraded) return;
  degraded = true;
  console.error(
    "[lock] Redis did not answer; each process keeps its own order until it does:",
    String(error),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes the lease, waiting while another replica holds it; false when Redis cannot be asked. */
async function acquire(redis: Redis, name: string, token: string): Promise<boolean> {
  const giveUpAt = Date.now() + LOCK_LEASE_MS;
  for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
    try {
      if ((await redis.set(name, token, "PX", LOCK_LEASE_MS, "NX")) === "OK") {
        degraded = false;
        return true;
      }
    } catch (error) {
      fellBack(error);
      return false;
    }
    // A lease held this long belonged to a replica that died: it has expired by now.
    if (Date.now() >= giveUpAt) return false;
    await sleep(delay);
  }
}

const RELEASE_IF_OURS = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

async function acrossReplicas<T>(key: string, work: () => Promise<T>): Promise<T> {
  const redis = await sharedRedis();
  if (!redis) return work();
  // The key may be a session id: only its hash goes to Redis.
  const name = `sakidori-lock:${createHash("sha256").update(key).digest("hex")}`;
  const token = randomUUID();
  const held = await acquire(redis, name, token);
  try {
    return await work();
  } finally {
    if (held) await redis.eval(RELEASE_IF_OURS, 1, name, token).catch(fellBack);
  }
}

/** Runs `work` when no other run of `key` is running, here or on another replica. */
export function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  return inOrder(key, () => acrossReplicas(key, work));
}
