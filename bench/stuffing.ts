// `npm run bench`, credential stuffing (decision 0020): 300 leaked e-mail/password pairs, each sent once
// from a loopback address of its own (127.0.x.y), 10 of them valid, 40 for accounts whose password is
// another, the rest for addresses with no account, against the built app and the reference upstream.
// Once with the limits as shipped, once with the slowing of new browsers out of reach (what the app did
// before it). Printed: how many passwords were checked, how many valid pairs got in, how long it took,
// when the threshold was reached and when login_new_browsers_slowed (scraped every 250 ms) read 1 (the
// alert fires a minute after), and what an owner on their own browser and a person on a new browser got
// right after. Printed, never asserted. Alone: `npx tsx bench/stuffing.ts` (after `npm run build`).

import { pathToFileURL } from "node:url";
import { RATE_LIMITS } from "~/security/rate-limit.server";
import { findFreePort } from "../scripts/ports";
import { type Answer, send } from "../tests/e2e/support-http";
import { samplesOf, valueOf } from "./prometheus-text";
import { startServers } from "./servers";

const PAIRS = 300;
const AT_ONCE = 8;
const PASSWORD = "leaked-but-valid-2931";
const SCRAPE_EVERY_MS = 250;

/** The i-th attacker's address: 127.0.0.2 … 127.0.1.45, never the bystanders' 127.0.200.x. */
const attackerAddress = (i: number) => `127.0.${Math.floor((i + 2) / 256)}.${(i + 2) % 256}`;

const cookiesOf = (answer: Answer) =>
  (answer.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]!).join("; ");

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function attack(label: string, appEnv: Record<string, string>) {
  const metricsPort = await findFreePort();
  const servers = await startServers({
    // The per-address limit as shipped (30 a minute): each attacker's address sends one pair.
    appEnv: { METRICS_PORT: String(metricsPort), RATE_LIMIT_PER_ADDRESS: "30", ...appEnv },
  });
  const appUrl = servers.appUrl.replace("localhost", "127.0.0.1");
  const login = (fields: Record<string, string>, from: string, cookie = "") =>
    send(`${appUrl}/login`, {
      method: "POST",
      from,
      headers: {
        Origin: servers.appUrl,
        Host: new URL(servers.appUrl).host,
        "Content-Type": "application/x-www-form-urlencoded",
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });
  const register = async (email: string) => {
    const response = await fetch(`${servers.upstreamUrl}/api/register/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Service-Id": "sakidori" },
      body: JSON.stringify({ email, password: PASSWORD, corporate_division: "corporate" }),
    });
    if (response.status !== 201) throw new Error(`register ${email}: ${response.status}`);
  };
  const slowedNow = async () => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    return valueOf(samplesOf(text), "login_new_browsers_slowed") === 1;
  };

  try {
    // In every 30 pairs: one valid, four for an account whose password is another, 25 for no account.
    const pairs = Array.from({ length: PAIRS }, (_, i) => {
      const kind = i % 30 === 0 ? "valid" : [5, 12, 19, 26].includes(i % 30) ? "other" : "none";
      return { email: `leaked-${i}@example.jp`, password: kind === "valid" ? PASSWORD : `old-${i}`, kind };
    });
    for (const pair of pairs) if (pair.kind !== "none") await register(pair.email);
    // An owner who logged in on their own browser before, and a person about to use a new one.
    const owner = "owner@example.jp";
    const newcomer = "newcomer@example.jp";
    await register(owner);
    await register(newcomer);
    const ownerBrowser = cookiesOf(await login({ email: owner, password: PASSWORD }, "127.0.200.1"));

    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    const outcomes: { status: number; valid: boolean; at: number }[] = [];
    let slowedAt: number | null = null;
    let watching = true;
    const watcher = (async () => {
      while (watching && slowedAt === null) {
        if (await slowedNow()) slowedAt = elapsed();
        else await pause(SCRAPE_EVERY_MS);
      }
    })();

    let next = 0;
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < pairs.length) {
          const pair = pairs[next]!;
          const answer = await login({ email: pair.email, password: pair.password }, attackerAddress(next++));
          outcomes.push({ status: answer.status, valid: pair.kind === "valid", at: elapsed() });
        }
      }),
    );
    const attackSeconds = elapsed();

    // Right after (the slowing lasts until 5 minutes after the last failed login).
    const ownerStarted = performance.now();
    const ownerLogin = await login({ email: owner, password: PASSWORD }, "127.0.200.1", ownerBrowser);
    const ownerMs = performance.now() - ownerStarted;
    const newcomerLogin = await login({ email: newcomer, password: PASSWORD }, "127.0.200.2");
    const said = /(ただいま[^<]+|試行回数[^<]+)/.exec(newcomerLogin.body)?.[1];
    watching = false;
    await watcher;

    const count = (status: number) => outcomes.filter((outcome) => outcome.status === status).length;
    const checkedAt = outcomes.filter((outcome) => outcome.status !== 429).map((outcome) => outcome.at);
    const failedAt = outcomes.filter((outcome) => outcome.status === 401).map((outcome) => outcome.at);
    const threshold = RATE_LIMITS.stuffingFailedLogins.points;
    const reachedAt = failedAt.sort((a, b) => a - b)[threshold - 1];
    const valid = pairs.filter((pair) => pair.kind === "valid").length;
    const gotIn = outcomes.filter((outcome) => outcome.status === 302 && outcome.valid).length;
    const s = (seconds: number | null | undefined) => (seconds == null ? "never" : `${seconds.toFixed(1)} s`);
    const row = (name: string, value: string) => console.log(`    ${name.padEnd(30)} ${value}`);
    console.log(`\n  ${label}`);
    row("passwords checked", `${checkedAt.length} of ${PAIRS}, the last at ${s(Math.max(...checkedAt))}`);
    row("valid pairs that got in", `${gotIn} of ${valid}`);
    row("refused (429)", String(count(429)));
    row(`all ${PAIRS} pairs answered in`, s(attackSeconds));
    row(`${threshold}th failed login at`, s(reachedAt));
    row(
      "new browsers slowed (metric)",
      slowedAt === null ? "never" : `${s(slowedAt)}; the alert fires 1 min after`,
    );
    row("then: the owner's browser", `${ownerLogin.status} in ${ownerMs.toFixed(0)} ms`);
    const retryAfter = newcomerLogin.headers["retry-after"];
    row(
      "then: a new browser",
      newcomerLogin.status === 429
        ? `429, Retry-After ${retryAfter} s: ${said ?? "(no message)"}`
        : String(newcomerLogin.status),
    );
  } finally {
    await servers.stop();
  }
}

export async function benchStuffing() {
  const { points, duration } = RATE_LIMITS.stuffingNewBrowserLogins;
  console.log(
    `\ncredential stuffing: ${PAIRS} leaked pairs, each once from an address of its own, ${AT_ONCE} at once`,
  );
  await attack(
    `as shipped (from ${RATE_LIMITS.stuffingFailedLogins.points} failed logins in 5 minutes, new browsers share ${points} tries in ${duration} s)`,
    {},
  );
  await attack("new browsers never slowed (STUFFING_FAILED_LOGINS=1000000)", {
    STUFFING_FAILED_LOGINS: "1000000",
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchStuffing();
