// The tour's ten screens (docs/screens.md), each opened at the URL the tour gives, as the demo owner it
// names, and saved to docs/screens/ at 375 px: `npm run screens` refreshes them.

import fs from "node:fs";
import path from "node:path";
import { type Locator, type Page, expect, test } from "../e2e/fixtures";
import { type StartedDemo, logInAsDemoOwner, startOnFreshFolder } from "../e2e/support-demo";
import { WHITE_LABEL_BRAND } from "../../app/brand/brands";
import { type DemoOwner, DEMO_OWNERS } from "../../reference-upstream/demo/owners";

const root = path.resolve(import.meta.dirname, "../..");
const tourFile = path.join(root, "docs/screens.md");
/** The repository keeps them small: a page whose whole length is more is shown by a phone's screenful. */
const MAX_BYTES = 300_000;
/** What a part's picture shows around it, in CSS pixels. */
const MARGIN = 16;

interface Screen {
  /** Its file in docs/screens/. */
  image: string;
  /** Who logs in to see it (none: the page is public). */
  owner: DemoOwner | null;
  /** Its path on the owner's brand's host, as the tour gives it. */
  path: string;
  /** Text the screen must show, so a screenshot never records the wrong page. */
  shows: string | RegExp;
  /** The whole page, its first screenful, or its part from the top of `from` to the bottom of `to`. */
  shot: "page" | "top" | { from: (page: Page) => Locator; to: (page: Page) => Locator };
}

const SCREENS: Screen[] = [
  { image: "01-landing.png", owner: null, path: "/", shows: "ご利用の流れ", shot: "top" },
  {
    image: "02-mypage-late.png",
    owner: DEMO_OWNERS.late,
    path: "/mypage",
    shows: "ご返金が遅れている請求書があります。至急ご返金ください。",
    shot: "page",
  },
  {
    image: "03-invoice-step.png",
    owner: DEMO_OWNERS.mayApply,
    path: "/entry/entry_invoice",
    shows: "請求書の情報",
    shot: "top",
  },
  {
    image: "04-detail-under-review.png",
    owner: DEMO_OWNERS.underReview,
    path: "/entry/detail/4",
    shows: "審査中",
    shot: "page",
  },
  {
    image: "05-resubmission.png",
    owner: DEMO_OWNERS.inadequate,
    path: "/entry/resubmit/5",
    shows: "請求書の日付と金額が読み取れません。",
    shot: "top",
  },
  {
    image: "06-agreement.png",
    owner: DEMO_OWNERS.reviewed,
    path: "/entry/6/factoring_service_agreement",
    shows: "900,000円",
    shot: "top",
  },
  {
    image: "07-contract.png",
    owner: DEMO_OWNERS.reviewed,
    path: "/entry/contract/6",
    shows: "ご契約の手続き",
    shot: {
      from: (page: Page) => page.locator(".return-account"),
      to: (page: Page) => page.getByRole("button", { name: "同意して契約する" }),
    },
  },
  {
    image: "08-paid-out-holiday-return.png",
    owner: DEMO_OWNERS.paidOut,
    path: "/entry/detail/1",
    shows: /は銀行休業日のため、返金期日は翌営業日の\d{4}年\d{1,2}月\d{1,2}日/,
    shot: {
      from: (page: Page) =>
        page
          .getByRole("term")
          .filter({ hasText: /^ご負担額$/ })
          .last(),
      to: (page: Page) => page.getByRole("group", { name: "請求書1のご返金" }),
    },
  },
  {
    image: "09-late-return.png",
    owner: DEMO_OWNERS.late,
    path: "/entry/detail/2#return-1",
    shows: "ご返金が遅れています",
    shot: {
      from: (page: Page) => page.getByRole("heading", { name: "お振込とご返金" }),
      to: (page: Page) => page.locator(".return-account"),
    },
  },
  {
    image: "10-white-label.png",
    owner: DEMO_OWNERS.whiteLabel,
    path: "/mypage",
    shows: WHITE_LABEL_BRAND.serviceName,
    shot: "page",
  },
];

let product: StartedDemo;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  product = await startOnFreshFolder();
});
test.afterAll(async () => product?.stop());

/** The tour's section naming `image`: it must give the owner's login and the path shot here. */
function tourSection(image: string): string {
  const sections = fs.readFileSync(tourFile, "utf8").split(/^### /m);
  return sections.find((section) => section.includes(`(screens/${image})`)) ?? "";
}

async function save(page: Page, screen: Screen) {
  await page.evaluate(() => document.fonts.ready);
  const file = path.join(root, "docs/screens", screen.image);
  let clip: { x: number; y: number; width: number; height: number } | undefined;
  if (typeof screen.shot === "object") {
    // Page coordinates: the part's top and bottom wherever the page is scrolled.
    const edges = async (part: Locator) => {
      await expect(part).toHaveCount(1);
      return part.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY };
      });
    };
    const top = (await edges(screen.shot.from(page))).top - MARGIN;
    const bottom = (await edges(screen.shot.to(page))).bottom + MARGIN;
    clip = { x: 0, y: top, width: page.viewportSize()!.width, height: bottom - top };
  }
  await page.screenshot({
    path: file,
    fullPage: screen.shot !== "top",
    clip,
    animations: "disabled",
  });
  const bytes = fs.statSync(file).size;
  expect.soft(bytes, `${screen.image}: ${bytes} bytes`).toBeLessThanOrEqual(MAX_BYTES);
}

for (const screen of SCREENS) {
  test(screen.image, async ({ page, open }) => {
    const section = tourSection(screen.image);
    expect(section, `docs/screens.md names screens/${screen.image}`).not.toBe("");
    expect(section).toContain(`\`${screen.path}\``);
    if (screen.owner) expect(section).toContain(`\`${screen.owner.email}\``);

    const origin = screen.owner?.brand === WHITE_LABEL_BRAND.id ? product.midoriUrl : product.url;
    if (screen.owner) await logInAsDemoOwner(page, open, origin, screen.owner.email);
    await open(`${origin}${screen.path}`);
    await expect(page).toHaveURL(`${origin}${screen.path}`);
    await expect(page.getByRole("main")).toContainText(screen.shows);
    await save(page, screen);
  });
}
