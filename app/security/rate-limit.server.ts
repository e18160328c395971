// Rate limits (ARCHITECTURE §12; decisions 0014 and 0020): per address, never per whole form, so made-up
// addresses lock nobody out; per account in device-cookie buckets; one for new browsers under stuffing.

import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { japanClockTime } from "~/domain/japan-date";
import { appConfig } from "~/settings/config.server";
import type { LoginSource } from "./device-cookie.server";
import { closeRedis, withRedis } from "~/store/redis.server";
import { loginFailures, rateLimitRefusals, watchNewBrowsersSlowed } from "~/telemetry/metrics.server";

export const RATE_LIMIT_MESSAGE = "試行回数が上限に達しました。しばらく時間をおいてから再度お試しください。";

/** A new browser's login refused while logins fail everywhere: when to try again, and who is not held back. */
export function newBrowsersSlowedMessage(retryAt: Date): string {
  return (
    "ただいまログインの失敗が多数発生しているため、安全のため、はじめてお使いになる端末やブラウザからのログインを一時的に制限しています。" +
    `${japanClockTime(retryAt)}以降に、もう一度お試しください。` +
    "以前にログインしたことのある端末・ブラウザからは、通常どおりログインいただけます。"
  );
}

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

const ALLOWED: RateLimitResult = { allowed: true, retryAfterSeconds: 0 };

export const RATE_LIMITS = {
  address: { points: 30, duration: 60 },
  target: { points: 10, duration: 10 * 60 },
  login: { points: 10, duration: 15 * 60 },
  /** Failed logins of all accounts from which new browsers are slowed (figures: decision 0020). */
  stuffingFailedLogins: { points: 100, duration: 5 * 60 },
  /** Meanwhile, login tries from browsers new to their account, all accounts together. */
  stuffingNewBrowserLogins: { points: 10, duration: 60 },
} as const;

export const DEFAULT_RETRY_AFTER_SECONDS = 60;

export function retryAfterHeader(seconds: number | null | undefined): { "Retry-After": string } {
  const value = seconds && seconds > 0 ? Math.ceil(seconds) : DEFAULT_RETRY_AFTER_SECONDS;
  return { "Retry-After": String(value) };
}

/** For an office whose users share one address, and for the browser tests (all 127.0.0.1). */
function addressPointsPerMinute(): number {
  return appConfig().rateLimitPerAddress ?? RATE_LIMITS.address.points;
}

function stuffingFailedLogins(): number {
  return appConfig().stuffingFailedLogins ?? RATE_LIMITS.stuffingFailedLogins.points;
}

function stuffingNewBrowserLogins(): number {
  return appConfig().stuffingNewBrowserLogins ?? RATE_LIMITS.stuffingNewBrowserLogins.points;
}

/** A sliding window, exact and atomic: a fixed one lets nearly twice through around its edge. */
interface SlidingLog {
  add(key: string, id: string, limit: number, windowMs: number): Promise<number>;
  remove(key: string, id: string): Promise<void>;
  /** Logs one whatever the count, keeping the newest `keep`: a count up to `keep`, in bounded space. */
  note(key: string, id: string, keep: number, windowMs: number): Promise<void>;
  count(key: string, windowMs: number): Promise<number>;
}

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

  async note(key: string, id: string, keep: number, windowMs: number): Promise<void> {
    const now = Date.now();
    const kept = (this.tries.get(key) ?? []).filter((entry) => now - entry.at < windowMs);
    kept.push({ at: now, id });
    this.tries.set(key, kept.slice(-keep));
  }

  async count(key: string, windowMs: number): Promise<number> {
    const now = Date.now();
    return (this.tries.get(key) ?? []).filter((entry) => now - entry.at < windowMs).length;
  }
}

const NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)`;

const TRIM_TO_WINDOW = `${NOW}
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)`;

const ADD_TRY_SCRIPT = `${TRIM_TO_WINDOW}
local limit = tonumber(ARGV[1])
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local freeing = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
  return math.max(1, tonumber(freeing[2]) + window - now)
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return 0`;

const NOTE_SCRIPT = `${TRIM_TO_WINDOW}
local keep = tonumber(ARGV[1])
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -keep - 1)
redis.call('PEXPIRE', KEYS[1], window)
return 0`;

const COUNT_SCRIPT = `${NOW}
return redis.call('ZCOUNT', KEYS[1], '(' .. (now - tonumber(ARGV[1])), '+inf')`;

type RedisWithLog = Redis & {
  sakidoriAddTry(key: string, limit: number, windowMs: number, id: string): Promise<number>;
  sakidoriNote(key: string, keep: number, windowMs: number, id: string): Promise<number>;
  sakidoriCount(key: string, windowMs: number): Promise<number>;
};

class RedisLog implements SlidingLog {
  private readonly client: RedisWithLog;

  constructor(client: Redis) {
    if (!("sakidoriAddTry" in client)) {
      client.defineCommand("sakidoriAddTry", { numberOfKeys: 1, lua: ADD_TRY_SCRIPT });
      client.defineCommand("sakidoriNote", { numberOfKeys: 1, lua: NOTE_SCRIPT });
      client.defineCommand("sakidoriCount", { numberOfKeys: 1, lua: COUNT_SCRIPT });
    }
    this.client = client as RedisWithLog;
  }

  async add(key: string, id: string, limit: number, windowMs: number): Promise<number> {
    return Number(await this.client.sakidoriAddTry(`sakidori-rl:${key}`, limit, windowMs, id));
  }

  async remove(key: string, id: string): Promise<void> {
    await this.client.zrem(`sakidori-rl:${key}`, id);
  }

  async note(key: string, id: string, keep: number, windowMs: number): Promise<void> {
    await this.client.sakidoriNote(`sakidori-rl:${key}`, keep, windowMs, id);
  }

  async count(key: string, windowMs: number): Promise<number> {
    return Number(await this.client.sakidoriCount(`sakidori-rl:${key}`, windowMs));
  }
}

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

/** Without Redis in time, this process counts alone: never a lock-out, never unlimited. */
function counted<T>(check: (store: Store) => Promise<T>): Promise<T> {
  return withRedis(
    (client) => check(redisStore(client)),
    () => check(memoryStore),
  );
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

type Decision = RateLimitResult & { refusedBy?: string };

/** Counted after the fallback, so a check Redis finished too late counts once. */
async function decided(check: (store: Store) => Promise<Decision>): Promise<Decision> {
  const result = await counted(check);
  if (!result.allowed && result.refusedBy)
    rateLimitRefusals.inc({ limit: result.refusedBy.replace(/-/g, "_") });
  return result;
}

const plain = ({ allowed, retryAfterSeconds }: Decision): RateLimitResult => ({ allowed, retryAfterSeconds });

const refusedBy = (limit: string, result: RateLimitResult): Decision =>
  result.allowed ? result : { ...result, refusedBy: limit };

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

function stricter(a: Decision, b: Decision): Decision {
  if (a.allowed) return b;
  if (b.allowed) return a;
  return a.retryAfterSeconds >= b.retryAfterSeconds ? a : b;
}

export async function limitFormAttempt(
  form: string,
  target: string,
  address: string,
): Promise<RateLimitResult> {
  const decision = await decided(async (store) => {
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
  return plain(decision);
}

export interface LoginLimit extends RateLimitResult {
  /** Refused because logins fail everywhere and this browser is new to the account. */
  newBrowsersSlowed: boolean;
  /** Only wrong passwords fill a bucket. */
  takeBack(): Promise<void>;
  /** A wrong password: counted among every account's, which decide whether new browsers are slowed. */
  countWrongPassword(): Promise<void>;
}

const loginBucket = (source: LoginSource) =>
  source.device ? `login:${source.account}:${source.device}` : `login:${source.account}`;

const FAILED_LOGINS = "login-failures";
const NEW_BROWSER_LOGINS = "login-new-browsers";
const newId = () => randomBytes(9).toString("base64url");

async function newBrowsersSlowedIn(store: Store): Promise<boolean> {
  const failures = await store.log.count(FAILED_LOGINS, RATE_LIMITS.stuffingFailedLogins.duration * 1000);
  return failures >= stuffingFailedLogins();
}

/** Whether logins from new browsers are slowed now: what the metric shows. */
export function newBrowsersSlowedNow(): Promise<boolean> {
  return counted(newBrowsersSlowedIn);
}
watchNewBrowsersSlowed(newBrowsersSlowedNow);

const noteFailedLogin = (store: Store) =>
  store.log.note(
    FAILED_LOGINS,
    newId(),
    stuffingFailedLogins(),
    RATE_LIMITS.stuffingFailedLogins.duration * 1000,
  );

function countWrongPassword(): Promise<void> {
  loginFailures.inc();
  return counted(noteFailedLogin);
}

/** The try is counted before the password is checked, so parallel guesses cannot outrun it. */
export async function limitLoginAttempt(source: LoginSource, address: string): Promise<LoginLimit> {
  const bucket = loginBucket(source);
  const id = newId();
  const result = await decided(async (store) => {
    const byAddress = await take(addressLimiter(store), address);
    if (!byAddress.allowed) return refusedBy("login_address", byAddress);
    // A known browser is never held back by what others do; new ones share one bucket meanwhile.
    if (!source.device && (await newBrowsersSlowedIn(store))) {
      const waitMs = await store.log.add(
        NEW_BROWSER_LOGINS,
        id,
        stuffingNewBrowserLogins(),
        RATE_LIMITS.stuffingNewBrowserLogins.duration * 1000,
      );
      if (waitMs > 0) {
        // A refused try is a failed login too: the slowing lasts as long as the attack, not 5 minutes.
        await noteFailedLogin(store);
        return { allowed: false, retryAfterSeconds: seconds(waitMs), refusedBy: "login_new_browsers" };
      }
    }
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
  return {
    ...plain(result),
    newBrowsersSlowed: result.refusedBy === "login_new_browsers",
    takeBack,
    countWrongPassword,
  };
}

/** `name` is fixed in the code: its refusals are counted under it. */
export async function limitKey(
  name: string,
  key: string,
  points: number,
  durationSeconds: number,
): Promise<RateLimitResult> {
  return plain(
    await decided(async (store) =>
      refusedBy(name, await take(store.limiter(name, { points, duration: durationSeconds }), key)),
    ),
  );
}

export function resetRateLimits(): Promise<void> {
  memoryStore = newMemoryStore();
  return closeRedis();
}
