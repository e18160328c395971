// html-validate over every page state a browser test visits (the repository's .htmlvalidate.json:
// the "standard" and "a11y" presets). The fixtures watch each browser context with watchHtml().

import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page, Response } from "@playwright/test";
import { HtmlValidate, StaticConfigLoader } from "html-validate";

const CONFIG = JSON.parse(fs.readFileSync(path.join(process.cwd(), ".htmlvalidate.json"), "utf8"));
const validator = new HtmlValidate(new StaticConfigLoader(CONFIG));

// One worker sees the same page many times (the landing page, a step before and after a test's
// input): each distinct HTML is validated once. Nonces change per answer and say nothing of markup.
const verdicts = new Map<string, Promise<string[]>>();

/** html-validate's messages for `html`, one line each: rule, selector, message. Cached by content. */
export function htmlProblems(html: string): Promise<string[]> {
  const normalised = html.replace(/\snonce="[^"]*"/g, ' nonce=""');
  const key = createHash("sha1").update(normalised).digest("hex");
  let verdict = verdicts.get(key);
  if (!verdict) {
    verdict = validator
      .validateString(normalised)
      .then((report) =>
        report.results.flatMap((result) =>
          result.messages.map(
            (message) => `${message.ruleId} at ${message.selector ?? "(document)"}: ${message.message}`,
          ),
        ),
      );
    verdicts.set(key, verdict);
  }
  return verdict;
}

/** Where the page came from and what was wrong there, one line per message. */
type Finding = { url: string; state: string; problems: string[] };

/**
 * Watches every page of `context`: each HTML document it loads (the served HTML, JavaScript or not) and,
 * through finish(), the DOM each page ends the test with (what client-side code made of it).
 */
export function watchHtml(context: BrowserContext) {
  const checks: Promise<Finding>[] = [];
  // A body that is gone (a document the page already left behind, a closed page) is skipped.
  const check = (url: string, state: string, html: Promise<string | null>) =>
    checks.push(
      html.then(async (text) => ({ url, state, problems: text === null ? [] : await htmlProblems(text) })),
    );

  const onResponse = (page: Page) => (response: Response) => {
    const served =
      response.request().isNavigationRequest() &&
      response.frame() === page.mainFrame() &&
      (response.headers()["content-type"] ?? "").startsWith("text/html") &&
      !(response.status() >= 300 && response.status() < 400);
    if (served)
      check(
        response.url(),
        "served",
        response.text().catch(() => null),
      );
  };
  const watch = (page: Page) => page.on("response", onResponse(page));
  context.pages().forEach(watch);
  context.on("page", watch);

  return {
    /** Validates each open page's final DOM and answers every finding with messages. */
    async finish(): Promise<Finding[]> {
      for (const page of context.pages())
        if (!page.isClosed() && page.url() !== "about:blank")
          check(
            page.url(),
            "at the end of the test",
            page.content().catch(() => null),
          );
      return (await Promise.all(checks)).filter((finding) => finding.problems.length > 0);
    },
  };
}

/** The findings as the failure message a person reads: page, state, then each message. */
export function describeFindings(findings: Finding[]): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const { url, state, problems } of findings) {
    const text = problems.map((problem) => `  ${problem}`).join("\n");
    if (seen.has(url + text)) continue;
    seen.add(url + text);
    lines.push(`${url} (${state}):\n${text}`);
  }
  return `html-validate found problems in ${lines.length} page state(s):\n${lines.join("\n")}`;
}
