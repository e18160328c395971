// A same-origin form post sent under a no-referrer policy carries `Origin: null` (REFERENCE.md). The
// request gate accepts it on Sec-Fetch-Site; Remix's own origin check must then not see "null" and
// answer an empty 500 (issue 14: never a 500 where the request is fine).

import { expect, test } from "@playwright/test";
import { DEMO } from "./support";

test("a same-origin login post with Origin: null logs in instead of answering 500", async ({ request }) => {
  const response = await request.post("/login", {
    headers: {
      Origin: "null",
      "Sec-Fetch-Site": "same-origin",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    data: new URLSearchParams({ email: DEMO.email, password: DEMO.password }).toString(),
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/mypage");
});

test("a cross-site post with Origin: null is still refused by the gate", async ({ request }) => {
  const response = await request.post("/login", {
    headers: {
      Origin: "null",
      "Sec-Fetch-Site": "cross-site",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    data: new URLSearchParams({ email: DEMO.email, password: DEMO.password }).toString(),
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
});
