// Upstream faults in the suite: the app called as Remix calls it (My page's loader, the
// invoice step's upload action) against the reference upstream behind a fault-injecting proxy, with
// the default page budget (UPSTREAM_DEADLINE_MS unset: 10 s). Each fault touches one user (the
// victim); for each:
//   - the victim gets the right §2 error screen (§8: no response 499, a 2xx the app cannot read 502,
//     a me answer without a version logs out) within 11 s;
//   - another user is served meanwhile (when the upstream is down for everyone: the page frame,
//     which needs no upstream);
//   - no temporary upload file is left, in the app's spool directory or the upstream's DATA_DIR/tmp;
//   - once the upstream is back, both users are served again.
// The browser half of some of these (the screen as drawn, JavaScript on and off) is
// tests/e2e/upstream-faults.spec.ts; this proves the server half in seconds.

import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ErrorMessage } from "~/domain/error-messages";
import { claimUploadSlot } from "~/domain/file-kinds";
import { type ErrorScreen, errorCauseOf, errorScreenFor } from "~/domain/error-screen";
import { loader as rootLoader } from "~/root";
import { loader as myPageLoader } from "~/routes/_mypage.mypage/route";
import { action as invoiceAction } from "~/routes/_entry.entry_.entry_invoice/route";
import {
  APP_ORIGIN,
  appCookie,
  type Applicant,
  applicantWithOneClaim,
  failureOf,
  formPost,
  streamedUpload,
  useFaultProxy,
} from "./app-requests";
import { callRoute, wasThrown } from "../fixtures/call-route";
import type { Fault } from "./fault-proxy";
import { useTestUpstream } from "./reference-upstream/harness";

// The app spools uploads under os.tmpdir() (app/upstream/uploads.server.ts, read when it loads):
// a directory of this file's own, so other test files' uploads do not count.
const appTmpDir = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const dir = mkdtempSync(join(tmpdir(), "sakidori-faults-"));
  process.env.TMPDIR = dir;
  return dir;
});
const APP_SPOOL_DIR = path.join(appTmpDir, "sakidori-uploads");

const upstream = useTestUpstream();
const proxy = useFaultProxy(upstream);
let tried = 0;
let survived = 0;
/** Answers a fault holds open, released after each test. */
const held: http.ServerResponse[] = [];

beforeAll(() => {
  // appConfig() reads the environment once, at the first request: the default budget, set before any.
  delete process.env.UPSTREAM_DEADLINE_MS;
});

afterEach(async () => {
  proxy.setFault(null, null);
  for (const res of held.splice(0)) res.destroy();
  await proxy.up();
});

afterAll(async () => {
  console.log(`[upstream faults] survived / tried: ${survived} / ${tried}`);
  fs.rmSync(appTmpDir, { recursive: true, force: true });
});

function pathOf(req: http.IncomingMessage): string {
  return new URL(req.url ?? "/", "http://proxy.invalid").pathname;
}

/** A 200 on `target` with this body and Content-Type. */
function answer200(target: string, body: string, contentType: string): Fault {
  return (req, res) => {
    if (pathOf(req) !== target) return false;
    req.resume();
    res.writeHead(200, { "Content-Type": contentType, "Content-Length": Buffer.byteLength(body) });
    res.end(body);
    return true;
  };
}

/** Every call read and never answered. */
const hang: Fault = (req, res) => {
  req.resume();
  held.push(res);
  return true;
};

/** Bytes the endless answer wrote before the app hung up. */
let hugeSent = 0;
const HUGE_LIMIT = 1 << 30;

/** A 200 JSON answer to /api/me/ that goes on for 1 GiB, without a Content-Length. */
const hugeBody: Fault = (req, res) => {
  if (pathOf(req) !== "/api/me/") return false;
  req.resume();
  hugeSent = 0;
  let closed = false;
  res.on("close", () => (closed = true));
  res.on("error", () => {});
  res.writeHead(200, { "Content-Type": "application/json" });
  const chunk = Buffer.alloc(1 << 20, 0x20);
  chunk[0] = 0x5b; // "[": it starts as JSON
  const write = () => {
    while (!closed && hugeSent < HUGE_LIMIT) {
      hugeSent += chunk.length;
      if (!res.write(chunk)) {
        res.once("drain", write);
        return;
      }
    }
    if (!closed) res.end();
  };
  write();
  return true;
};

/** The upload is passed on to the upstream until 256 KiB went through, then both connections are cut. */
let cutAfterBytes = 0;
const hangUpMidUpload: Fault = (req, res) => {
  if (req.method !== "POST" || pathOf(req) !== "/api/uploads/") return false;
  const target = new URL(req.url ?? "/", upstream.url);
  const outgoing = http.request(target, {
    method: req.method,
    headers: { ...req.headers, host: target.host },
  });
  outgoing.on("error", () => {});
  res.on("error", () => {});
  let seen = 0;
  let cut = false;
  req.on("data", (chunk: Buffer) => {
    if (cut) return;
    seen += chunk.length;
    outgoing.write(chunk);
    if (seen >= 256 * 1024) {
      cut = true;
      cutAfterBytes = seen;
      outgoing.destroy();
      req.socket.destroy();
    }
  });
  return true;
};

/** POSTs to /api/uploads/ the upstream stored and answered, whose answer the proxy then dropped. */
let uploadAnswersDropped = 0;
/** The upload goes through and the upstream stores it; its answer never reaches the app. */
const dropUploadAnswer: Fault = (req, res) => {
  if (req.method !== "POST" || pathOf(req) !== "/api/uploads/") return false;
  const target = new URL(req.url ?? "/", upstream.url);
  const outgoing = http.request(
    target,
    { method: req.method, headers: { ...req.headers, host: target.host } },
    (answer) => {
      answer.resume();
      answer.on("end", () => {
        if (answer.statusCode === 201) uploadAnswersDropped += 1;
        req.socket.destroy();
      });
    },
  );
  outgoing.on("error", () => req.socket.destroy());
  res.on("error", () => {});
  req.pipe(outgoing);
  return true;
};

/** The upload is read to its end and never passed on: the upstream never hears of it. */
const swallowUpload: Fault = (req, res) => {
  if (req.method !== "POST" || pathOf(req) !== "/api/uploads/") return false;
  res.on("error", () => {});
  req.resume();
  req.on("end", () => req.socket.destroy());
  return true;
};

interface Visit {
  status: number;
  /** The error screen the answer draws (§2), when it is one. */
  screen: ErrorScreen | null;
  location: string | null;
  setCookie: string | null;
}

/** Runs a loader or action as Remix does and reads what the person gets. */
async function settle(run: () => Promise<Response>): Promise<Visit> {
  const response = await run();
  let screen: ErrorScreen | null = null;
  if (wasThrown(response) && (response.status < 300 || response.status >= 400)) {
    const data: unknown = await response.json();
    const cause = errorCauseOf({ status: response.status, data });
    screen = errorScreenFor(cause.code, true, cause);
  }
  return {
    status: response.status,
    screen,
    location: response.headers.get("Location"),
    setCookie: response.headers.get("Set-Cookie"),
  };
}

function openMyPage(cookie: string): Promise<Visit> {
  const request = new Request(`${APP_ORIGIN}/mypage`, { headers: { Cookie: cookie } });
  return settle(() => callRoute(myPageLoader, request));
}

/** The page frame every screen is drawn in (the root loader): it needs no upstream. */
function openPageFrame(cookie: string): Promise<Visit> {
  const request = new Request(`${APP_ORIGIN}/terms`, { headers: { Cookie: cookie } });
  return settle(() => callRoute(rootLoader, request));
}

/** A 2 MiB PDF into claim 1's invoice slot, as the slot sends it (JavaScript on: streamed through). */
function uploadInvoice(cookie: string): Promise<Visit> {
  const pdf = Buffer.alloc(2 << 20, 0x20);
  Buffer.from("%PDF-1.4\n").copy(pdf);
  const request = streamedUpload(
    "/entry/entry_invoice",
    cookie,
    { slot: claimUploadSlot("invoice", 1), kind: "invoice-1", fileName: "請求書.pdf" },
    pdf,
  );
  return settle(() => callRoute(invoiceAction, request));
}

/** The same PDF from the slot's own form without JavaScript: multipart, spooled by the app, then sent. */
function uploadInvoiceWithoutScripts(cookie: string): Promise<Visit> {
  const pdf = Buffer.alloc(64 << 10, 0x20);
  Buffer.from("%PDF-1.4\n").copy(pdf);
  const form = new FormData();
  form.append("intent", "upload");
  form.append("slot", claimUploadSlot("invoice", 1));
  form.append("kind", "invoice-1");
  form.append("content", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "請求書.pdf");
  const request = new Request(`${APP_ORIGIN}/entry/entry_invoice`, {
    method: "POST",
    headers: { Origin: APP_ORIGIN, Cookie: cookie },
    body: form,
  });
  return settle(() => callRoute(invoiceAction, request));
}

type Person = Applicant;

const person = () => applicantWithOneClaim(upstream);

/** The names left in a directory (none when it does not exist). */
function leftIn(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** Waits for the upstream to finish its own cleanup of an aborted upload (it runs after the cut). */
async function upstreamTmpIsEmpty(): Promise<void> {
  const dir = path.join(upstream.dataDir, "tmp");
  await vi.waitFor(() => expect(leftIn(dir)).toEqual([]), { timeout: 2_000, interval: 50 });
}

interface FaultCase {
  name: string;
  /** Sets the fault on the victim (or takes the upstream down). */
  inject(victim: Person): Promise<void> | void;
  /** What the victim does while the fault lasts. */
  visit(victim: Person): Promise<Visit>;
  /** The §2/§8 answer the victim must get. */
  expectAnswer(visit: Visit): void;
  /** What another user is served meanwhile. */
  bystander(other: Person): Promise<Visit>;
  /** The fault holds the victim past the bystander's whole visit (a hang). */
  victimWaits?: boolean;
  /** The fault ended the victim's app session (§8 logout): the victim logs in again to recover. */
  endsSession?: boolean;
  /** More to check once the answer came. */
  afterwards?(victim: Person): Promise<void>;
}

const expectScreen = (code: number, title: string) => (visit: Visit) => {
  expect(visit.screen, `status ${visit.status}, Location ${visit.location}`).not.toBeNull();
  expect(visit.screen!.code).toBe(code);
  expect(visit.screen!.title).toBe(title);
  expect(visit.screen!.message).toContain(`エラーコード: ${code}`);
};
/** §8 "No response: server error network error, status 499"; §2 "Anything else: … with the code". */
const noResponseScreen = expectScreen(499, "エラーが発生しました");
/** §8 "Other statuses: server error"; §2 "Codes 500-599: a server error occurred, with the code". */
const serverErrorScreen = expectScreen(502, "サーバーエラーが発生しました");

const MAINTENANCE = "<!doctype html><html><body><h1>ただいまメンテナンス中です</h1></body></html>";

const FAULTS: FaultCase[] = [
  {
    name: "the upstream down (connection refused)",
    inject: () => proxy.down(),
    visit: (victim) => openMyPage(victim.cookie),
    expectAnswer: noResponseScreen,
    // Down for everyone: what needs no upstream is still served.
    bystander: (other) => openPageFrame(other.cookie),
  },
  {
    name: "the upstream hanging past the timeout",
    inject: (victim) => proxy.setFault(victim.browser.cookies.get("sessionid")!, hang),
    visit: (victim) => openMyPage(victim.cookie),
    expectAnswer: (visit) => {
      noResponseScreen(visit);
      // The app ended the wait on its own budget: the upstream's answer never came.
      expect(held.length).toBeGreaterThan(0);
      expect(held.every((res) => !res.writableEnded)).toBe(true);
    },
    victimWaits: true,
    bystander: (other) => openMyPage(other.cookie),
  },
  {
    name: "an HTML page answered 200 on /api/me/",
    inject: (victim) =>
      proxy.setFault(
        victim.browser.cookies.get("sessionid")!,
        answer200("/api/me/", MAINTENANCE, "text/html"),
      ),
    visit: (victim) => openMyPage(victim.cookie),
    expectAnswer: serverErrorScreen,
    bystander: (other) => openMyPage(other.cookie),
  },
  {
    name: "garbage answered 200 on /api/me/",
    inject: (victim) =>
      proxy.setFault(
        victim.browser.cookies.get("sessionid")!,
        answer200("/api/me/", '{"version": "1.0", gar\u0000\uFFFD', "application/json"),
      ),
    visit: (victim) => openMyPage(victim.cookie),
    expectAnswer: serverErrorScreen,
    bystander: (other) => openMyPage(other.cookie),
  },
  {
    name: "a huge body (1 GiB of JSON, no Content-Length) on /api/me/",
    inject: (victim) => proxy.setFault(victim.browser.cookies.get("sessionid")!, hugeBody),
    visit: (victim) => openMyPage(victim.cookie),
    expectAnswer: (visit) => {
      serverErrorScreen(visit);
      // The app stopped reading at its 8 MiB cap: the rest was never sent, let alone held.
      expect(hugeSent).toBeGreaterThan(0);
      expect(hugeSent).toBeLessThan(64 << 20);
    },
    bystander: (other) => openMyPage(other.cookie),
  },
  {
    name: "a 200 /api/me/ without version",
    inject: (victim) =>
      proxy.setFault(
        victim.browser.cookies.get("sessionid")!,
        answer200(
          "/api/me/",
          JSON.stringify({
            id: victim.browser.userId,
            email: "victim@example.test",
            corporate_division: "corporate",
          }),
          "application/json",
        ),
      ),
    visit: (victim) => openMyPage(victim.cookie),
    // §8 "Authentication failure (no version …): logout, reset user, auth error": the app's session
    // ends and the person is sent to log in again, told the session expired (§2 400-403's words).
    expectAnswer: (visit) => {
      expect(visit.status).toBe(302);
      expect(visit.location).toBe("/login?redirectTo=%2Fmypage&error=session_expired");
      expect(visit.setCookie).toMatch(/^__sakidori=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    },
    endsSession: true,
    bystander: (other) => openMyPage(other.cookie),
  },
  {
    name: "the upstream hanging up mid-upload",
    inject: (victim) => {
      cutAfterBytes = 0;
      proxy.setFault(victim.browser.cookies.get("sessionid")!, hangUpMidUpload);
    },
    visit: (victim) => uploadInvoice(victim.cookie),
    expectAnswer: (visit) => {
      noResponseScreen(visit);
      expect(cutAfterBytes).toBeGreaterThanOrEqual(256 * 1024);
    },
    // Another user's upload goes through meanwhile.
    bystander: (other) => uploadInvoice(other.cookie),
    afterwards: async (victim) => {
      // Nothing half-sent was stored, and the upstream removed what it had spooled.
      expect((await victim.browser.get("/api/uploads/")).body).toEqual([]);
      await upstreamTmpIsEmpty();
    },
  },
];

// The page's 10 s budget itself is timed on a test clock (tests/unit/upstream/client.test.ts).
describe("each upstream fault gives the §2/§8 screen, others served, nothing left, recovery", () => {
  it.each(FAULTS)("$name", async (fault) => {
    tried += 1;
    const victim = await person();
    const other = await person();
    await fault.inject(victim);

    let victimDone = false;
    const victimVisit = fault.visit(victim).finally(() => (victimDone = true));
    const bystanderVisit = await fault.bystander(other);
    // Served meanwhile: while the victim still waits when the fault makes it wait.
    expect([200, 302], `bystander got ${bystanderVisit.status}`).toContain(bystanderVisit.status);
    if (fault.victimWaits) expect(victimDone).toBe(false);

    const visit = await victimVisit;
    fault.expectAnswer(visit);
    await fault.afterwards?.(victim);
    expect(leftIn(APP_SPOOL_DIR), "the app's temporary upload files").toEqual([]);

    // The upstream is back: both are served again (the victim after logging in again if §8 ended its session).
    proxy.setFault(null, null);
    await proxy.up();
    const cookie = fault.endsSession ? await appCookie(victim.browser) : victim.cookie;
    const recovered = await openMyPage(cookie);
    expect(recovered.status, `victim after recovery: ${recovered.screen?.title ?? ""}`).toBe(200);
    expect((await openMyPage(other.cookie)).status).toBe(200);
    survived += 1;
  });
});

describe("a lost upload answer is looked up before the person is told it failed", () => {
  const ways = [
    ["with JavaScript (streamed)", uploadInvoice],
    ["without JavaScript (multipart)", uploadInvoiceWithoutScripts],
  ] as const;

  it.each(ways)(
    "%s: the upstream stored the file and its answer was lost: the slot has the file",
    async (_, send) => {
      const victim = await person();
      uploadAnswersDropped = 0;
      proxy.setFault(victim.browser.cookies.get("sessionid")!, dropUploadAnswer);
      const visit = await send(victim.cookie);
      expect(uploadAnswersDropped, "the upstream stored it and the answer was dropped").toBe(1);
      // Back to the slot, as for any stored file (PRG), not the 499 screen.
      expect(visit.screen?.code ?? null, visit.screen?.title).toBeNull();
      expect(visit.status).toBe(302);
      expect(visit.location).toBe(`/entry/entry_invoice#upload-${claimUploadSlot("invoice", 1)}`);
      const stored = (await victim.browser.get("/api/uploads/")).body as { id: number; name: string }[];
      expect(stored.map((upload) => upload.name)).toEqual(["請求書.pdf"]);
      // The slot lists it: the file is linked to its claim, as after an answered upload.
      const draft = (await victim.browser.get("/api/draft_entry/")).body as {
        claims: { contentfile_relations: number[] }[];
      };
      expect(draft.claims[0]!.contentfile_relations).toEqual([stored[0]!.id]);
      expect(leftIn(APP_SPOOL_DIR), "the app's temporary upload files").toEqual([]);
    },
  );

  it.each(ways)("%s: the upstream never got the file: it still reads as failure (499)", async (_, send) => {
    const victim = await person();
    proxy.setFault(victim.browser.cookies.get("sessionid")!, swallowUpload);
    const visit = await send(victim.cookie);
    noResponseScreen(visit);
    expect((await victim.browser.get("/api/uploads/")).body).toEqual([]);
    expect(leftIn(APP_SPOOL_DIR), "the app's temporary upload files").toEqual([]);
  });
});

describe("a step's save that meets the upstream's server error keeps the form", () => {
  it("下書き保存 answered 503: the failure shape with ステータス 503 and the values sent, not the error screen", async () => {
    const victim = await person();
    proxy.setFault(victim.browser.cookies.get("sessionid")!, (req, res) => {
      if (req.method !== "PATCH" || pathOf(req) !== "/api/draft_entry/") return false;
      req.resume();
      res.writeHead(503, { "Content-Type": "application/json" });
      res.end("{}");
      return true;
    });
    const fields = { purchase_amount_desired: "2,000,000", purpose: "仕入れ", intent: "save_draft" };
    const request = formPost("/entry/entry_invoice", victim.cookie, fields);
    const response = await callRoute(invoiceAction, request);
    expect(response.status).toBe(503);
    const failure = await failureOf(response);
    expect(failure.formErrors).toEqual([ErrorMessage.status(503), ErrorMessage.savingTypedKept]);
    expect(failure.title).toBe(ErrorMessage.savingServerError);
    expect(failure.values).toMatchObject({ purchase_amount_desired: "2,000,000", purpose: "仕入れ" });
  });
});
