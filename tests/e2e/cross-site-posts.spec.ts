// Attacks are tested in the suite: a post from another site, to every route with an action
// (read from the server build, so a new route is covered by itself), in each shape a browser or a
// forger can give it — a foreign Origin, `Origin: null`, only `Sec-Fetch-Site: cross-site`, only a
// foreign Referer, no signal at all, a `?_data=` fetch — is refused with the gate's 403, and the
// upstream is never called. The app runs against a counting proxy in front of the reference upstream,
// with a logged-in session in the cookie jar and a readable form body: were the post let through, the
// action's guards would call the upstream and the proxy would count it.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import {
  STRONG_PASSWORD,
  UPSTREAM_URL,
  logInOverHttp,
  registerThroughUpstream,
  startAppAgainst,
} from "./support";
import { actionRoutes } from "./support-routes";

const EVIL = "https://evil.example";

/** A post a page on another site (or a forger) could send: its headers, and whether it asks `?_data=`. */
const ATTACKS: { name: string; headers: Record<string, string>; data?: true }[] = [
  { name: "foreign Origin", headers: { Origin: EVIL } },
  {
    name: "foreign Origin, Sec-Fetch-Site: cross-site",
    headers: { Origin: EVIL, "Sec-Fetch-Site": "cross-site" },
  },
  { name: "Origin: null", headers: { Origin: "null" } },
  {
    name: "Origin: null, Sec-Fetch-Site: cross-site",
    headers: { Origin: "null", "Sec-Fetch-Site": "cross-site" },
  },
  { name: "Sec-Fetch-Site: cross-site only", headers: { "Sec-Fetch-Site": "cross-site" } },
  { name: "Sec-Fetch-Site: same-site only (a sibling host)", headers: { "Sec-Fetch-Site": "same-site" } },
  { name: "foreign Referer only", headers: { Referer: `${EVIL}/page` } },
  { name: "no Origin, Sec-Fetch-Site or Referer", headers: {} },
  {
    name: "?_data= with a foreign Origin",
    headers: { Origin: EVIL, "Sec-Fetch-Site": "cross-site" },
    data: true,
  },
  { name: "?_data= with Origin: null", headers: { Origin: "null" }, data: true },
];

/** What every form on the site could carry: whichever action ran, it would read a form. */
const FORM = new URLSearchParams({
  intent: "save_draft",
  email: "victim@example.jp",
  password: STRONG_PASSWORD,
  agreed: "on",
  understood: "on",
}).toString();

/** The reference upstream behind a proxy that counts what reaches it. */
let counted: string[] = [];
let counter: http.Server | undefined;
let app: Awaited<ReturnType<typeof startAppAgainst>>;

// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern
test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.name !== "js-on") return; // HTTP only: the one test runs in js-on
  const upstream = new URL(UPSTREAM_URL);
  const server = http.createServer((incoming, outgoing) => {
    counted.push(`${incoming.method} ${incoming.url}`);
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  counter = server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  app = await startAppAgainst(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

test.afterAll(async () => {
  const server = counter;
  if (!server) return;
  await app?.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test("a cross-site post to every action route is refused, and the upstream is never called", async ({
  playwright,
  freshEmail,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "HTTP only: runs in js-on");
  test.setTimeout(120_000);
  const email = freshEmail("cross-site");
  await registerThroughUpstream(email);
  const request = await playwright.request.newContext({ baseURL: app.url });
  await logInOverHttp(request, app.url, email, STRONG_PASSWORD);
  expect(counted.length, "the login reached the upstream through the counting proxy").toBeGreaterThan(0);

  counted = [];
  const routes = await actionRoutes();
  const passed: string[] = [];
  let tried = 0;
  let refused = 0;
  for (const route of routes) {
    for (const attack of ATTACKS) {
      const url = attack.data
        ? `${route.url}${route.url.includes("?") ? "&" : "?"}_data=${encodeURIComponent(route.id)}`
        : route.url;
      const response = await request.post(url, {
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...attack.headers },
        data: FORM,
        maxRedirects: 0,
      });
      tried += 1;
      const body = await response.text();
      if (response.status() === 403 && body.includes("他のサイトから送信された")) refused += 1;
      else passed.push(`POST ${url} (${attack.name}): ${response.status()}`);
    }
  }
  const reached = [...counted];
  console.log(
    `cross-site posts: ${refused} / ${tried} refused (${routes.length} action routes × ${ATTACKS.length} shapes); ` +
      `${reached.length} upstream calls`,
  );
  testInfo.annotations.push({ type: "refused / tried", description: `${refused} / ${tried}` });
  expect(routes.length, "the build's routes were read").toBeGreaterThan(10);
  expect(passed).toEqual([]);
  expect(reached, "no cross-site post reached the upstream").toEqual([]);

  // The same session from the app's own page does reach the upstream: the count above could fail.
  const logout = await request.post("/logout", {
    headers: { Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
    data: FORM,
    maxRedirects: 0,
  });
  expect(logout.status()).toBe(302);
  expect(counted.length, "a same-origin post is counted").toBeGreaterThan(0);
  await request.dispose();
});
