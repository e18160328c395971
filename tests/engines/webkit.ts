// WebKit: Debian's WebKitGTK MiniBrowser through WebKitWebDriver (W3C WebDriver), on an Xvfb display of
// its own. MiniBrowser has no headless mode and its toolbar holds a window at 447 px or wider, so it
// runs full-screen (no toolbar) and its window is then set to the phone's size.

import { type ChildProcess, spawn } from "node:child_process";
import type { Readable } from "node:stream";
import { Builder, By, type WebDriver } from "selenium-webdriver";
import { findFreePort, waitForHttp } from "../../scripts/ports";
import { type Engine, type EngineDriver, PHONE_VIEWPORT } from "./driver";
import { ENGINE_TOOLS, requireEngineTools } from "./tools";

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** Xvfb on the first free display number, which it writes to the pipe given as -displayfd. */
async function startXvfb(): Promise<{ display: string; xvfb: ChildProcess }> {
  const xvfb = spawn(
    ENGINE_TOOLS.Xvfb,
    ["-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
    {
      stdio: ["ignore", "ignore", "ignore", "pipe"],
    },
  );
  const display = await new Promise<string>((resolve, reject) => {
    let written = "";
    (xvfb.stdio[3] as Readable).on("data", (chunk: Buffer) => {
      written += chunk.toString();
      if (written.includes("\n")) resolve(`:${written.trim()}`);
    });
    xvfb.once("exit", (code) => reject(new Error(`Xvfb exited (${code}) before it chose a display`)));
  });
  return { display, xvfb };
}

export async function startWebKit(): Promise<Engine> {
  requireEngineTools(["WebKitWebDriver", "MiniBrowser", "Xvfb"]);
  const { display, xvfb } = await startXvfb();
  const port = await findFreePort();
  const server = spawn(ENGINE_TOOLS.WebKitWebDriver, [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display },
    stdio: "ignore",
  });
  const serverUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${serverUrl}/status`, 10_000);
  } catch (error) {
    await Promise.all([stopped(server), stopped(xvfb)]);
    throw error;
  }
  return {
    async newDriver() {
      const session = await new Builder()
        .usingServer(serverUrl)
        .withCapabilities({
          browserName: "MiniBrowser",
          "webkitgtk:browserOptions": {
            binary: ENGINE_TOOLS.MiniBrowser,
            args: ["--automation", "--full-screen"],
          },
        })
        .build();
      // Finding an element waits for it as a person's eye would (up to 10 s).
      await session.manage().setTimeouts({ implicit: 10_000, pageLoad: 30_000, script: 30_000 });
      await session.manage().window().setRect(PHONE_VIEWPORT);
      return webDriverOf(session);
    },
    stop: async () => {
      await stopped(server);
      await stopped(xvfb);
    },
  };
}

function webDriverOf(session: WebDriver): EngineDriver {
  const element = (selector: string) => session.findElement(By.css(selector));
  return {
    engine: "webkit",
    goto: (url) => session.get(url),
    async fill(selector, value) {
      const field = await element(selector);
      await field.clear();
      await field.sendKeys(value);
    },
    async click(selector) {
      const target = await element(selector);
      // WebDriver scrolls a target only until it shows at the viewport's bottom edge, and a click there
      // (the contract page's consent box) never reached the page: centred first, as a thumb would have it.
      await session.executeScript(
        (node: Element) => node.scrollIntoView({ block: "center", inline: "center" }),
        target,
      );
      await target.click();
    },
    // A file input takes its files' paths as keys, one a line.
    setFiles: async (selector, paths) => (await element(selector)).sendKeys(paths.join("\n")),
    evaluate: (fn, ...args) => session.executeScript(fn, ...args),
    async screenshot(path) {
      const { writeFile } = await import("node:fs/promises");
      await writeFile(path, Buffer.from(await session.takeScreenshot(), "base64"));
    },
    close: () => session.quit(),
  };
}
