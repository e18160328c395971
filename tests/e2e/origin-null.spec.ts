// A same-origin form post sent under a no-referrer policy carries `Origin: null` (REFERENCE.md). The
// request gate accepts it on Sec-Fetch-Site; Remix's own origin check must then not see "null" and
// answer an empty 500: never a 500 where the request is fine.

import { type APIRequestContext, expect, test } from "./fixtures";
import { DEMO } from "./support";

/** The demo login posted with an opaque origin, as the browser says where it came from. */
function loginWithOriginNull(request: APIRequestContext, secFetchSite: "same-origin" | "cross-site") {
  return request.post("/login", {
    headers: {
      Origin: "null",
      "Sec-Fetch-Site": secFetchSite,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    data: new URLSearchParams({ email: DEMO.email, password: DEMO.password }).toString(),
    maxRedirects: 0,
  });
}

test("a same-origin login post with Origin: null logs in instead of answering 500", async ({ request }) => {
  const response = await loginWithOriginNull(request, "same-origin");
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/mypage");
});

test("a cross-site post with Origin: null is still refused by the gate", async ({ request }) => {
  expect((await loginWithOriginNull(request, "cross-site")).status()).toBe(403);
});
