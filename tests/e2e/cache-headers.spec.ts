// Personal data is never cached: every loader data answer (`?_data=`) and every resource
// route sends `Cache-Control: private, no-store`, as documents do; every answer carries
// `Cross-Origin-Resource-Policy: same-origin`; the build's static files keep their long caching,
// come Brotli-encoded to the browser and carry no document policy or validator (decision 0036).

import type { Response } from "@playwright/test";
import { type APIResponse, expect, test } from "./fixtures";
import { DOCUMENT_ONLY_HEADERS } from "../fixtures/build-file-headers";
import { DEMO } from "./support";

const NO_STORE = "private, no-store";
const BUILD_FILE_CACHE_CONTROL = "public, max-age=31536000, immutable";

function expectHeaders(response: APIResponse, cacheControl: string | RegExp) {
  const headers = response.headers();
  expect(headers["cache-control"], response.url()).toMatch(cacheControl);
  expect(headers["cross-origin-resource-policy"], response.url()).toBe("same-origin");
}

/** A file of the build as the browser got it: a year immutable, Brotli, only the headers it needs. */
async function expectBuildFile(response: Response) {
  const headers = await response.allHeaders();
  const url = response.url();
  expect(response.status(), url).toBe(200);
  expect(headers["cache-control"], url).toBe(BUILD_FILE_CACHE_CONTROL);
  expect(headers["content-encoding"], url).toBe("br");
  expect(headers["x-content-type-options"], url).toBe("nosniff");
  expect(headers["cross-origin-resource-policy"], url).toBe("same-origin");
  for (const name of DOCUMENT_ONLY_HEADERS) expect(headers[name], `${url} ${name}`).toBeUndefined();
}

test("personal data is never cached; static files keep their caching; no other site embeds any answer", async ({
  page,
  logIn,
  javaScript,
  open,
}) => {
  // The build's files as the browser loads them: stylesheets, and with JavaScript on the scripts of
  // /profile (a page that hydrates; My page ships none).
  const buildFiles: Response[] = [];
  page.on("response", (response) => {
    const path = new URL(response.url()).pathname;
    // The smallest chunks have no Brotli copy (it would not be smaller): the entry and stylesheets do.
    if (/^\/build\/(entry\.client-|_assets\/).*\.(js|css)$/.test(path)) buildFiles.push(response);
  });
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
  expectHeaders(asset, BUILD_FILE_CACHE_CONTROL);

  await open("/profile");
  const loaded = buildFiles.map((response) => new URL(response.url()).pathname);
  expect(loaded.some((path) => path.endsWith(".css"))).toBe(true);
  expect(loaded.some((path) => path.endsWith(".js"))).toBe(javaScript);
  for (const response of buildFiles) await expectBuildFile(response);
});
