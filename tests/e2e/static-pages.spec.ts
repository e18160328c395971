// The legal and policy pages of §2 and the external entry points, each run with JavaScript on and off.
// The legal texts are the operator's files (content/legal, decision 0019), complete: no placeholder a
// person could read as the operator's real details.

import fs from "node:fs";
import { parseLegalText } from "../../app/legal/legal-text";
import { expect, test } from "./fixtures";
import { STRONG_PASSWORD, registerThroughUpstream } from "./support";

/** What a text shipped unfinished would show: a template notice, blank postcodes, numbers or days. */
const PLACEHOLDER_MARKS = ["ひな形", "000-0000", "00-0000-0000", "○", "記入してください"];

/** The shipped file's title and first article, as a person reads them on the page (articles numbered). */
function shippedText(name: string) {
  const file = `content/legal/${name}.md`;
  const source = fs.readFileSync(file, "utf8");
  // Its placeholders are the page's concern; here only the headings are read.
  const text = parseLegalText(
    source,
    file,
    [...source.matchAll(/\{([A-Za-z]+)\}/g)].map((match) => match[1]!),
  );
  return {
    title: text.title,
    firstHeading:
      text.blocks.flatMap((block) =>
        block.type === "heading" && block.level === 2 ? [block.text] : [],
      )[0] ?? null,
  };
}

const LEGAL_PAGES = [
  {
    path: "/terms",
    file: "terms",
    heading: "利用規約",
    mustContain: ["第1条（目的）", "反社会的勢力の排除", "準拠法"],
  },
  {
    path: "/policy/privacy",
    file: "privacy",
    heading: "プライバシーポリシー",
    mustContain: ["取得する情報", "本人確認書類", "入出金明細", "お問い合わせ窓口"],
  },
  {
    path: "/policy/security",
    file: "security",
    heading: "情報セキュリティ基本方針",
    mustContain: ["情報資産の保護"],
  },
  {
    path: "/legal/sct",
    file: "sct",
    heading: "特定商取引法に基づく表記",
    mustContain: ["サキドリ株式会社", "support@sakidori.example", "いずれも審査により決定"],
  },
] as const;

for (const legal of LEGAL_PAGES) {
  test(`${legal.path} answers 200 with the operator's text, complete, in the brand's names`, async ({
    page,
    open,
  }) => {
    const response = await open(legal.path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${legal.heading} | サキドリ`);
    const file = shippedText(legal.file);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(file.title);
    if (file.firstHeading) {
      await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText(file.firstHeading);
    }
    const main = page.getByRole("main");
    for (const text of legal.mustContain) await expect(main).toContainText(text);
    await expect(main).toContainText("サキドリ");
    const shown = await main.innerText();
    for (const mark of PLACEHOLDER_MARKS) expect(shown, mark).not.toContain(mark);
    expect(shown).not.toMatch(/\{[A-Za-z]+\}/);
  });
}

test("the terms are numbered articles from 目的 to 準拠法・管轄, on the plain layout", async ({
  page,
  open,
}) => {
  await open("/terms");
  const articles = await page.getByRole("heading", { level: 2 }).allTextContents();
  expect(articles[0]).toBe("第1条（目的）");
  expect(articles.at(-1)).toBe("第14条（準拠法および管轄裁判所）");
  articles.forEach((title, index) => expect(title).toMatch(new RegExp(`^第${index + 1}条（.+）$`)));
  for (const subject of [
    "定義",
    "会員登録",
    "アカウントの管理",
    "本サービスの内容",
    "禁止事項",
    "免責",
    "個人情報",
  ]) {
    expect(
      articles.some((title) => title.includes(subject)),
      subject,
    ).toBe(true);
  }
  // The service's steps are described: application, review, contract, payment.
  for (const step of ["請求書の買取申込み", "審査", "契約", "入金"]) {
    await expect(
      page
        .getByRole("main")
        .getByText(new RegExp(`^${step}：`))
        .first(),
    ).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "プライバシーポリシー" }).first()).toHaveAttribute(
    "href",
    "/policy/privacy",
  );
});

test("the footer links reach each legal page", async ({ page, open }) => {
  for (const legal of LEGAL_PAGES) {
    await open("/");
    const footerLinks = page.getByRole("contentinfo").getByRole("navigation", { name: "規約・ポリシー" });
    await footerLinks.getByRole("link", { name: legal.heading }).click();
    await expect(page).toHaveURL(new RegExp(`${legal.path.replace(/\//g, "\\/")}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(legal.heading);
  }
});

test("the 特定商取引法 notice lists the operator, the price rule and the payment timing", async ({
  page,
  open,
}) => {
  await open("/legal/sct");
  const row = (label: string) => page.getByRole("row", { name: new RegExp(`^${label}`) });
  await expect(row("事業者名")).toContainText("サキドリ株式会社");
  await expect(row("メールアドレス").getByRole("link")).toHaveAttribute(
    "href",
    "mailto:support@sakidori.example",
  );
  await expect(row("役務の対価")).toContainText("いずれも審査により決定");
  await expect(row("支払時期と方法")).toContainText("買取額から差し引く");
  await expect(row("支払時期と方法")).toContainText("契約成立日の翌営業日");
  await expect(row("お問い合わせ窓口")).toContainText(
    "サキドリ カスタマーサポート（support@sakidori.example）",
  );
  await expect(row("所在地")).toContainText(/〒\d{3}-\d{4} 東京都/);
  await expect(row("電話番号")).toContainText(/0\d{1,3}-\d{2,4}-\d{4}/);
  await expect(row("役務の提供時期")).toContainText(/\d+営業日/);
  // The own brand has no partner row.
  await expect(row("提携先")).toHaveCount(0);
});

test("/callback sends a visitor to login and a logged-in user to My page, ignoring its query", async ({
  page,
  open,
  freshEmail,
  logIn,
}) => {
  await open("/callback?redirectTo=https%3A%2F%2Fevil.example%2F&next=//evil.example");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "ログイン" })).toBeVisible();

  const email = freshEmail("callback");
  await registerThroughUpstream(email);
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await open("/callback?redirectTo=https%3A%2F%2Fevil.example%2F");
  await expect(page).toHaveURL(/\/mypage$/);
});

test("/ext/signup explains the service to a partner's customer and leads to registration", async ({
  page,
  open,
}) => {
  const response = await open("/ext/signup?redirectTo=https%3A%2F%2Fevil.example%2F");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("サキドリへようこそ");
  await expect(page.getByRole("heading", { name: "ご利用の流れ" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("請求書（売掛金）を買い取り");
  // Nothing from the query is kept: the way on is plain /register.
  expect(await page.content()).not.toContain("evil.example");
  const register = page.getByRole("link", { name: "会員登録へ進む" });
  await expect(register).toHaveAttribute("href", "/register");
  await register.click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/会員登録/);
});

test("/ext/authentication_error says the external authentication failed and how to go on", async ({
  page,
  open,
}) => {
  const response = await open("/ext/authentication_error?message=%3Cscript%3E");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("外部サービスでの認証に失敗しました");
  await expect(page.getByRole("link", { name: "ログインページへ" })).toHaveAttribute("href", "/login");
  await expect(
    page.getByRole("main").getByRole("link", { name: "support@sakidori.example" }),
  ).toHaveAttribute("href", /^mailto:support@sakidori\.example\?subject=/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await page.getByRole("link", { name: "ログインページへ" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("an unknown page under the legal paths is page not found", async ({ page, open }) => {
  const response = await open("/policy/cookies");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
});
