// A fixed-window rate limit for the login, register and password forms (ARCHITECTURE decision 12).
// In memory: one app process serves a deployment here; several processes would each count their own
// (documented in docs/decisions/0003-request-gate.md). remix-serve gives the app no client address,
// so the keys are what the form names (the e-mail address) plus one window for the whole form.

interface Window {
  startedAt: number;
  count: number;
}

const windows = new Map<string, Window>();
const MAX_KEYS = 50_000;

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

export function hit(key: string, limit: number, windowMs: number, now = Date.now()): RateLimitResult {
  let window = windows.get(key);
  if (!window || now - window.startedAt >= windowMs) {
    if (windows.size >= MAX_KEYS) windows.clear(); // a flood of keys must not grow memory without end
    window = { startedAt: now, count: 0 };
    windows.set(key, window);
  }
  window.count += 1;
  const retryAfterSeconds = Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
  return { allowed: window.count <= limit, retryAfterSeconds };
}

/** Per form: 10 tries a target (an e-mail address) in 10 minutes, 300 for the whole form a minute. */
export function limitFormAttempt(form: string, target: string): RateLimitResult {
  const perTarget = hit(`${form}:${target.trim().toLowerCase()}`, 10, 10 * 60_000);
  const perForm = hit(`${form}:*`, 300, 60_000);
  return perTarget.allowed ? perForm : perTarget;
}

export const RATE_LIMIT_MESSAGE = "試行回数が上限に達しました。しばらく時間をおいてから再度お試しください。";

export function resetRateLimits(): void {
  windows.clear();
}
