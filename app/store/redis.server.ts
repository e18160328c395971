// The one Redis connection of the process, when REDIS_URL is set: state shared between app replicas.
// Every use must have somewhere to fall back to (this process's memory): a Redis that is down or hung
// may slow nothing down by more than its command timeout.

import type { Redis } from "ioredis";

/** No Redis command waits longer than this; past it the caller falls back. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** How long the first use waits for the connection before falling back. */
const FIRST_CONNECT_WAIT_MS = 2_000;

let connecting: Promise<Redis | null> | null = null;

async function connect(url: string): Promise<Redis> {
  const { Redis } = await import("ioredis");
  // Fail fast rather than queue: a command while disconnected fails at once and the caller falls back.
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  client.on("error", () => undefined); // each caller reports its own fallback, once
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, FIRST_CONNECT_WAIT_MS);
    client.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return client;
}

/** The shared client, or null when REDIS_URL is unset (one process: memory is enough). */
export function sharedRedis(): Promise<Redis | null> {
  const url = process.env.REDIS_URL;
  if (!url) return Promise.resolve(null);
  connecting ??= connect(url);
  return connecting;
}

/** Tests: close the connection so the next use reads REDIS_URL again. */
export async function closeSharedRedis(): Promise<void> {
  const client = await connecting;
  connecting = null;
  client?.disconnect();
}
