// One Redis connection (REDIS_URL). Each piece of work gets one deadline as a whole, else the caller's
// in-memory fallback runs: a hung Redis costs one deadline, then nothing waits for it (decision 0020).

import type { Redis } from "ioredis";
import { appConfig } from "~/settings/config.server";
import { logger } from "~/telemetry/logger.server";

export const REDIS_DEADLINE_MS = 500;
/** So nothing queues forever behind a hung server. */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;
const PROBE_INTERVAL_MS = 1_000;

interface Connection {
  client: Redis;
  answering: boolean;
  lastProbe: number;
  probing: boolean;
  nextReady: Promise<void> | null;
}

let connection: Promise<Connection | null> | null = null;

async function connect(): Promise<Connection | null> {
  const url = appConfig().redisUrl;
  if (!url) return null;
  const { Redis } = await import("ioredis");
  // No offline queue: a command sent while down fails at once and the fallback takes over.
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  const state: Connection = { client, answering: true, lastProbe: 0, probing: false, nextReady: null };
  client.on("error", (error: Error) => markDown(state, error.message));
  client.on("ready", () => markUp(state));
  return state;
}

function markDown(state: Connection, reason: string): void {
  if (!state.answering) return;
  state.answering = false;
  logger().error(
    { reason },
    "redis: rate limits and draft locks in this process's memory until Redis answers again",
  );
}

function markUp(state: Connection): void {
  if (state.answering) return;
  state.answering = true;
  logger().info("redis: answers again; rate limits and draft locks are shared through Redis again");
}

function probe(state: Connection): void {
  const now = Date.now();
  if (state.probing || now - state.lastProbe < PROBE_INTERVAL_MS) return;
  if (state.client.status !== "ready") return; // ioredis reconnects by itself; "ready" marks it up
  state.lastProbe = now;
  state.probing = true;
  state.client
    .ping()
    .then(
      () => markUp(state),
      () => undefined,
    )
    .finally(() => (state.probing = false));
}

function ready(state: Connection): Promise<void> {
  if (state.client.status === "ready") return Promise.resolve();
  state.nextReady ??= new Promise<void>((resolve) =>
    state.client.once("ready", () => {
      state.nextReady = null;
      resolve();
    }),
  );
  return state.nextReady;
}

const MISSED = Symbol("missed");

/** Work that missed its deadline may still reach Redis later; its outcome is ignored. */
export async function withRedis<T>(
  work: (client: Redis) => Promise<T>,
  fallback: () => Promise<T>,
  deadlineMs = REDIS_DEADLINE_MS,
): Promise<T> {
  const state = await (connection ??= connect());
  if (!state) return fallback();
  if (!state.answering) {
    probe(state);
    return fallback();
  }
  const attempt = ready(state).then(() => work(state.client));
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof MISSED>((resolve) => {
    timer = setTimeout(resolve, deadlineMs, MISSED);
  });
  try {
    const outcome = await Promise.race([attempt, deadline]);
    if (outcome !== MISSED) return outcome;
    attempt.catch(() => undefined); // its late failure is already handled: Redis is marked down
    markDown(state, `no answer within ${deadlineMs} ms`);
  } catch (error) {
    markDown(state, error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
  return fallback();
}

export async function closeRedis(): Promise<void> {
  const closing = connection;
  connection = null;
  const state = await closing;
  // disconnect, not quit: quit waits for an answer a hung server never gives.
  state?.client.disconnect();
}

/** Readiness asks even while Redis is marked down: it wants the truth. */
export async function redisAnswers(deadlineMs: number): Promise<boolean | undefined> {
  const state = await (connection ??= connect());
  if (!state) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(resolve, deadlineMs, false);
  });
  const ping = ready(state)
    .then(() => state.client.ping())
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([ping, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
