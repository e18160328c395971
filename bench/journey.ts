// `npm run bench`, the 128 kbps journey: Debian's Chromium through Playwright, a fresh context (empty
// cache) per run, the line throttled by the DevTools protocol to what a Japanese phone plan gives past
// its monthly cap (128 kbps each way, decimal kilobits as carriers count them; 400 ms a round trip).
// /login → log in (a fresh user who may apply) → My page → its link to the invoice step, JavaScript on
// and off, median of 3 runs each; then one wizard step navigation, the step's 戻る (client-side with
// JavaScript on) against a document navigation to the same page. Then, on a phone (CPU slowed 4×), the
// invoice step's hydration (benchHydration), and the press of 「新しく申し込む」 after 20 s on My page,
// whose wait the files fetched ahead there shorten (benchWarmWizard, decision 0038). Printed, never
// asserted.

import fs from "node:fs";
import path from "node:path";
import { type BrowserContext, type CDPSession, type Page, chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/e2e/chromium";
import { prepareUser } from "../tests/load/load-run";
import { quantile } from "./statistics";
import { type Servers, root, startServers } from "./servers";

const RUNS = 3;
const KBPS = 128;
const LATENCY_MS = 400;
const INVOICE_STEP = "/entry/entry_invoice";
const FINANCIAL_STEP = "/entry";
// How long a throttled page may take before the run is called failed (a 1 MB page needs about 60 s).
const PAGE_TIMEOUT_MS = 120_000;
const outputDir = path.join(root, "bench-output");

interface Request {
  url: string;
  type: string;
  /** ms since the recorder started */
  start: number;
  end: number | null;
  bytes: number;
  /** Of them, the answer's status line and headers (as sent on HTTP/1.1); 0 when not reported. */
  headerBytes: number;
  /** Answered from the browser's cache, or never sent (a script blocked with JavaScript off): no round trip. */
  offline: "cache" | "blocked" | null;
  /** Whether an answer arrived (a fetch cancelled after its headers still made its round trip). */
  answered: boolean;
}

/** Every request a page makes (redirect hops counted), with its timing and bytes on the wire. */
class Recorder {
  readonly requests = new Map<string, Request>();
  private readonly hops: Request[] = [];
  private origin = 0;
  private wallOrigin = 0;

  constructor(private readonly session: CDPSession) {
    session.on("Network.requestWillBeSent", (event) => {
      if (!/^https?:/.test(event.request.url)) return;
      const previous = this.requests.get(event.requestId);
      // A redirect reuses the request id: the hop before it is a request of its own.
      if (previous && event.redirectResponse) {
        previous.end = this.at(event.timestamp);
        previous.bytes += event.redirectResponse.encodedDataLength ?? 0;
        this.hops.push(previous);
      }
      this.requests.set(event.requestId, {
        url: event.request.url,
        type: event.type ?? "Other",
        start: this.at(event.timestamp),
        end: null,
        bytes: 0,
        headerBytes: 0,
        offline: null,
        answered: false,
      });
    });
    session.on("Network.loadingFinished", (event) => {
      const request = this.requests.get(event.requestId);
      if (!request) return;
      request.end = this.at(event.timestamp);
      request.bytes += event.encodedDataLength;
    });
    session.on("Network.responseReceivedExtraInfo", (event) => {
      const request = this.requests.get(event.requestId);
      if (request && event.headersText) request.headerBytes = Buffer.byteLength(event.headersText);
    });
    session.on("Network.responseReceived", (event) => {
      const request = this.requests.get(event.requestId);
      if (request) request.answered = true;
    });
    session.on("Network.requestServedFromCache", (event) => {
      const request = this.requests.get(event.requestId);
      if (request) request.offline = "cache";
    });
    session.on("Network.loadingFailed", (event) => {
      const request = this.requests.get(event.requestId);
      if (!request) return;
      request.end = this.at(event.timestamp);
      if (!request.answered) request.offline ??= "blocked";
    });
  }

  /** Starts counting from now: monotonic CDP timestamps (seconds) mapped onto this process's clock. */
  reset() {
    this.requests.clear();
    this.hops.length = 0;
    this.origin = Number.NaN;
    this.wallOrigin = performance.now();
  }

  private at(timestamp: number): number {
    // The first event after a reset fixes the offset; later ones are relative to it.
    if (Number.isNaN(this.origin)) this.origin = timestamp * 1000 - (performance.now() - this.wallOrigin);
    return timestamp * 1000 - this.origin;
  }

  all(): Request[] {
    return [...this.hops, ...this.requests.values()].sort((a, b) => a.start - b.start);
  }

  /** The requests that went over the line. */
  sent(): Request[] {
    return this.all().filter((request) => request.offline === null);
  }

  bytes(): number {
    return this.all().reduce((sum, request) => sum + request.bytes, 0);
  }
}

/**
 * Round trips in a row: a request's depth is one more than the deepest request that had finished before
 * it started (what it may have waited for); the page's is the deepest.
 */
function chainDepth(all: Request[]): number {
  const requests = all.filter((request) => request.offline === null);
  const depth = new Map<Request, number>();
  for (const request of requests) {
    const before = requests.filter((other) => other.end !== null && other.end <= request.start);
    depth.set(request, 1 + Math.max(0, ...before.map((other) => depth.get(other) ?? 0)));
  }
  return Math.max(0, ...depth.values());
}

function waterfall(requests: Request[]): string {
  return requests
    .map((request) => {
      const end = request.end === null ? "…" : request.end.toFixed(0);
      const url = new URL(request.url);
      const note = request.offline ? ` (${request.offline === "cache" ? "from cache" : "not sent"})` : "";
      return `  ${request.start.toFixed(0).padStart(6)} → ${end.padStart(6)} ms  ${(request.bytes / 1024).toFixed(1).padStart(6)} KB  ${request.type.padEnd(10)} ${url.pathname}${url.search}${note}`;
    })
    .join("\n");
}

async function throttledPage(context: BrowserContext): Promise<{ page: Page; recorder: Recorder }> {
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_TIMEOUT_MS);
  const session = await context.newCDPSession(page);
  const recorder = new Recorder(session);
  await session.send("Network.enable");
  await session.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: (KBPS * 1000) / 8,
    uploadThroughput: (KBPS * 1000) / 8,
  });
  recorder.reset();
  return { page, recorder };
}

/** A throttled page on the slow phone: its CPU slowed too, and its main thread watched. */
async function slowPhonePage(context: BrowserContext): Promise<{ page: Page; recorder: Recorder }> {
  await context.addInitScript(watchMainThread);
  const throttled = await throttledPage(context);
  await (
    await context.newCDPSession(throttled.page)
  ).send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return throttled;
}

/** Whether the current document loads any script of its own (a src, or an inline module importing one). */
function shipsScripts(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [...document.querySelectorAll("script")].some(
      (script) => script.src !== "" || (script.type === "module" && /\bimport\b/.test(script.text)),
    ),
  );
}

/**
 * Waits until the page a person now sees is usable: its document has loaded and, with JavaScript on on a
 * page that ships scripts, React has hydrated it (app/root.tsx marks <html data-hydrated>). Answers the
 * ms since `started` of each, hydrated null when the page ships no scripts.
 */
async function whenUsable(
  page: Page,
  started: number,
  javaScript: boolean,
): Promise<{ load: number; hydrated: number | null }> {
  await page.waitForLoadState("load");
  const load = performance.now() - started;
  if (!javaScript) return { load, hydrated: null };
  // After a client-side navigation the document is still the hydrated one.
  const hydrated = await page.evaluate(() => document.documentElement.dataset.hydrated === "true");
  if (hydrated) return { load, hydrated: load };
  if (!(await shipsScripts(page))) return { load, hydrated: null };
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, {
    polling: 20,
  });
  return { load, hydrated: performance.now() - started };
}

interface JourneyRun {
  loginLoad: number;
  loginHydrated: number | null;
  invoiceLoad: number;
  invoiceHydrated: number | null;
  bytes: number;
  requests: number;
  /** How each hop after /login happened: a document load, or client-side (no new document). */
  hops: string[];
  waterfall: string;
}

async function journey(
  context: BrowserContext,
  javaScript: boolean,
  appUrl: string,
  user: Credentials,
): Promise<JourneyRun> {
  const { page, recorder } = await throttledPage(context);
  const documents = () => recorder.all().filter((request) => request.type === "Document").length;
  const started = performance.now();
  await page.goto(`${appUrl}/login`, { waitUntil: "commit" });
  const login = await whenUsable(page, started, javaScript);

  const hops: string[] = [];
  let before = documents();
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await page.waitForURL(/\/mypage$/);
  await whenUsable(page, started, javaScript);
  hops.push(`login→mypage ${documents() > before ? "document" : "client-side"}`);

  // The link a person follows from My page to start an entry.
  before = documents();
  await page.locator(`a[href="${INVOICE_STEP}"]`).first().click();
  await page.waitForURL((url) => url.pathname === INVOICE_STEP);
  // A client-side navigation fires no load event: the step has arrived once its form is on the screen.
  await page.locator("main form").first().waitFor();
  const invoice = await whenUsable(page, started, javaScript);
  hops.push(`mypage→invoice ${documents() > before ? "document" : "client-side"}`);
  const requests = recorder.all();
  await page.close();
  return {
    loginLoad: login.load,
    loginHydrated: login.hydrated,
    invoiceLoad: invoice.load,
    invoiceHydrated: invoice.hydrated,
    bytes: recorder.bytes(),
    requests: recorder.sent().length,
    hops,
    waterfall: waterfall(requests),
  };
}

interface Credentials {
  email: string;
  password: string;
}

interface StepRun {
  ms: number;
  hydrated: number | null;
  requests: Request[];
  kind: string;
}

/**
 * One wizard step navigation, from the financial step (/entry) back to the invoice step, after the page
 * has settled (a person reads it first): by its 戻る (the step's form posted with the `back` intent, as a
 * person goes back: client-side with JavaScript on when the form is a Remix <Form>; the wizard has no
 * <Link> between steps, the step indicator's links are plain <a>), or by a document load of the same URL.
 */
async function stepNavigation(
  context: BrowserContext,
  javaScript: boolean,
  appUrl: string,
  how: "back" | "goto",
): Promise<StepRun> {
  const { page, recorder } = await throttledPage(context);
  await page.goto(`${appUrl}${FINANCIAL_STEP}`);
  await whenUsable(page, performance.now(), javaScript);
  await page.waitForLoadState("networkidle");
  recorder.reset();
  const started = performance.now();
  if (how === "back") await page.getByRole("button", { name: "戻る", exact: true }).click();
  else await page.goto(`${appUrl}${INVOICE_STEP}`, { waitUntil: "commit" });
  await page.waitForURL((url) => url.pathname === INVOICE_STEP);
  await page.locator("main form").first().waitFor();
  const arrived = await whenUsable(page, started, javaScript);
  const requests = recorder.all();
  await page.close();
  return {
    ms: arrived.load,
    hydrated: arrived.hydrated,
    requests,
    kind: requests.some((request) => request.type === "Document") ? "document" : "client-side",
  };
}

const seconds = (ms: number | null) => (ms === null ? "no scripts" : `${(ms / 1000).toFixed(2)} s`);
const median = (values: number[]) => quantile(values, 0.5);
/** The median of values that may be null (a page without scripts): null when the runs said so. */
const medianOrNull = (values: (number | null)[]) =>
  values.some((value) => value === null) ? null : median(values as number[]);

async function cookieContext(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  appUrl: string,
  cookie: string,
  javaScriptEnabled: boolean,
  device: Parameters<typeof browser.newContext>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...device, javaScriptEnabled });
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const index = pair.indexOf("=");
      return { name: pair.slice(0, index), value: pair.slice(index + 1), url: appUrl };
    }),
  );
  return context;
}

async function measure(servers: Servers) {
  const { appUrl } = servers;
  // Fresh users, one per run (a login rate limit counts posts per account): each may apply, no draft yet.
  const users: Credentials[] = [];
  for (let index = 0; index < 2 * RUNS; index += 1) users.push(await prepareUser(servers, "ready"));
  // For the step navigation: a user whose draft reaches the confirmation page (every step renders).
  const drafted = await prepareUser(servers, "confirmation");

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    console.log(
      `\njourney at ${KBPS} kbps down, ${KBPS} kbps up, ${LATENCY_MS} ms round trip, empty cache (Chromium, median of ${RUNS}):`,
    );
    console.log(
      "  /login → log in → My page → its link to the invoice step; with JavaScript on, each page is used once hydrated",
    );
    const results: Record<"on" | "off", JourneyRun[]> = { on: [], off: [] };
    for (let run = 0; run < RUNS; run += 1) {
      for (const mode of ["on", "off"] as const) {
        const context = await browser.newContext({ javaScriptEnabled: mode === "on" });
        try {
          results[mode].push(await journey(context, mode === "on", appUrl, users.pop()!));
        } finally {
          await context.close();
        }
      }
    }
    const rows: string[][] = [
      [
        "",
        "/login load",
        "/login hydrated",
        "invoice step load",
        "invoice hydrated",
        "KB",
        "requests",
        "navigations",
      ],
    ];
    for (const mode of ["on", "off"] as const) {
      const runs = results[mode];
      rows.push([
        `JavaScript ${mode}`,
        seconds(median(runs.map((run) => run.loginLoad))),
        mode === "on" ? seconds(medianOrNull(runs.map((run) => run.loginHydrated))) : "-",
        seconds(median(runs.map((run) => run.invoiceLoad))),
        mode === "on" ? seconds(medianOrNull(runs.map((run) => run.invoiceHydrated))) : "-",
        (median(runs.map((run) => run.bytes)) / 1024).toFixed(1),
        String(median(runs.map((run) => run.requests))),
        runs[0]!.hops.join(", "),
      ]);
    }
    printTable(rows);
    const on = results.on;
    const off = results.off;
    // Two ends of the journey with JavaScript on. The invoice step is shown and usable at its load event
    // (every form works before scripts run; decision 0015 starts them after it); its scripts run once
    // it has hydrated. Both are printed against JavaScript off.
    const offTotal = median(off.map((run) => run.invoiceLoad));
    const onShown = median(on.map((run) => run.invoiceLoad));
    const onHydrated = median(on.map((run) => run.invoiceHydrated ?? run.invoiceLoad));
    const loginReady = median(on.map((run) => run.loginHydrated ?? run.loginLoad));
    console.log(
      `  JavaScript on ÷ off, to the invoice step shown and usable (load): ${(onShown / offTotal).toFixed(2)}× (goal ≤ 1.5×)`,
    );
    console.log(
      `  JavaScript on ÷ off, to the invoice step's scripts running (hydrated): ${(onHydrated / offTotal).toFixed(2)}×`,
    );
    console.log(`  /login ready with JavaScript on: ${seconds(loginReady)} (goal < 2 s)`);
    fs.mkdirSync(outputDir, { recursive: true });
    fs.writeFileSync(
      path.join(outputDir, "journey-waterfall.txt"),
      `One journey, JavaScript on, ${KBPS} kbps / ${LATENCY_MS} ms (start → end ms since /login was requested):\n${on[0]!.waterfall}\n\nThe same, JavaScript off:\n${off[0]!.waterfall}\n`,
    );
    console.log("  waterfall of one run each way: bench-output/journey-waterfall.txt");

    console.log(
      `\none wizard step navigation at the same throttle: financial step → invoice step (median of ${RUNS})`,
    );
    const steps: [string, boolean, "back" | "goto"][] = [
      ["JavaScript on, 戻る clicked", true, "back"],
      ["JavaScript on, a document load", true, "goto"],
      ["JavaScript off, 戻る clicked", false, "back"],
    ];
    for (const [label, javaScript, how] of steps) {
      const runs: StepRun[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const context = await cookieContext(browser, appUrl, drafted.cookie, javaScript);
        try {
          runs.push(await stepNavigation(context, javaScript, appUrl, how));
        } finally {
          await context.close();
        }
      }
      const typical = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;
      const hydrated = javaScript
        ? `, hydrated ${seconds(medianOrNull(runs.map((run) => run.hydrated)))}`
        : "";
      console.log(
        `  ${label}: ${seconds(median(runs.map((run) => run.ms)))}${hydrated} (${typical.kind}; ${typical.requests.filter((request) => request.offline === null).length} requests over the line, ${chainDepth(typical.requests)} in a row)`,
      );
      console.log(waterfall(typical.requests).replace(/^ {2}/gm, "      "));
    }
  } finally {
    await browser.close();
  }
}

// The phone of a person past their plan's cap: 375 px wide, its CPU four times slower than this machine.
const PHONE = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const CPU_SLOWDOWN = 4;

/**
 * Records, in the page, the longest main-thread task (PerformanceObserver "longtask": 50 ms or more)
 * and when React marked the document hydrated (app/root.tsx), on the page's own clock.
 */
function watchMainThread() {
  const record = { tasks: [] as { start: number; duration: number }[], hydratedAt: null as number | null };
  (window as unknown as { __bench: typeof record }).__bench = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      record.tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
  // The document's element is not there yet when this runs: watch the whole document.
  new MutationObserver(() => {
    if (record.hydratedAt === null && document.documentElement.dataset.hydrated === "true")
      record.hydratedAt = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
}

interface HydrationRun {
  /** ms from the navigation's start to its load event (the page shown and usable without scripts) */
  load: number;
  /** ms from the navigation's start to React's hydration; null with JavaScript off */
  hydrated: number | null;
  /**
   * The longest main-thread task, ms, until the page and its later preloads settled: of those that end
   * after the load event, when the scripts start (fetching, evaluating, hydrating), and of those that
   * end before it (the page's own parsing, style and layout, as with JavaScript off). 0: none of 50 ms
   * or more.
   */
  longestTask: number | null;
  longestPageTask: number | null;
  /** script bytes over the line (as the server sent them, encoded) until hydration, and in all */
  scriptBytes: number;
  allScriptBytes: number;
  /** the scripts sent over the line until hydration, and their answers' header bytes in all */
  scriptFiles: number;
  scriptHeaderBytes: number;
}

let lastWaterfall = "";

/** One document load of the invoice step on the phone, timed by the page's own clock. */
async function loadOnPhone(page: Page, recorder: Recorder, appUrl: string, javaScript: boolean) {
  recorder.reset();
  await page.goto(`${appUrl}${INVOICE_STEP}`);
  const load = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return navigation.loadEventStart;
  });
  if (!javaScript) {
    return {
      load,
      hydrated: null,
      longestTask: null,
      longestPageTask: null,
      scriptBytes: 0,
      allScriptBytes: 0,
      scriptFiles: 0,
      scriptHeaderBytes: 0,
    } satisfies HydrationRun;
  }
  const scripts = () =>
    recorder.all().filter((request) => request.type === "Script" && request.offline === null);
  const sum = (requests: Request[], of: (request: Request) => number) =>
    requests.reduce((total, request) => total + of(request), 0);
  const scriptBytes = () => sum(scripts(), (request) => request.bytes);
  // Polled with a bare evaluate: page.waitForFunction would first compile Playwright's own script in
  // the page, a long task of its own at this CPU slowdown.
  while (!(await page.evaluate(() => document.documentElement.dataset.hydrated === "true")))
    await new Promise((resolve) => setTimeout(resolve, 50));
  const untilHydrated = scriptBytes();
  const sentUntilHydrated = scripts();
  // The modules preloaded for the next step arrive after hydration: their tasks count too.
  await page.waitForLoadState("networkidle");
  type Task = { start: number; duration: number };
  const bench = await page.evaluate(
    () => (window as unknown as { __bench: { tasks: Task[]; hydratedAt: number } }).__bench,
  );
  const longest = (tasks: Task[]) => Math.max(0, ...tasks.map((task) => task.duration));
  lastWaterfall = `hydrated at ${bench.hydratedAt.toFixed(0)} ms (page clock)\n${waterfall(recorder.all())}`;
  return {
    load,
    hydrated: bench.hydratedAt,
    longestTask: longest(bench.tasks.filter((task) => task.start + task.duration > load)),
    longestPageTask: longest(bench.tasks.filter((task) => task.start + task.duration <= load)),
    scriptBytes: untilHydrated,
    allScriptBytes: scriptBytes(),
    scriptFiles: sentUntilHydrated.length,
    scriptHeaderBytes: sum(sentUntilHydrated, (request) => request.headerBytes),
  } satisfies HydrationRun;
}

/**
 * The invoice step loaded as a document on the phone on the capped line: with JavaScript off (its
 * load), and on with an empty cache (cold) then again with the scripts cached (warm), each timed to
 * React's hydration, with the longest main-thread task. Median of RUNS.
 */
async function measureHydration(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  appUrl: string,
  cookie: string,
) {
  const runs: Record<"off" | "cold" | "warm", HydrationRun[]> = { off: [], cold: [], warm: [] };
  let coldWaterfall = "";
  for (let run = 0; run < RUNS; run += 1) {
    for (const javaScript of [false, true]) {
      const context = await cookieContext(browser, appUrl, cookie, javaScript, PHONE);
      try {
        const { page, recorder } = await slowPhonePage(context);
        if (!javaScript) {
          runs.off.push(await loadOnPhone(page, recorder, appUrl, false));
          continue;
        }
        runs.cold.push(await loadOnPhone(page, recorder, appUrl, true));
        if (run === 0) coldWaterfall = lastWaterfall;
        runs.warm.push(await loadOnPhone(page, recorder, appUrl, true));
      } finally {
        await context.close();
      }
    }
  }
  const off = median(runs.off.map((run) => run.load));
  const figure = (key: "cold" | "warm") => {
    const hydrated = median(runs[key].map((run) => run.hydrated ?? Number.NaN));
    // Median of the runs' longest: a shared machine adds the odd long pause (a GC, another process).
    const longest = median(runs[key].map((run) => run.longestTask ?? 0));
    const longestPage = median(runs[key].map((run) => run.longestPageTask ?? 0));
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const bytes = median(runs[key].map((run) => run.scriptBytes));
    const all = median(runs[key].map((run) => run.allScriptBytes));
    const files = median(runs[key].map((run) => run.scriptFiles));
    const headers = median(runs[key].map((run) => run.scriptHeaderBytes / Math.max(1, run.scriptFiles)));
    return `  ${key}: shown ${seconds(median(runs[key].map((run) => run.load)))}, hydrated ${seconds(hydrated)} = ${(hydrated / off).toFixed(2)}× the JavaScript-off load (goal ≤ ${key === "cold" ? 4 : 1.5}×); longest main-thread task once the scripts start ${longest.toFixed(0)} ms (goal ≤ 100 ms; before them, the page's own ${longestPage.toFixed(0)} ms); scripts over the line ${kb(bytes)} until hydrated (${files} files, ${headers.toFixed(0)} bytes of headers an answer), ${kb(all)} with the next step's`;
  };
  console.log(
    `\nthe invoice step on a phone (${PHONE.viewport.width} px, CPU slowed ${CPU_SLOWDOWN}×) at ${KBPS} kbps / ${LATENCY_MS} ms, a document load (median of ${RUNS}):`,
  );
  console.log(`  JavaScript off: shown and usable (load) ${seconds(off)}`);
  console.log(figure("cold"));
  console.log(figure("warm"));
  fs.mkdirSync(outputDir, { recursive: true });
  fs.writeFileSync(
    path.join(outputDir, "hydration-waterfall.txt"),
    `The invoice step on the phone, JavaScript on, empty cache (ms since the navigation started):\n${coldWaterfall}\n`,
  );
  console.log("  waterfall of one cold load: bench-output/hydration-waterfall.txt");
}

/** How long a person reads My page before pressing 「新しく申し込む」. */
const READING_MY_PAGE_MS = 20_000;

interface PressRun {
  /** ms from the press (the invoice step's navigation start) to its load event */
  load: number;
  /** ms from the press to React's hydration of the step; null with JavaScript off */
  hydrated: number | null;
  /** bytes of /build/ files fetched while the person read My page, and how many files */
  aheadBytes: number;
  aheadFiles: number;
  /** bytes over the line from the press until the step hydrated (or loaded): scripts, and in all */
  scriptBytesAfterPress: number;
  bytesAfterPress: number;
}

const isBuildFile = (request: Request) => new URL(request.url).pathname.startsWith("/build/");

/**
 * The way an owner reaches the wizard on the phone and the capped line, cache empty at /login: log in,
 * read My page for 20 s, press 「新しく申し込む」; timed on the step's own clock from the press (its
 * navigation start) to its load event and, with JavaScript on, to its hydration.
 */
async function pressNewEntry(
  page: Page,
  recorder: Recorder,
  appUrl: string,
  user: Credentials,
  javaScript: boolean,
): Promise<PressRun> {
  await page.goto(`${appUrl}/login`);
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await page.waitForURL(/\/mypage$/, { waitUntil: "load" });
  recorder.reset();
  await new Promise((resolve) => setTimeout(resolve, READING_MY_PAGE_MS));
  const ahead = recorder.all().filter(isBuildFile);
  recorder.reset();
  await page.getByRole("link", { name: "新しく申し込む" }).click();
  await page.waitForURL((url) => url.pathname === INVOICE_STEP, { waitUntil: "load" });
  if (javaScript) {
    // Polled with a bare evaluate, as in loadOnPhone (no compiling of Playwright's own script).
    while (!(await page.evaluate(() => document.documentElement.dataset.hydrated === "true")))
      await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const afterPress = recorder.all().filter((request) => request.offline === null);
  const bytesOf = (requests: Request[]) => requests.reduce((sum, request) => sum + request.bytes, 0);
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const bench = (window as unknown as { __bench: { hydratedAt: number | null } }).__bench;
    return { load: navigation.loadEventStart, hydrated: bench.hydratedAt };
  });
  return {
    load: timing.load,
    hydrated: javaScript ? timing.hydrated : null,
    aheadBytes: ahead.reduce((sum, request) => sum + request.bytes, 0),
    aheadFiles: ahead.filter((request) => request.end !== null).length,
    scriptBytesAfterPress: bytesOf(afterPress.filter((request) => request.type === "Script")),
    bytesAfterPress: bytesOf(afterPress),
  };
}

async function measureWarmWizard(browser: Awaited<ReturnType<typeof chromium.launch>>, servers: Servers) {
  // Fresh users, one per run and way (a login rate limit counts posts per account): each may apply.
  const users: Credentials[] = [];
  for (let index = 0; index < 2 * RUNS; index += 1) users.push(await prepareUser(servers, "ready"));
  const runs: Record<"on" | "off", PressRun[]> = { on: [], off: [] };
  for (let run = 0; run < RUNS; run += 1) {
    for (const javaScript of [false, true]) {
      const context = await browser.newContext({ ...PHONE, javaScriptEnabled: javaScript });
      try {
        const { page, recorder } = await slowPhonePage(context);
        runs[javaScript ? "on" : "off"].push(
          await pressNewEntry(page, recorder, servers.appUrl, users.pop()!, javaScript),
        );
      } finally {
        await context.close();
      }
    }
  }
  const off = median(runs.off.map((run) => run.load));
  const hydrated = median(runs.on.map((run) => run.hydrated ?? Number.NaN));
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const ahead = (key: "on" | "off") =>
    `${kb(median(runs[key].map((run) => run.aheadBytes)))} (${median(runs[key].map((run) => run.aheadFiles))} files)`;
  console.log(
    `\nMy page → the invoice step on the phone (${PHONE.viewport.width} px, CPU slowed ${CPU_SLOWDOWN}×) at ${KBPS} kbps / ${LATENCY_MS} ms, cache empty at /login: log in, ${READING_MY_PAGE_MS / 1000} s on My page, press 「新しく申し込む」 (median of ${RUNS}):`,
  );
  console.log(`  JavaScript off: press → load (shown and usable) ${seconds(off)}`);
  console.log(
    `  JavaScript on: press → load ${seconds(median(runs.on.map((run) => run.load)))}, press → hydrated ${seconds(hydrated)} = ${(hydrated / off).toFixed(2)}× JavaScript off (goal ≤ 1.5×)`,
  );
  const afterPress = (key: "on" | "off") =>
    `${kb(median(runs[key].map((run) => run.bytesAfterPress)))} (scripts ${kb(median(runs[key].map((run) => run.scriptBytesAfterPress)))})`;
  console.log(`  fetched ahead while on My page: JavaScript on ${ahead("on")}, off ${ahead("off")}`);
  console.log(
    `  over the line after the press until the step was used (hydrated; JavaScript off, loaded): JavaScript on ${afterPress("on")}, off ${afterPress("off")}`,
  );
}

function printTable(rows: string[][]) {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ")}`);
}

/** Starts its own servers, prints the invoice step's hydration figures on the phone, stops them. */
export async function benchHydration() {
  const servers = await startServers();
  try {
    // A fresh user who may apply, as in the journey; the page is only read, so one serves every run.
    const user = await prepareUser(servers, "ready");
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      await measureHydration(browser, servers.appUrl, user.cookie);
    } finally {
      await browser.close();
    }
  } finally {
    await servers.stop();
  }
}

/** Starts its own servers, prints the journey's figures, stops them. */
export async function benchJourney() {
  const servers = await startServers();
  try {
    await measure(servers);
  } finally {
    await servers.stop();
  }
}

/** Starts its own servers, prints the My page → invoice step figures on the phone, stops them. */
export async function benchWarmWizard() {
  const servers = await startServers();
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      await measureWarmWizard(browser, servers);
    } finally {
      await browser.close();
    }
  } finally {
    await servers.stop();
  }
}
