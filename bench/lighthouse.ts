// `npm run bench`, the Lighthouse mobile scores (its defaults: a mid-range phone, 4× CPU slowdown, a
// throttled 4G line simulated) of /login, My page, the invoice step and an entry's detail page, median
// of 3 runs each, against the built app. Debian's Chromium is started per run with a fresh profile and
// its lookups of Google hosts refused (Lighthouse runs offline here: docs/REFERENCE.md). Printed, never
// asserted.

import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse, { type Result } from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/e2e/chromium";
import { prepareUser } from "../tests/load/load-run";
import { type Servers, startServers } from "./servers";

const RUNS = 3;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

interface Browser {
  port: number;
  close(): Promise<void>;
}

/** Chromium with a DevTools port of its own and an empty profile (no cache, no cookies), as Lighthouse needs. */
async function launchChromium(): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "sakidori-lighthouse-"));
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      // The servers answer on localhost (the app's own origin) and 127.0.0.1: everything else is refused.
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      });
    }
    fs.rmSync(profile, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = "";
      const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port: ${output}`)), 30_000);
      child.stderr!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once("exit", () => reject(new Error(`Chromium exited: ${output}`)));
    });
    return { port, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function audit(url: string, cookie: string | null): Promise<Result> {
  const browser = await launchChromium();
  try {
    const result = await lighthouse(url, {
      port: browser.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // A page behind login that answered with the login page would score the wrong page.
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
      throw new Error(`Lighthouse: ${url} ended at ${lhr.finalDisplayedUrl}`);
    return lhr;
  } finally {
    await browser.close();
  }
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The audits that cost a category points: scored, applicable and under 1, the heaviest first. */
function failingAudits(lhr: Result, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => {
      const audit = lhr.audits[ref.id];
      return (
        audit &&
        audit.score !== null &&
        audit.score < 1 &&
        !["informative", "notApplicable", "manual"].includes(audit.scoreDisplayMode)
      );
    })
    .sort((a, b) => b.weight - a.weight)
    .map((ref) => ref.id);
}

async function measure(servers: Servers) {
  const { appUrl } = servers;
  // A user whose draft fills every step (the invoice step renders as a person coming back sees it) and
  // one who has submitted an entry (its detail page).
  const drafted = await prepareUser(servers, "confirmation");
  const submitted = await prepareUser(servers, "submitted");
  const pages: [string, string | null][] = [
    ["/login", null],
    ["/mypage", drafted.cookie],
    ["/entry/entry_invoice", drafted.cookie],
    [`/entry/detail/${submitted.entryId}`, submitted.cookie],
  ];

  console.log(
    `\nLighthouse 12.8.2, mobile defaults, median of ${RUNS} (performance · accessibility · best practices · SEO):`,
  );
  for (const [pathname, cookie] of pages) {
    const runs: Result[] = [];
    try {
      for (let run = 0; run < RUNS; run += 1) runs.push(await audit(`${appUrl}${pathname}`, cookie));
    } catch (error) {
      console.log(`  ${pathname}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const medianOf = (category: string) =>
      runs.map((lhr) => score(lhr, category)).sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
    // The run whose performance score is the median: its metrics and failing audits are printed.
    const typical = [...runs].sort((a, b) => score(a, "performance") - score(b, "performance"))[
      Math.floor(RUNS / 2)
    ]!;
    const metric = (id: string) => typical.audits[id]?.displayValue ?? "?";
    console.log(
      `  ${pathname.padEnd(22)} ${CATEGORIES.map(medianOf).join(" · ")}   LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}  (performance runs: ${runs.map((lhr) => score(lhr, "performance")).join(", ")})`,
    );
    for (const category of CATEGORIES) {
      if (score(typical, category) < 100)
        console.log(`      ${category} under 100: ${failingAudits(typical, category).join(", ")}`);
    }
  }
}

/** Starts its own servers, prints the Lighthouse scores, stops them. */
export async function benchLighthouse() {
  const servers = await startServers();
  try {
    await measure(servers);
  } finally {
    await servers.stop();
  }
}
