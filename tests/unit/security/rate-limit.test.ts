// ARCHITECTURE decision 12: a fixed-window rate limit for the login, register and password forms —
// "10 tries a target (an e-mail address) in 10 minutes, 300 for the whole form a minute".

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hit, limitFormAttempt, resetRateLimits } from "~/security/rate-limit.server";

beforeEach(() => resetRateLimits());
afterEach(() => {
  vi.useRealTimers();
  resetRateLimits();
});

describe("hit: a fixed window", () => {
  it("allows up to the limit within the window, then refuses", () => {
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(hit("k", 3, 60_000, t0 + i).allowed).toBe(true);
    expect(hit("k", 3, 60_000, t0 + 10).allowed).toBe(false);
    expect(hit("k", 3, 60_000, t0 + 59_999).allowed).toBe(false);
  });

  it("starts a new window once windowMs has passed since the window started (fixed, not sliding)", () => {
    const t0 = 1_000_000;
    hit("k", 1, 60_000, t0);
    expect(hit("k", 1, 60_000, t0 + 30_000).allowed).toBe(false);
    // A refused hit does not move the window: it still ends at t0 + 60 s.
    expect(hit("k", 1, 60_000, t0 + 60_000).allowed).toBe(true);
    expect(hit("k", 1, 60_000, t0 + 60_001).allowed).toBe(false);
  });

  it("retryAfter is the seconds left in the window, rounded up, at least 1", () => {
    const t0 = 1_000_000;
    expect(hit("k", 1, 60_000, t0).retryAfterSeconds).toBe(60);
    expect(hit("k", 1, 60_000, t0 + 10_500).retryAfterSeconds).toBe(50);
    expect(hit("k", 1, 60_000, t0 + 59_999).retryAfterSeconds).toBe(1);
  });

  it("counts each key on its own", () => {
    const t0 = 1_000_000;
    expect(hit("a", 1, 60_000, t0).allowed).toBe(true);
    expect(hit("a", 1, 60_000, t0).allowed).toBe(false);
    expect(hit("b", 1, 60_000, t0).allowed).toBe(true);
  });
});

describe("limitFormAttempt: 10 tries a target in 10 minutes, 300 for the whole form a minute", () => {
  it("refuses the 11th try for one target, with a retryAfter up to 10 minutes", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    for (let i = 0; i < 10; i++) expect(limitFormAttempt("login", "a@example.com").allowed).toBe(true);
    const refused = limitFormAttempt("login", "a@example.com");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(600);
    vi.setSystemTime(new Date("2026-01-01T00:04:00Z"));
    expect(limitFormAttempt("login", "a@example.com").retryAfterSeconds).toBe(360);
  });

  it("treats the target without regard to case and surrounding spaces", () => {
    for (let i = 0; i < 10; i++) limitFormAttempt("login", "a@example.com");
    expect(limitFormAttempt("login", "  A@Example.COM ").allowed).toBe(false);
  });

  it("counts each target and each form separately", () => {
    for (let i = 0; i < 10; i++) limitFormAttempt("login", "a@example.com");
    expect(limitFormAttempt("login", "b@example.com").allowed).toBe(true);
    expect(limitFormAttempt("register", "a@example.com").allowed).toBe(true);
  });

  it("allows the target again after 10 minutes", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    for (let i = 0; i < 11; i++) limitFormAttempt("login", "a@example.com");
    vi.setSystemTime(new Date("2026-01-01T00:09:59Z"));
    expect(limitFormAttempt("login", "a@example.com").allowed).toBe(false);
    vi.setSystemTime(new Date("2026-01-01T00:10:00Z"));
    expect(limitFormAttempt("login", "a@example.com").allowed).toBe(true);
  });

  it("refuses the 301st try on a form within a minute, whatever the target", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    for (let i = 0; i < 300; i++) expect(limitFormAttempt("login", `u${i}@example.com`).allowed).toBe(true);
    vi.setSystemTime(new Date("2026-01-01T00:00:20Z"));
    const refused = limitFormAttempt("login", "fresh@example.com");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(40);
    expect(limitFormAttempt("register", "fresh@example.com").allowed).toBe(true);
    vi.setSystemTime(new Date("2026-01-01T00:01:00Z"));
    expect(limitFormAttempt("login", "fresh2@example.com").allowed).toBe(true);
  });
});
