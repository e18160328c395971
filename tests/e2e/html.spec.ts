// The HTML the server sends is clean and runs only its own scripts. React 18's streaming renderer pads
// some chunks with NUL bytes when Japanese text meets its buffer's end (app/entry.server.tsx strips
// them). Every <script> and <style> carries the nonce of the answer's Content-Security-Policy, new for
// each answer (app/entry.server.tsx, app/security/headers.server.ts), so an injected tag never runs.

import http from "node:http";
import { expect, test } from "./fixtures";
import { DEMO, logInOverHttp } from "./support";

const PAGES = ["/", "/terms", "/policy/privacy", "/policy/security", "/legal/sct", "/register", "/login"];

test("no page carries a NUL byte, however its Japanese text falls on the stream's chunks", async ({
  request,
}) => {
  for (const page of PAGES) {
    const body = await (await request.get(page)).body();
    expect(body.indexOf(0), `${page} has a NUL byte`).toBe(-1);
    expect(body.toString("utf8"), page).not.toContain("\uFFFD");
  }
});

/** The nonce the Content-Security-Policy allows scripts by, and every <script> and <style> tag's. */
function noncesOf(csp: string | undefined, html: string) {
  const allowed = /script-src [^;]*'nonce-([^']+)'/.exec(csp ?? "")?.[1];
  const tags = [...html.matchAll(/<(script|style)\b[^>]*>/gi)].map((match) => ({
    tag: match[0],
    nonce: /\snonce="([^"]*)"/.exec(match[0])?.[1],
  }));
  return { allowed, tags };
}

test("every <script> (and <style>) carries the CSP nonce, and the nonce is new per request", async ({
  playwright,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "HTTP only: runs in js-on");
  const request = await playwright.request.newContext({ baseURL });
  const pages = [...PAGES];
  await logInOverHttp(request, baseURL!, DEMO.email, DEMO.password);
  pages.push("/mypage", "/profile", "/profile/password/change", "/no-such-page");

  const seen = new Set<string>();
  let requests = 0;
  let scripts = 0;
  for (const path of pages) {
    for (let round = 0; round < 2; round += 1) {
      const response = await request.get(path);
      requests += 1;
      const { allowed, tags } = noncesOf(
        response.headers()["content-security-policy"],
        await response.text(),
      );
      expect(allowed, `${path}: the CSP names a script nonce`).toMatch(/^[A-Za-z0-9+/]{20,}={0,2}$/);
      expect(
        tags.filter((tag) => tag.nonce !== allowed).map((tag) => tag.tag),
        `${path}: tags without the nonce`,
      ).toEqual([]);
      // /profile hydrates (decision 0015): its page has the runtime's scripts to check.
      if (path === "/profile")
        expect(
          tags.filter((tag) => tag.tag.startsWith("<script")).length,
          `${path} has scripts`,
        ).toBeGreaterThanOrEqual(2);
      scripts += tags.filter((tag) => tag.tag.startsWith("<script")).length;
      seen.add(allowed!);
    }
  }
  console.log(`CSP nonce: ${scripts} <script> tags on ${requests} answers, ${seen.size} different nonces`);
  expect(seen.size, "a different nonce on every answer").toBe(requests);
  await request.dispose();
});

/** A GET without Accept-Encoding (so the server does not compress): status, headers, body. */
function plainGet(url: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

test("a page is answered at once, one complete document of a stated length", async ({
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "HTTP only: runs in js-on");
  for (const page of PAGES) {
    const { headers, body } = await plainGet(new URL(page, baseURL).href);
    expect(headers["transfer-encoding"], `${page} is not streamed in chunks`).toBeUndefined();
    expect(Number(headers["content-length"]), `${page}'s Content-Length`).toBe(body.length);
    const html = body.toString("utf8");
    expect(html.startsWith("<!DOCTYPE html>"), page).toBe(true);
    expect(html.trimEnd().endsWith("</html>"), page).toBe(true);
    expect(headers["cache-control"], page).toBe("private, no-store");
    expect(headers["content-security-policy"], page).toContain("'nonce-");
  }
});

test("every answer the app writes itself carries a Content-Security-Policy: the gate's 403, error pages, refusals", async ({
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "HTTP only: runs in js-on");
  const origin = new URL(baseURL!).origin;
  const answers = [
    [
      "the gate's cross-site 403",
      await request.post("/login", {
        headers: { Origin: "https://elsewhere.example" },
        form: { email: "a" },
      }),
    ],
    ["an undecodable address (400)", await request.get("/entry/detail/%E0%A4%A")],
    ["a page that does not exist (404)", await request.get("/no-such-page")],
    [
      "a body that is not a form (415)",
      await request.post("/login", {
        headers: { Origin: origin, "Content-Type": "application/json" },
        data: "{}",
      }),
    ],
    [
      "a resource route opened as a page",
      await request.get("/entry/banks", { headers: { Accept: "text/html", "Sec-Fetch-Mode": "navigate" } }),
    ],
    ["the build's version", await request.get("/builds/latest.json")],
  ] as const;
  for (const [what, response] of answers) {
    expect(response.headers()["content-security-policy"], `${what} (${response.status()})`).toMatch(
      /frame-ancestors 'none'/,
    );
  }
  expect(answers[0][1].status()).toBe(403);
});
