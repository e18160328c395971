// Rate limits for the login, register, password and mail forms (ARCHITECTURE §12; decisions
// 0014 and 0020): counts that cannot be turned against users.
//
// - Per client address (the socket's, or the one a trusted proxy reports: the request gate passes it
//   on): a flood from one address is answered 429 there and never blocks another address. There is
//   no count for a whole form: made-up addresses cannot lock everyone out of /login.
// - Per account, on login, in buckets OWASP's device cookies define (app/security/device-cookie.server.ts):
//   each browser the account logged in from has its own, and all new browsers share one. Each holds
//   at most 10 wrong passwords in any 15 minutes, so guessing stays slow, and a stranger's guesses
//   fill only the new browsers' bucket: never the owner's own browser.
// - Per target on the forms that send mail (register, the reset request, a resend): a bound on how
//   many mails one address can be sent.
// In memory by default; in Redis when REDIS_URL is set, so every replica shares one count. A check
// that Redis does not finish within its deadline is counted in memory (app/store/redis.server.ts).

import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { appConfig } from "~/request/config.server";
import type { LoginSource } from "./device-cookie.server";
import { closeRedis, withRedis } from "~/store/redis.server";
import { rateLimitRefusals } from "~/telemetry/metrics.server";

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
  /** Wrong passwords in one login bucket (a known browser's, or all new browsers' of one account). */
  login: { points: 10, duration: 15 * 60 },
} as const;

/** When the one answering 429 has no better figure (an upstream's 429 without Retry-After). */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** The header every 429 the app answers carries: whole seconds, at least 1 (RFC 9110 §10.2.3). */
export function retryAfterHeader(seconds: number | null | undefined): { "Retry-After": string } {
  const value = seconds && seconds > 0 ? Math.ceil(seconds) : DEFAULT_RETRY_AFTER_SECONDS;
  return { "Retry-After": String(value) };
}

/**
 * RATE_LIMIT_PER_ADDRESS overrides the posts a minute one address may make: for an office whose many
 * users share one address, and for the browser tests, whose every page comes from 127.0.0.1.
 */
function addressPointsPerMinute(): number {
  return appConfig().rateLimitPerAddress ?? RATE_LIMITS.address.points;
}

/**
 * Tries within a sliding window, each with an id so one can be taken back. Exact in any window (a
 * fixed window would let nearly twice the limit through around its edge), and atomic, so guesses
 * sent in parallel cannot outrun it.
 */
interface SlidingLog {
  /** Adds the try unless `limit` are already in the window; 0 when added, else ms until one leaves. */
  add(key: string, id: string, limit: number, windowMs: number): Promise<number>;
  remove(key: string, id: string): Promise<void>;
}

/** Beyond this many keys in memory the least recently tried go first (a spray of made-up accounts). */
const MAX_KEYS_IN_MEMORY = 100_000;

class MemoryLog implements SlidingLog {
  private readonly tries = new Map<string, { at: number; id: string }[]>();

  async add(key: string, id: string, limit: number, windowMs: number): Promise<number> {
    const now = Date.now();
    const kept = (this.tries.get(key) ?? []).filter((entry) => now - entry.at < windowMs);
    this.tries.delete(key);
    if (kept.length >= limit) {
      this.tries.set(key, kept);
      return Math.max(1, kept[kept.length - limit]!.at + windowMs - now);
    }
    kept.push({ at: now, id });
    this.tries.set(key, kept);
    while (this.tries.size > MAX_KEYS_IN_MEMORY) this.tries.delete(this.tries.keys().next().value!);
    return 0;
  }

  async remove(key: string, id: string): Promise<void> {
    const kept = this.tries.get(key)?.filter((entry) => entry.id !== id);
    if (kept?.length) this.tries.set(key, kept);
    else this.tries.delete(key);
  }
}

/** The same in Redis: a sorted set per key, scored by Redis's own clock, in one script (atomic). */
const ADD_TRY_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local freeing = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
  return math.max(1, tonumber(freeing[2]) + window - now)
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return 0`;

type RedisWithLog = Redis & {
  sakidoriAddTry(key: string, limit: number, windowMs: number, id: string): Promise<number>;
};

class RedisLog implements SlidingLog {
  private readonly client: RedisWithLog;

  constructor(client: Redis) {
    if (!("sakidoriAddTry" in client)) {
      client.defineCommand("sakidoriAddTry", { numberOfKeys: 1, lua: ADD_TRY_SCRIPT });
    }
    this.client = client as RedisWithLog;
  }

  async add(key: string, id: string, limit: number, windowMs: number): Promise<number> {
    return Number(await this.client.sakidoriAddTry(`sakidori-rl:${key}`, limit, windowMs, id));
  }

  async remove(key: string, id: string): Promise<void> {
    await this.client.zrem(`sakidori-rl:${key}`, id);
  }
}

/** One store's limiters: fixed windows (rate-limiter-flexible) and the login's sliding logs. */
interface Store {
  limiter(name: string, options: IRateLimiterOptions): RateLimiterAbstract;
  log: SlidingLog;
}

function makeStore(
  make: (name: string, options: IRateLimiterOptions) => RateLimiterAbstract,
  log: SlidingLog,
) {
  const made = new Map<string, RateLimiterAbstract>();
  const store: Store = {
    limiter(name, options) {
      let found = made.get(name);
      if (!found) made.set(name, (found = make(name, options)));
      return found;
    },
    log,
  };
  return store;
}

const newMemoryStore = () =>
  makeStore((name, options) => new RateLimiterMemory({ ...options, keyPrefix: name }), new MemoryLog());

let memoryStore = newMemoryStore();
const redisStores = new WeakMap<Redis, Store>();

function redisStore(client: Redis): Store {
  let store = redisStores.get(client);
  if (!store) {
    store = makeStore(
      (name, options) =>
        new RateLimiterRedis({
          ...options,
          storeClient: client,
          keyPrefix: `sakidori-rl:${name}`,
          rejectIfRedisNotReady: true,
        }),
      new RedisLog(client),
    );
    redisStores.set(client, store);
  }
  return store;
}

/**
 * One request's check, as a whole: in Redis when it is configured and answers within the deadline,
 * else in this process's memory (each replica then counts alone: never a lock-out, never unlimited).
 */
function counted<T>(check: (store: Store) => Promise<T>): Promise<T> {
  return withRedis(
    (client) => check(redisStore(client)),
    () => check(memoryStore),
  );
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** A check's outcome, with the limit that refused it (a fixed name: it becomes a metric label). */
type Decision = RateLimitResult & { refusedBy?: string };

/**
 * The outcome of a whole check, refusals counted by limit: here, after the fallback, so a check that
 * Redis finished too late and memory made again counts once.
 */
async function decided(check: (store: Store) => Promise<Decision>): Promise<RateLimitResult> {
  const { refusedBy, ...result } = await counted(check);
  if (!result.allowed && refusedBy) rateLimitRefusals.inc({ limit: refusedBy.replace(/-/g, "_") });
  return result;
}

const refusedBy = (limit: string, result: RateLimitResult): Decision =>
  result.allowed ? result : { ...result, refusedBy: limit };

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

const addressLimiter = (store: Store) =>
  store.limiter("address", { ...RATE_LIMITS.address, points: addressPointsPerMinute() });

const targetKey = (form: string, target: string) => `${form}:${target.trim().toLowerCase()}`;

/** The later of two refusals, or the first allowed result when both are allowed. */
function stricter(a: Decision, b: Decision): Decision {
  if (a.allowed) return b;
  if (b.allowed) return a;
  return a.retryAfterSeconds >= b.retryAfterSeconds ? a : b;
}

/**
 * A post of a limited form from `address` naming `target` (register, the reset request, a resend,
 * the reset and password change): the address's count and the target's.
 */
export function limitFormAttempt(form: string, target: string, address: string): Promise<RateLimitResult> {
  return decided(async (store) => {
    const byAddress = refusedBy(`${form}_address`, await take(addressLimiter(store), address));
    if (!byAddress.allowed) return byAddress;
    return stricter(
      byAddress,
      refusedBy(
        `${form}_target`,
        await take(store.limiter("target", RATE_LIMITS.target), targetKey(form, target)),
      ),
    );
  });
}

/** A login try that went through the limits. */
export interface LoginLimit extends RateLimitResult {
  /**
   * Takes the try back when it was no wrong password (the login succeeded, or the upstream could
   * not check it): only wrong passwords fill a bucket.
   */
  takeBack(): Promise<void>;
}

/** The login bucket of a source: its browser's when known for the account, else the new browsers'. */
const loginBucket = (source: LoginSource) =>
  source.device ? `login:${source.account}:${source.device}` : `login:${source.account}`;

/**
 * A login post: the address's count, then a try in the source's bucket (counted before the password
 * is checked, so parallel guesses cannot outrun it).
 */
export async function limitLoginAttempt(source: LoginSource, address: string): Promise<LoginLimit> {
  const bucket = loginBucket(source);
  const id = randomBytes(9).toString("base64url");
  const result = await decided(async (store) => {
    const byAddress = await take(addressLimiter(store), address);
    if (!byAddress.allowed) return refusedBy("login_address", byAddress);
    const waitMs = await store.log.add(
      bucket,
      id,
      RATE_LIMITS.login.points,
      RATE_LIMITS.login.duration * 1000,
    );
    return waitMs > 0
      ? { allowed: false, retryAfterSeconds: seconds(waitMs), refusedBy: "login_account" }
      : ALLOWED;
  });
  const takeBack = result.allowed
    ? () => counted((store) => store.log.remove(bucket, id))
    : async () => undefined;
  return { ...result, takeBack };
}

/**
 * A limit of its own (the look-ups', the activation resend's), in the same store. `name` is fixed in
 * the code: its refusals are counted under it.
 */
export function limitKey(
  name: string,
  key: string,
  points: number,
  durationSeconds: number,
): Promise<RateLimitResult> {
  return decided(async (store) =>
    refusedBy(name, await take(store.limiter(name, { points, duration: durationSeconds }), key)),
  );
}

/** Tests: forget every count held in memory and close the Redis connection (a new one on next use). */
export function resetRateLimits(): Promise<void> {
  memoryStore = newMemoryStore();
  return closeRedis();
}
