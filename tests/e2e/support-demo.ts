// The demo owners as a newcomer meets them: `npm start` on a fresh data folder (which makes them) and
// the login form, shared by the demo owners' spec and the screens of the tour (tests/screens).

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Page, expect } from "@playwright/test";
import { startProduct } from "../../bench/servers";
import { DEMO_OWNER_PASSWORD } from "../../reference-upstream/demo/owners";

export type StartedDemo = Awaited<ReturnType<typeof startOnFreshFolder>>;

/** `npm start` on a fresh data folder, as a newcomer starts it; its URLs, what it printed, how to stop. */
export async function startOnFreshFolder() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sakidori-demo-"));
  const started = await startProduct(dataDir);
  return {
    url: started.url,
    midoriUrl: `http://midori.localhost:${started.port}`,
    output: started.output,
    stop: async () => {
      await started.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Logs in through the login form on `origin`, as the README tells a newcomer to; lands on My page. */
export async function logInAsDemoOwner(
  page: Page,
  open: (url: string) => Promise<unknown>,
  origin: string,
  email: string,
) {
  await open(`${origin}/login`);
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: false }).first().fill(DEMO_OWNER_PASSWORD);
  await page.getByRole("button", { name: "ログイン" }).click();
  await expect(page).toHaveURL(`${origin}/mypage`);
}
