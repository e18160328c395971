// Replicas behind a balancer, one user (one login, or two), uploads started together and landing on any
// of them: every file ends linked in the draft (each upload reads the draft, adds its file and writes it
// back). The replicas are copies of the app's modules in this process, each with its own memory,
// sharing only Redis (a real redis-server on a free loopback port) and the reference upstream.

import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { claimUploadSlot } from "~/domain/file-kinds";
import { type UploadLanes, uploadLanes } from "~/forms/upload-lanes";
import { findFreePort, waitForTcp } from "../../scripts/ports";
import { appCookie, streamedUpload } from "./app-requests";
import { callRoute } from "../fixtures/call-route";
import { forward } from "./fault-proxy";
import { createUserWithSession, loginAs } from "./reference-upstream/entry-fixtures";
import { useTestUpstream } from "./reference-upstream/harness";

const upstream = useTestUpstream();
let redis: ChildProcess;

type InvoiceAction = (args: { request: Request; params: object; context: object }) => Promise<unknown>;

/** A replica: the invoice step's action from a fresh copy of the app's modules. */
async function replica(): Promise<InvoiceAction> {
  vi.resetModules();
  const route = await import("~/routes/_entry.entry_.entry_invoice/route");
  return route.action as unknown as InvoiceAction;
}

beforeAll(async () => {
  const port = await findFreePort();
  redis = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  await waitForTcp("127.0.0.1", port, 10_000);
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
  // Replicas share the cookie secrets (each copy of the modules reads them from the environment).
  process.env.SESSION_SECRETS = randomBytes(32).toString("base64");
  process.env.SESSION_ENCRYPTION_KEY = randomBytes(32).toString("base64");
});

afterAll(async () => {
  delete process.env.REDIS_URL;
  redis?.kill();
});

const PDF = "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";
const DRAFT_LATENCY_MS = 25;

describe("draft writes of one user on several replicas", () => {
  it("ten uploads posted at once, taking turns between four replicas, all end linked in the draft", async () => {
    // Four, so no replica holds more than the three uploads a person may run at once there (decision
    // 0021): a fourth would be refused 429, which is not what this test is about.
    const replicas = [await replica(), await replica(), await replica(), await replica()];
    const browser = createUserWithSession(upstream);
    const claims = [1, 2, 3, 4, 5].map(() => ({ contentfile_relations: [] }));
    expect((await browser.patch("/api/draft_entry/", { claims })).status).toBe(200);
    const cookie = await appCookie(browser);

    const posts = [1, 2, 3, 4, 5].flatMap((claim) => [
      ["invoice", claim] as const,
      ["additional_doc", claim] as const,
    ]);
    const responses = await Promise.all(
      posts.map(
        ([base, claim], i) =>
          callRoute(
            replicas[i % replicas.length]!,
            streamedUpload(
              "/entry/entry_invoice",
              cookie,
              {
                slot: claimUploadSlot(base, claim),
                kind: `${base}-${claim}`,
                fileName: `${base}-${claim}.pdf`,
              },
              new TextEncoder().encode(PDF),
            ),
          ) as Promise<Response>,
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(posts.map(() => 302));

    const uploads = (await browser.get("/api/uploads/")).body as { id: number }[];
    expect(uploads).toHaveLength(posts.length);
    const draft = (await browser.get("/api/draft_entry/")).body as {
      claims: { contentfile_relations: number[] }[];
    };
    const linked = draft.claims.flatMap((claim) => claim.contentfile_relations).sort((a, b) => a - b);
    expect(linked).toEqual(uploads.map((upload) => upload.id).sort((a, b) => a - b));
  });

  it("a hung Redis (stopped) holds no draft write up: each replica keeps its own order", async () => {
    const one = await replica();
    const browser = createUserWithSession(upstream);
    const claims = [{ contentfile_relations: [] }];
    expect((await browser.patch("/api/draft_entry/", { claims })).status).toBe(200);
    const cookie = await appCookie(browser);
    const upload = (base: "invoice" | "additional_doc") =>
      callRoute(
        one,
        streamedUpload(
          "/entry/entry_invoice",
          cookie,
          { slot: claimUploadSlot(base, 1), kind: `${base}-1`, fileName: `${base}-1.pdf` },
          new TextEncoder().encode(PDF),
        ),
      ) as Promise<Response>;
    // Connected first, then hung: commands are sent and never answered.
    expect((await upload("invoice")).status).toBe(302);
    redis.kill("SIGSTOP");
    try {
      expect((await upload("additional_doc")).status).toBe(302);
    } finally {
      redis.kill("SIGCONT");
    }
    const draft = (await browser.get("/api/draft_entry/")).body as {
      claims: { contentfile_relations: number[] }[];
    };
    expect(draft.claims[0]!.contentfile_relations).toHaveLength(2);
  });
});

describe("draft writes of one person logged in twice (two sessions, two devices)", () => {
  // The upstream's draft answers as over a network (25 ms), not at once as in this process: the
  // read and the write of two uploads then overlap as they would in production.
  let slowDrafts: http.Server;
  beforeAll(async () => {
    slowDrafts = http.createServer((req, res) => {
      const delay = req.url?.startsWith("/api/draft_entry/") ? DRAFT_LATENCY_MS : 0;
      setTimeout(() => forward(upstream.url, req, res), delay);
    });
    await new Promise<void>((resolve) => slowDrafts.listen(0, "127.0.0.1", resolve));
    process.env.API_BASE_URL = `http://127.0.0.1:${(slowDrafts.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    process.env.API_BASE_URL = upstream.url;
    slowDrafts.closeAllConnections();
    await new Promise((resolve) => slowDrafts.close(resolve));
  });

  /** Twenty files, ten from each session: every claim's invoice and additional document, from both. */
  async function twentyUploadsFromTwoSessions(
    replicaOf: (session: 0 | 1) => InvoiceAction,
    lanes: [UploadLanes, UploadLanes],
  ) {
    const first = createUserWithSession(upstream);
    const sessions = [first, loginAs(upstream, first.userId)] as const;
    const claims = [1, 2, 3, 4, 5].map(() => ({ contentfile_relations: [] }));
    expect((await first.patch("/api/draft_entry/", { claims })).status).toBe(200);
    const cookies = await Promise.all(sessions.map((session) => appCookie(session)));
    const posts = ([0, 1] as const).flatMap((session) =>
      [1, 2, 3, 4, 5].flatMap((claim) =>
        (["invoice", "additional_doc"] as const).map((base) => ({ session, base, claim })),
      ),
    );
    const responses = await Promise.all(
      posts.map(({ session, base, claim }) =>
        lanes[session]!.run(
          () =>
            callRoute(
              replicaOf(session),
              streamedUpload(
                "/entry/entry_invoice",
                cookies[session]!,
                {
                  slot: claimUploadSlot(base, claim),
                  kind: `${base}-${claim}`,
                  fileName: `${base}-${claim}-${session}.pdf`,
                },
                new TextEncoder().encode(PDF),
              ),
            ) as Promise<Response>,
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(posts.map(() => 302));

    const uploads = (await first.get("/api/uploads/")).body as { id: number }[];
    expect(uploads).toHaveLength(20);
    const draft = (await first.get("/api/draft_entry/")).body as {
      claims: { contentfile_relations: number[] }[];
    };
    const linked = draft.claims.flatMap((claim) => claim.contentfile_relations).sort((a, b) => a - b);
    expect(linked).toEqual(uploads.map((upload) => upload.id).sort((a, b) => a - b));
  }

  it("in memory (no REDIS_URL): twenty uploads at once from both sessions all end linked in the draft", async () => {
    const url = process.env.REDIS_URL;
    delete process.env.REDIS_URL;
    try {
      const one = await replica();
      // The two sessions together within the three uploads at once one replica admits a person.
      await twentyUploadsFromTwoSessions(() => one, [uploadLanes(2), uploadLanes(1)]);
    } finally {
      process.env.REDIS_URL = url;
    }
  });

  it("with Redis, each session on its own replica: twenty uploads at once all end linked in the draft", async () => {
    const replicas = [await replica(), await replica()];
    // Each session as its page sends, three at once (each replica admits a person three).
    await twentyUploadsFromTwoSessions((session) => replicas[session]!, [uploadLanes(), uploadLanes()]);
  });
});
