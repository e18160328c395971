// The fixtures' html-validate hook (html-check.ts) fires: a page with a known fault fails the test that
// visits it, whether the fault is served or made in the browser after load.

import { htmlProblems, watchHtml } from "./html-check";
import { expect, test } from "./fixtures";

const PAGE = "/__html-check";
// Valid but for one thing: a label that wraps its input and names it again with `for`.
const FAULTY = `<!DOCTYPE html>
<html lang="ja"><head><meta charset="utf-8"><title>検査</title></head>
<body><main><h1>検査</h1><form action="/" method="post">
<label for="agree"><input type="checkbox" id="agree" name="agree"> 同意する</label>
<button type="submit">送信</button></form></main></body></html>`;

test("a clean page passes and a faulty one is named by its rule and element", async () => {
  expect(await htmlProblems(FAULTY.replace(' for="agree"', ""))).toEqual([]);
  expect(await htmlProblems(FAULTY)).toEqual([
    'no-redundant-for at html > body > main > form > label: Redundant "for" attribute',
  ]);
});

test("a test that visits a faulty served page fails", async ({ page }) => {
  test.fail(true, "the fixture's check fails it after the test body");
  await page.route(`**${PAGE}`, (route) => route.fulfill({ contentType: "text/html", body: FAULTY }));
  await page.goto(PAGE);
  await expect(page.getByRole("checkbox", { name: "同意する" })).toBeVisible();
});

test("a test whose page is changed after it loaded fails on the DOM it leaves", async ({ page }) => {
  test.fail(true, "the fixture checks the page's DOM before the page closes");
  await page.route(`**${PAGE}`, (route) =>
    route.fulfill({ contentType: "text/html", body: FAULTY.replace(' for="agree"', "") }),
  );
  await page.goto(PAGE);
  // Content set without a navigation: only the check of the DOM the test leaves can see it.
  await page.setContent(FAULTY);
  await expect(page.getByRole("checkbox", { name: "同意する" })).toBeVisible();
});

test("the served document and the DOM a script leaves are both checked", async ({
  browser,
  baseURL,
}, testInfo) => {
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  // A context of its own, so the fixture's watch does not fail this test too.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScript });
  const html = watchHtml(context);
  const page = await context.newPage();
  await page.route(`**${PAGE}`, (route) => route.fulfill({ contentType: "text/html", body: FAULTY }));
  await page.goto(PAGE);
  // What client-side code might do: a button without a type in the form (JavaScript on only).
  if (javaScript)
    await page.evaluate(() => document.querySelector("form")!.append(document.createElement("button")));
  const findings = await html.finish();
  await context.close();
  const rules = findings.map(({ state, problems }) => ({
    state,
    rules: problems.map((p) => p.split(" ")[0]),
  }));
  expect(rules).toEqual([
    { state: "served", rules: ["no-redundant-for"] },
    {
      state: "at the end of the test",
      rules: javaScript
        ? expect.arrayContaining(["no-redundant-for", "no-implicit-button-type"])
        : ["no-redundant-for"],
    },
  ]);
});
