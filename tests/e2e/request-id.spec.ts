// Every error screen shows the id of the request that failed as 「お問い合わせ番号」, so a user can quote
// it and an operator find the request's log line: the id the browser (or a proxy) sent in X-Request-ID
// when it is a short token. (A page changed in the browser gets its id in the error's data: unit-tested
// in tests/unit/entry.server.test.ts.)

import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { STRONG_PASSWORD } from "./support";
import { UpstreamUser, runOperator } from "./support-account";

const quoted = (page: Page) => page.locator(".error-screen .request-id");

test("a page that is not there shows the request's id, the one sent in X-Request-ID", async ({
  page,
  open,
}, testInfo) => {
  const id = `t-${testInfo.project.name}-404`;
  await page.setExtraHTTPHeaders({ "X-Request-ID": id });
  const response = await open("/no-such-page/at-all");
  expect(response?.status()).toBe(404);
  expect(response?.headers()["x-request-id"]).toBe(id);
  await expect(page.getByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
  await expect(quoted(page)).toHaveText(`お問い合わせ番号: ${id}`);
});

test("an id that is no short token is replaced by one the server makes, shown the same way", async ({
  page,
  open,
}) => {
  await page.setExtraHTTPHeaders({ "X-Request-ID": "<b>not an id</b>" });
  const response = await open("/no-such-page/at-all");
  const made = response?.headers()["x-request-id"] ?? "";
  expect(made).toMatch(/^[0-9a-f-]{36}$/);
  await expect(quoted(page)).toHaveText(`お問い合わせ番号: ${made}`);
});

test("an entry that is not there shows the id of the request that failed, the upstream asked", async ({
  page,
  open,
  freshEmail,
  logIn,
}, testInfo) => {
  const email = freshEmail("request-id");
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  const id = `t-${testInfo.project.name}-entry`;
  await page.setExtraHTTPHeaders({ "X-Request-ID": id });
  await open("/entry/detail/999999999");
  await expect(page.getByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
  await expect(quoted(page)).toHaveText(`お問い合わせ番号: ${id}`);
});
