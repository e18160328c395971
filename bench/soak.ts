// `npm run bench`, the soak: SOAK_USERS people (20), each with an account of their own and one request
// at a time (a closed loop, SOAK_THINK_MS between actions, 0 by default), go round what a person does
// on the invoice step: log in, My page, the step, 下書き保存 with valid fields, a 4 KiB file through the
// slot's own post, the slot's oldest file deleted once it holds three, and every fifth round a log-out.
// Pages are documents and forms are posted with their redirects followed, as without JavaScript; the
// file goes as the slot sends it with JavaScript. After SOAK_WARM_UP_SECONDS (20) the steady part runs
// SOAK_SECONDS (180): every answer in it counted by kind and status, and the app's own figures at its
// start and end (the resident set from /proc, the event-loop delay and heap from its METRICS_PORT).
// The built app under its own server and the reference upstream; REDIS_URL in the environment is
// passed on to the app. Printed, never asserted.

import { randomBytes } from "node:crypto";
import { newUploadKey, streamedUploadHeaders } from "../app/forms/step-upload";
import { WizardIntent } from "../app/domain/wizard-intents";
import { findFreePort } from "../scripts/ports";
import { Browser, type Stats, invoiceFields, prepareUser } from "../tests/load/load-run";
import { samplesOf, valueOf } from "./prometheus-text";
import { startServers } from "./servers";
import { AnswerTally, type Latencies } from "./statistics";
import { memoryOf } from "./uploads";

const USERS = Number(process.env.SOAK_USERS) || 20;
const WARM_UP_MS = (Number(process.env.SOAK_WARM_UP_SECONDS) || 20) * 1000;
const STEADY_MS = (Number(process.env.SOAK_SECONDS) || 180) * 1000;
const THINK_MS = Number(process.env.SOAK_THINK_MS) || 0;
/** Every this many rounds a person logs out (and logs in again at the next). */
const LOG_OUT_EVERY = 5;
/** The slot's oldest file is deleted once it holds this many: the draft stays the size a person's is. */
const FILES_KEPT = 3;
const FILE_BYTES = 4 * 1024;

const STEP_PATH = "/entry/entry_invoice";
const STEP_ROUTE_ID = "routes/_entry.entry_.entry_invoice";
const SLOT = { slot: "claim-1-invoice", kind: "invoice-1" };

/** A document's kind by its path: the pages a redirect lands on count as the page. */
const PAGES: Record<string, string> = {
  "/login": "login page",
  "/mypage": "My page",
  [STEP_PATH]: "step",
};

/** The kinds of request in a round, in its order. */
const ROUND = ["login page", "log in", "My page", "step", "draft save", "upload", "file delete", "log out"];

interface Clock {
  /** Whether answers now count: the steady part has begun and not yet ended. */
  counting: boolean;
  /** Set once the steady part is over: each person stops after the action under way. */
  stopped: boolean;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One person's rounds until the clock stops; every answer within the steady part is told to `tally`. */
async function person(
  appUrl: string,
  credentials: { email: string; password: string },
  index: number,
  clock: Clock,
  tally: AnswerTally,
): Promise<void> {
  const stats: Stats = { requests: 0, inFlight: 0, peakInFlight: 0, serverErrors: [] };
  // The kind of the POST under way; the GETs of its redirects count as the page they land on.
  let posting = "";
  const browser = new Browser(appUrl, stats, ({ method, url, status, ms }) => {
    if (!clock.counting) return;
    tally.record(method === "POST" ? posting : (PAGES[url.pathname] ?? `GET ${url.pathname}`), ms, status);
  });
  const post = (kind: string, path: string, body: URLSearchParams) => {
    posting = kind;
    return browser.go("POST", path, body);
  };
  /** Whether an action ended on the page the person meant; an error when not. */
  const landed = (kind: string, page: { url: string; status: number }, pathname: string) => {
    if (page.url.replace(/[?#].*$/, "") === pathname) return true;
    if (clock.counting) tally.error(`${kind} ended at ${page.url.replace(/\?.*$/, "")} (${page.status})`);
    return false;
  };
  const file = new Blob([Buffer.from("%PDF-1.4\n"), randomBytes(FILE_BYTES - 9)]);
  let loggedIn = false;
  // People log out at different rounds, not all at once.
  for (let round = index; !clock.stopped; round += 1) {
    try {
      if (!loggedIn) {
        await browser.go("GET", "/login");
        const credentialsForm = new URLSearchParams(credentials);
        loggedIn = landed("log in", await post("log in", "/login", credentialsForm), "/mypage");
      } else {
        await browser.go("GET", "/mypage");
      }
      await pause(THINK_MS);
      const step = await browser.go("GET", STEP_PATH);
      if (!landed("step", step, STEP_PATH)) {
        loggedIn = false;
        continue;
      }
      await pause(THINK_MS);
      const saved = await post(
        "draft save",
        STEP_PATH,
        new URLSearchParams([...invoiceFields(), ["intent", WizardIntent.saveDraft]]),
      );
      landed("draft save", saved, STEP_PATH);
      await pause(THINK_MS);

      // The slot's own post (upload-slot.tsx): the file is the body, the slot in its headers.
      posting = "upload";
      const uploaded = await browser.post(
        `${STEP_PATH}?_data=${encodeURIComponent(STEP_ROUTE_ID)}`,
        file,
        streamedUploadHeaders({ ...SLOT, fileName: "soak.pdf", uploadKey: newUploadKey() }),
      );
      // Remix answers a data request's redirect with 204 and where it would have gone.
      if (clock.counting && uploaded.status < 400 && !uploaded.headers.get("x-remix-redirect"))
        tally.error(`upload answered ${uploaded.status} without a redirect`);
      await pause(THINK_MS);

      // The files the step listed before this upload: the oldest goes once there are enough.
      const fileIds = [...step.html.matchAll(/name="file_id" value="(\d+)"/g)].map((match) => match[1]!);
      if (fileIds.length + 1 >= FILES_KEPT) {
        const deleted = await post(
          "file delete",
          STEP_PATH,
          new URLSearchParams({ intent: WizardIntent.delete, file_id: fileIds[0]! }),
        );
        landed("file delete", deleted, STEP_PATH);
        await pause(THINK_MS);
      }
      if (round % LOG_OUT_EVERY === LOG_OUT_EVERY - 1) {
        landed("log out", await post("log out", "/logout", new URLSearchParams()), "/login");
        loggedIn = false;
        await pause(THINK_MS);
      }
    } catch (error) {
      // No answer at all (a refused or reset connection): counted, and the person starts again.
      if (clock.counting)
        tally.error(
          `no answer (${error instanceof Error ? (error.cause ?? error).toString() : String(error)})`,
        );
      loggedIn = false;
      await pause(1000);
    }
  }
}

/** The app's own figures now: its resident set from /proc, its event-loop delay and heap from /metrics. */
async function appFigures(pid: number, metricsUrl: string) {
  // Each scrape reports the event-loop delay since the one before, and starts it again.
  const samples = samplesOf(await (await fetch(metricsUrl)).text());
  const seconds = (name: string) => valueOf(samples, name) * 1000;
  return {
    rss: memoryOf(pid, "VmRSS"),
    heapUsed: valueOf(samples, "nodejs_heap_size_used_bytes"),
    lagMax: seconds("nodejs_eventloop_lag_max_seconds"),
    lagP99: seconds("nodejs_eventloop_lag_p99_seconds"),
    lagMean: seconds("nodejs_eventloop_lag_mean_seconds"),
  };
}

const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(0)} MiB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

function latencyRow(name: string, figures: Latencies): string {
  return `  ${name.padEnd(14)}${String(figures.count).padStart(7)}  p50 ${ms(figures.p50).padStart(7)}  p95 ${ms(figures.p95).padStart(7)}  p99 ${ms(figures.p99).padStart(7)}  max ${ms(figures.max).padStart(7)}`;
}

export async function benchSoak(): Promise<void> {
  const metricsPort = await findFreePort();
  const servers = await startServers({
    appEnv: { METRICS_PORT: String(metricsPort) },
    // A person's day of uploads (decision 0022) is spent in a minute here: the soak measures the
    // app, not the quota.
    upstreamEnv: { UPLOAD_FILES_PER_DAY: "1000000", UPLOAD_QUOTA_MB: "100000" },
  });
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  const pid = servers.appPid!;
  try {
    // Accounts made through the app's forms, each ready to apply (no draft yet).
    const accounts = await Promise.all(Array.from({ length: USERS }, () => prepareUser(servers, "ready")));
    const clock: Clock = { counting: false, stopped: false };
    const tally = new AnswerTally();
    const people = accounts.map((account, index) => person(servers.appUrl, account, index, clock, tally));
    await pause(WARM_UP_MS);
    const start = await appFigures(pid, metricsUrl);
    clock.counting = true;
    const started = performance.now();
    await pause(STEADY_MS);
    clock.counting = false;
    const elapsed = (performance.now() - started) / 1000;
    const end = await appFigures(pid, metricsUrl);
    clock.stopped = true;
    await Promise.all(people);

    const { byKind, overall } = tally.latencies();
    const errors = tally.errors();
    console.log(
      `\nsoak: ${USERS} people, each one request at a time${THINK_MS ? ` and ${THINK_MS} ms between actions` : ""}; ${WARM_UP_MS / 1000} s warm-up, then ${elapsed.toFixed(0)} s steady`,
    );
    console.log(
      `  requests      ${tally.answers} answered (${(tally.answers / elapsed).toFixed(1)}/s); errors ${
        errors.length === 0 ? "none" : errors.map(([what, count]) => `${count}× ${what}`).join(", ")
      }`,
    );
    // In the order of a round; anything else (a page no round meant to reach) after.
    const order = (kind: string) => (ROUND.includes(kind) ? ROUND.indexOf(kind) : ROUND.length);
    byKind.sort(([a], [b]) => order(a) - order(b));
    for (const [kind, figures] of byKind) console.log(latencyRow(kind, figures));
    console.log(latencyRow("all", overall));
    console.log(
      `  app RSS       ${mib(start.rss)} at the start of the steady part, ${mib(end.rss)} at its end (heap used ${mib(start.heapUsed)} → ${mib(end.heapUsed)})`,
    );
    console.log(
      `  event loop    delay in the steady part: max ${ms(end.lagMax)}, p99 ${ms(end.lagP99)}, mean ${end.lagMean.toFixed(1)} ms (before it, since the app started: max ${ms(start.lagMax)})`,
    );
  } finally {
    await servers.stop();
  }
}
