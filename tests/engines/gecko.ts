// Gecko: Debian's firefox-esr over WebDriver BiDi, through puppeteer-core, headless. Each test gets a
// browser context of its own (its cookies and storage), in one browser per worker.

import puppeteer, { type ElementHandle, type Page } from "puppeteer-core";
import { type Engine, type EngineDriver, PHONE_VIEWPORT } from "./driver";
import { ENGINE_TOOLS, requireEngineTools } from "./tools";

export async function startGecko(): Promise<Engine> {
  requireEngineTools(["firefox-esr"]);
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: ENGINE_TOOLS["firefox-esr"],
    headless: true,
  });
  return {
    async newDriver() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      await page.setViewport(PHONE_VIEWPORT);
      return pageDriverOf(page, () => context.close());
    },
    stop: () => browser.close(),
  };
}

function pageDriverOf(page: Page, close: () => Promise<void>): EngineDriver {
  return {
    engine: "gecko",
    goto: async (url) => {
      await page.goto(url, { waitUntil: "load" });
    },
    async fill(selector, value) {
      await page.locator(selector).fill(value);
    },
    click: (selector) => page.locator(selector).click(),
    async setFiles(selector, paths) {
      const input = (await page.waitForSelector(selector)) as ElementHandle<HTMLInputElement>;
      await input.uploadFile(...paths);
    },
    // Arguments are JSON values here (no element handles), so puppeteer's own typing of them is moot.
    evaluate: (fn, ...args) => page.evaluate(fn as (...values: unknown[]) => unknown, ...args) as never,
    async screenshot(path) {
      await page.screenshot({ path: path as `${string}.png` });
    },
    close,
  };
}
