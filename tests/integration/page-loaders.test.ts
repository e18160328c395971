// The loaders of the pages that only show something (legal texts, maintenance, page not found, the
// complete pages after a cancel or a contract) called directly, as Remix calls them, against the
// in-process reference upstream.

import { describe, expect, it } from "vitest";
import { action as catchAllAction, loader as catchAllLoader } from "~/routes/$";
import { loader as notFoundLoader } from "~/routes/_default.404";
import { loader as cancelCompleteLoader } from "~/routes/_mypage.entry.cancel.complete";
import { loader as contractCompleteLoader } from "~/routes/_mypage.entry.contract.complete";
import { loader as termsLoader } from "~/routes/_plain.terms";
import { loader as maintenanceLoader } from "~/routes/_simple-header.maintenance";
import { loader as sctLoader } from "~/routes/_static.legal.sct";
import { loader as privacyLoader } from "~/routes/_static.policy.privacy";
import { loader as securityLoader } from "~/routes/_static.policy.security";
import { APP_ORIGIN, appCookie, locationOf } from "./app-requests";
import { callRoute, type RouteFunction } from "../fixtures/call-route";
import { useTestUpstream } from "./reference-upstream/harness";
import { createUserWithSession } from "./reference-upstream/entry-fixtures";

const upstream = useTestUpstream();

function open(route: RouteFunction, path: string, headers: Record<string, string> = {}, method = "GET") {
  const request = new Request(`${APP_ORIGIN}${path}`, { method, headers });
  return callRoute(route, request);
}

describe("the legal texts (GET /terms, /legal/sct, /policy/privacy, /policy/security)", () => {
  const pages: [RouteFunction, string, string][] = [
    [termsLoader, "/terms", "利用規約"],
    [sctLoader, "/legal/sct", "特定商取引法に基づく表記"],
    [privacyLoader, "/policy/privacy", "プライバシーポリシー"],
    [securityLoader, "/policy/security", "情報セキュリティ基本方針"],
  ];

  it.each(pages)(
    "%#: the operator's text, in the names of the brand the host names",
    async (loader, path, title) => {
      const sakidori = await (await open(loader, path)).json();
      expect(sakidori.text.title).toBe(title);
      expect(JSON.stringify(sakidori)).toContain("「サキドリ」");
      expect(JSON.stringify(sakidori)).not.toContain("みどり銀行 請求書買取サービス");
      expect(JSON.stringify(sakidori)).not.toMatch(/\{(serviceName|operatorName)\}/);

      const midori = await (await open(loader, path, { Host: "midori.localhost:3000" })).json();
      expect(JSON.stringify(midori)).toContain("「みどり銀行 請求書買取サービス」");
      expect(JSON.stringify(midori)).not.toContain("「サキドリ」");
    },
  );
});

describe("pages with a status of their own", () => {
  it("/maintenance is 503 with Retry-After, for crawlers and monitors", async () => {
    const response = await open(maintenanceLoader, "/maintenance");
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("3600");
  });

  it("/404 and any address no route matches are page not found (404), GET and POST alike", async () => {
    expect((await open(notFoundLoader, "/404")).status).toBe(404);
    const missing = await open(catchAllLoader, "/no/such/page");
    expect([missing.status, await missing.json()]).toEqual([404, { code: 404 }]);
    expect((await open(catchAllAction, "/no/such/page", {}, "POST")).status).toBe(404);
  });
});

describe("the complete pages after a cancel and a contract (GET /entry/cancel/complete, /entry/contract/complete)", () => {
  it("a logged-out visitor goes to login; a user sees the page", async () => {
    expect(await locationOf(await open(cancelCompleteLoader, "/entry/cancel/complete"))).toBe(
      "/login?redirectTo=%2Fentry%2Fcancel%2Fcomplete",
    );
    const cookie = await appCookie(createUserWithSession(upstream));
    expect((await open(cancelCompleteLoader, "/entry/cancel/complete", { Cookie: cookie })).status).toBe(200);
  });

  it("the contract's page links back to the entry only for a plain number, never a path from the query", async () => {
    const cookie = { Cookie: await appCookie(createUserWithSession(upstream)) };
    const linked = await open(contractCompleteLoader, "/entry/contract/complete?entry=42", cookie);
    expect(await linked.json()).toEqual({ detailPath: "/entry/detail/42" });
    const forged = await open(
      contractCompleteLoader,
      "/entry/contract/complete?entry=%2F%2Fevil.example",
      cookie,
    );
    expect(await forged.json()).toEqual({ detailPath: null });
  });
});
