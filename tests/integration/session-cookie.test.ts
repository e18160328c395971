// A page runs several loaders (the root's and the route's) on the request's one context: the session's
// Set-Cookie is sent once, after all of them, and carries what they left (decision 0039). Runs against
// the server build (npm run build first).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Servers, logInToApp, startServers } from "../../bench/servers";
import { SESSION_COOKIE_NAME } from "~/request/session.server";

let servers: Servers;

beforeAll(async () => {
  // With analytics on, the root loader asks the upstream for the user too, beside the route's loader.
  servers = await startServers({
    appEnv: { ANALYTICS_CONTAINER_ID: "GTM-TEST1", ANALYTICS_HASH_KEY: "k".repeat(32) },
  });
}, 60_000);
afterAll(() => servers?.stop());

const sessionCookies = (response: Response) =>
  response.headers.getSetCookie().filter((cookie) => cookie.startsWith(`${SESSION_COOKIE_NAME}=`));

/** A session cookie whose upstream session has ended elsewhere (logged out on another tab). */
async function deadSessionCookie(): Promise<string> {
  const cookie = await logInToApp(servers.appUrl);
  const logout = await fetch(`${servers.appUrl}/logout`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: servers.appUrl, "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  expect(logout.status).toBe(302);
  return cookie;
}

describe("the session's cookie on a page of several loaders", () => {
  it("a page whose loaders both drop a dead upstream session sets the session cookie once, and it holds", async () => {
    const page = await fetch(`${servers.appUrl}/login`, {
      headers: { Cookie: await deadSessionCookie(), Accept: "text/html", "Sec-Fetch-Mode": "navigate" },
    });
    expect(page.status).toBe(200);
    const [cookie, ...more] = sessionCookies(page);
    expect(more).toEqual([]);
    // The browser keeps it: the next page has no dead session left to drop.
    const next = await fetch(`${servers.appUrl}/login`, {
      headers: { Cookie: cookie!.split(";")[0]!, Accept: "text/html", "Sec-Fetch-Mode": "navigate" },
    });
    expect(next.status).toBe(200);
    expect(sessionCookies(next)).toEqual([]);
  });

  it("the browser's router asking one loader's data gets the cookie once too", async () => {
    const data = await fetch(`${servers.appUrl}/login?_data=routes%2F_anonymous.login`, {
      headers: { Cookie: await deadSessionCookie() },
    });
    expect(data.status).toBe(200);
    expect(sessionCookies(data)).toHaveLength(1);
  });
});
