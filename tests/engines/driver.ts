// One small interface over the engines the journeys run in, so each journey is written once
// (docs/decisions/0037-journeys-in-webkit-and-gecko.md). Targets are CSS selectors; anything else is
// read with `evaluate` in the page (which the app's CSP leaves alone, unlike an injected script).

export type EngineName = "webkit" | "gecko";

/** The phone the journeys run on: an iPhone's viewport in CSS pixels. */
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

export interface EngineDriver {
  readonly engine: EngineName;
  /** Opens `url` and waits for its load event. */
  goto(url: string): Promise<void>;
  /** Types `value` into the field at `selector`, as keys (it was empty or is cleared first). */
  fill(selector: string, value: string): Promise<void>;
  /** Clicks the element at `selector`, scrolled into view. */
  click(selector: string): Promise<void>;
  /** Chooses the files at `paths` (on this machine) in the file input at `selector`. */
  setFiles(selector: string, paths: string[]): Promise<void>;
  /** Runs `fn` in the page with `args` (JSON values) and answers its (awaited) result. */
  evaluate<Args extends unknown[], Result>(
    fn: (...args: Args) => Result,
    ...args: Args
  ): Promise<Awaited<Result>>;
  /** Saves a PNG of the viewport at `path`. */
  screenshot(path: string): Promise<void>;
  /** Ends the test's browsing session (its cookies and storage go with it). */
  close(): Promise<void>;
}

/** An engine started once per worker: its browser (or its WebDriver server), from which each test gets a session. */
export interface Engine {
  /** A fresh browsing session at the phone's viewport. */
  newDriver(): Promise<EngineDriver>;
  stop(): Promise<void>;
}

/** Polls `fn` in the page until it answers a truthy value (an injected polling script would meet the CSP). */
export async function waitFor<Args extends unknown[], Result>(
  driver: EngineDriver,
  what: string,
  fn: (...args: Args) => Result,
  ...args: Args
): Promise<Awaited<Result>> {
  const deadline = Date.now() + 15_000;
  let last: unknown;
  for (;;) {
    try {
      const result = await driver.evaluate(fn, ...args);
      if (result) return result;
      last = result;
    } catch (error) {
      // A navigation under way destroys the page the script ran in: poll again.
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`${driver.engine}: waited 15 s for ${what} (last: ${String(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The text of the first element at `selector`, its white space collapsed; "" when there is none. */
export function textOf(driver: EngineDriver, selector: string): Promise<string> {
  return driver.evaluate(
    (css: string) => (document.querySelector(css)?.textContent ?? "").replace(/\s+/g, " ").trim(),
    selector,
  );
}

/** Waits until the page has hydrated, when it ships scripts at all (decision 0015). */
export function hydrated(driver: EngineDriver): Promise<true> {
  return waitFor(
    driver,
    "hydration",
    () =>
      !document.documentElement.hasAttribute("data-scripts") ||
      document.documentElement.dataset.hydrated === "true",
  ) as Promise<true>;
}

/** Opens `url` and waits for hydration. */
export async function open(driver: EngineDriver, url: string): Promise<void> {
  await driver.goto(url);
  await hydrated(driver);
}
