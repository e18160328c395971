// Rate limits for the login, register, password and mail forms (ARCHITECTURE decision 12; issue 11
// item 1; decision 0014), with rate-limiter-flexible: counts that cannot be turned against users.
//
// - Per client address (the socket's, or the one a trusted proxy reports: the request gate passes it
//   on): a flood from one address is answered 429 there and never blocks another address. There is
//   no count for a whole form any more: 300 made-up addresses used to lock everyone out of /login.
// - Per account, on login: only failures count, a success resets them, and past a few failures each
//   one asks for a longer wait (2 s, 4 s, 8 s … up to 15 minutes) rather than a fixed lock-out.
// - Per target on the forms that send mail (register, the reset request, a resend): a bound on how
//   many mails one address can be sent.
// In memory by default; in Redis when REDIS_URL is set, so every replica shares one count.

import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";

export const RATE_LIMIT_MESSAGE = "試行回数が上限に達しました。しばらく時間をおいてから再度お試しください。";

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

const ALLOWED: RateLimitResult = { allowed: true, retryAfterSeconds: 0 };

/** The policies, in one place: how many posts, over how many seconds. */
export const RATE_LIMITS = {
  /** Any limited form post from one client address. */
  address: { points: 30, duration: 60 },
  /** Posts naming one target (an e-mail address, a user) on a form that sends mail or checks a key. */
  target: { points: 10, duration: 10 * 60 },
  /** Login failures of one account remembered this long (a success forgets them). */
  failures: { points: 1_000, duration: 60 * 60 },
} as const;

/**
 * RATE_LIMIT_PER_ADDRESS overrides the posts a minute one address may make: for an office whose many
 * users share one address, and for the browser tests, whose every page comes from 127.0.0.1.
 */
function addressPointsPerMinute(): number {
  const value = Number(process.env.RATE_LIMIT_PER_ADDRESS);
  return Number.isInteger(value) && value > 0 ? value : RATE_LIMITS.address.points;
}

/** Failures of one account before each further one asks for a wait. */
export const FREE_LOGIN_FAILURES = 5;
export const MAX_LOGIN_DELAY_SECONDS = 15 * 60;

/** The wait after the n-th consecutive failure: none for the first few, then 2 s doubling to 15 min. */
export function loginDelaySeconds(failures: number): number {
  if (failures < FREE_LOGIN_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_LOGIN_FAILURES + 1), MAX_LOGIN_DELAY_SECONDS);
}

interface Limiters {
  address: RateLimiterAbstract;
  target: RateLimiterAbstract;
  failures: RateLimiterAbstract;
  /** Holds an account's current wait (blocked for its seconds). */
  wait: RateLimiterAbstract;
}

type MakeLimiter = (name: string, options: IRateLimiterOptions) => RateLimiterAbstract;

/** The store the limiters share: Redis when REDIS_URL is set (every replica one count), else memory. */
async function createStore(): Promise<MakeLimiter> {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) return (name, options) => new RateLimiterMemory({ ...options, keyPrefix: name });
  const { Redis } = await import("ioredis");
  // Fail fast rather than queue: while Redis cannot be reached each process counts in its own memory
  // (insuranceLimiter), so an outage of the store never locks users out nor lets a flood through.
  const client = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  closeStore = async () => void (await client.quit().catch(() => undefined));
  // Commands sent before the connection is up would go to the insurance count: wait for it a little.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2_000);
    client.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  client.on("error", (error: Error) => console.error("[rate-limit] redis:", error.message));
  return (name, options) =>
    new RateLimiterRedis({
      ...options,
      storeClient: client,
      keyPrefix: `sakidori-rl:${name}`,
      insuranceLimiter: new RateLimiterMemory({ ...options, keyPrefix: `insurance:${name}` }),
    });
}

let store: Promise<MakeLimiter> | null = null;
/** Closes the store's connection (Redis); nothing to close in memory. */
let closeStore: () => Promise<void> = async () => undefined;
const made = new Map<string, RateLimiterAbstract>();

/** The named limiter, made once per process in the configured store. */
async function limiter(name: string, options: IRateLimiterOptions): Promise<RateLimiterAbstract> {
  const make = await (store ??= createStore());
  let found = made.get(name);
  if (!found) made.set(name, (found = make(name, options)));
  return found;
}

async function theLimiters(): Promise<Limiters> {
  const [address, target, failures, wait] = await Promise.all([
    limiter("address", { ...RATE_LIMITS.address, points: addressPointsPerMinute() }),
    limiter("target", RATE_LIMITS.target),
    limiter("failures", RATE_LIMITS.failures),
    limiter("wait", { points: 1, duration: MAX_LOGIN_DELAY_SECONDS }),
  ]);
  return { address, target, failures, wait };
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Consumes one point; a refusal (RateLimiterRes) says how long to wait. */
async function take(limiter: RateLimiterAbstract, key: string): Promise<RateLimitResult> {
  try {
    await limiter.consume(key);
    return ALLOWED;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes)
      return { allowed: false, retryAfterSeconds: seconds(refusal.msBeforeNext) };
    throw refusal;
  }
}

const targetKey = (form: string, target: string) => `${form}:${target.trim().toLowerCase()}`;

/** The later of two refusals, or the first allowed result when both are allowed. */
function stricter(a: RateLimitResult, b: RateLimitResult): RateLimitResult {
  if (a.allowed) return b;
  if (b.allowed) return a;
  return a.retryAfterSeconds >= b.retryAfterSeconds ? a : b;
}

/**
 * A post of a limited form from `address` naming `target` (register, the reset request, a resend,
 * the reset and password change): the address's count and the target's.
 */
export async function limitFormAttempt(
  form: string,
  target: string,
  address: string,
): Promise<RateLimitResult> {
  const { address: perAddress, target: perTarget } = await theLimiters();
  const byAddress = await take(perAddress, address);
  if (!byAddress.allowed) return byAddress;
  return stricter(byAddress, await take(perTarget, targetKey(form, target)));
}

/** A login post: the address's count, then whether the account is asked to wait after failures. */
export async function limitLoginAttempt(email: string, address: string): Promise<RateLimitResult> {
  const { address: perAddress, wait } = await theLimiters();
  const byAddress = await take(perAddress, address);
  if (!byAddress.allowed) return byAddress;
  const waiting = await wait.get(targetKey("login", email));
  if (waiting && waiting.consumedPoints > 1) {
    return { allowed: false, retryAfterSeconds: seconds(waiting.msBeforeNext) };
  }
  return ALLOWED;
}

/** A wrong password: counted for the account; past the free ones, the next try waits longer each time. */
export async function recordLoginFailure(email: string): Promise<void> {
  const { failures, wait } = await theLimiters();
  const key = targetKey("login", email);
  const counted = await failures.penalty(key, 1);
  const delay = loginDelaySeconds(counted.consumedPoints);
  if (delay > 0) await wait.block(key, delay);
}

/** A successful login forgets the account's failures. */
export async function recordLoginSuccess(email: string): Promise<void> {
  const { failures, wait } = await theLimiters();
  const key = targetKey("login", email);
  await Promise.all([failures.delete(key), wait.delete(key)]);
}

/** A limit of its own (the activation resend's per-user count), in the same store. */
export async function limitKey(
  name: string,
  key: string,
  points: number,
  durationSeconds: number,
): Promise<RateLimitResult> {
  return take(await limiter(name, { points, duration: durationSeconds }), key);
}

/** Tests: forget every count held in memory (a new store on the next use), closing the old one. */
export function resetRateLimits(): Promise<void> {
  const close = closeStore;
  closeStore = async () => undefined;
  store = null;
  made.clear();
  return close();
}
