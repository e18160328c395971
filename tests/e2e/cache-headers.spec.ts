// Personal data is never cached: every loader data answer (`?_data=`) and every resource
// route sends `Cache-Control: private, no-store`, as documents do; every answer carries
// `Cross-Origin-Resource-Policy: same-origin`; the build's static files keep their long caching.

import { type APIResponse, expect, test } from "./fixtures";
import { DEMO } from "./support";

const NO_STORE = "private, no-store";

function expectHeaders(response: APIResponse, cacheControl: string | RegExp) {
  const headers = response.headers();
  expect(headers["cache-control"], response.url()).toMatch(cacheControl);
  expect(headers["cross-origin-resource-policy"], response.url()).toBe("same-origin");
}

test("personal data is never cached; static files keep their caching; no other site embeds any answer", async ({
  page,
  logIn,
}) => {
  // The seeded user has a complete profile (a new one is sent from /profile to fill it in first).
  const email = DEMO.email;
  await logIn(email, DEMO.password);
  await expect(page).toHaveURL(/\/mypage$/);
  const request = page.request;

  // Loader data of the logged-in pages (the e-mail address is in the profile's).
  for (const [path, route] of [
    ["/mypage", "routes/_mypage.mypage"],
    ["/profile", "routes/_mypage.profile"],
    ["/mypage", "root"],
  ] as const) {
    const data = await request.get(`${path}?_data=${encodeURIComponent(route)}`);
    expect(data.status(), `${path} ${route}`).toBe(200);
    expectHeaders(data, NO_STORE);
  }
  const profileData = await request.get(`/profile?_data=${encodeURIComponent("routes/_mypage.profile")}`);
  expect(await profileData.text()).toContain(email);

  // Resource routes: one that sets its own header, and redirects that set none.
  const search = await request.get(`/entry/houjinbangou?name=${encodeURIComponent("サキドリ")}`);
  expectHeaders(search, NO_STORE);
  for (const path of ["/callback", "/logout"]) {
    const redirect = await request.get(path, { maxRedirects: 0 });
    expect(redirect.status(), path).toBe(302);
    expectHeaders(redirect, NO_STORE);
  }

  // A document.
  const document = await request.get("/mypage");
  expect(document.status()).toBe(200);
  expectHeaders(document, NO_STORE);

  // A static file of the build, named by its content: a year, immutable.
  const stylesheet = /href="(\/build\/[^"]+\.css)"/.exec(await document.text())?.[1];
  expect(stylesheet, "the document links the build's stylesheet").toBeTruthy();
  const asset = await request.get(stylesheet!);
  expect(asset.status()).toBe(200);
  expectHeaders(asset, /max-age=31536000.*immutable|immutable.*max-age=31536000/);
});
