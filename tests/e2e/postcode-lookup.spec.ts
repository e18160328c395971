// The postcode lookup (decision 0012), JavaScript on and off: the postcode fills the prefecture and the
// city on the profile pages. Without JavaScript 「住所を検索」 posts the page's form and the page comes back with
// the address and everything typed; with JavaScript the 7th digit typed fills the empty fields at once,
// and the button replaces them. A postcode with no address gets its message, nothing lost.

import { expect, test } from "./fixtures";

test("a postcode typed on /register/profile fills the prefecture, the city and the town", async ({
  page,
  javaScript,
  newUserOnProfilePage,
}) => {
  await newUserOnProfilePage("postcode");
  await page.getByLabel("会社名・屋号", { exact: false }).fill("株式会社テスト商事");
  const office = page.getByRole("group", { name: "事業所の所在地・連絡先" });
  // Full-width with a hyphen, as people type it; with JavaScript the 7th digit is enough.
  await office.getByLabel("郵便番号 ※必須").pressSequentially("１００－０００５");
  if (!javaScript) await office.getByRole("button", { name: "住所を検索" }).click();

  await expect(office.getByLabel("都道府県 ※必須")).toHaveValue("東京都");
  await expect(office.getByLabel("市区町村 ※必須")).toHaveValue("千代田区");
  await expect(office.getByLabel("番地・建物名 ※必須")).toHaveValue("丸の内");
  await expect(office.getByRole("status")).toHaveText(
    "〒100-0005の住所は「東京都千代田区丸の内」です。都道府県・市区町村・番地・建物名を入力しました。",
  );
  // Nothing typed elsewhere is lost, the other address is untouched.
  await expect(page.getByLabel("会社名・屋号", { exact: false })).toHaveValue("株式会社テスト商事");
  const owner = page.getByRole("group", { name: "代表者のご自宅・連絡先" });
  await expect(owner.getByLabel("市区町村 ※必須")).toHaveValue("");
  // Without JavaScript the page comes back at the address that was looked up.
  if (!javaScript) await expect(page).toHaveURL(/\/register\/profile#office-address$/);
});

test("on /profile a city the person has is kept as the 7th digit is typed, replaced when they press 住所を検索", async ({
  page,
  javaScript,
  newApplicantOn,
}) => {
  await newApplicantOn("/profile", "corporate");
  const owner = page.getByRole("group", { name: "代表者のご自宅・連絡先" });
  await expect(owner.getByLabel("市区町村 ※必須")).toHaveValue("渋谷区");
  await page.getByLabel("代表者氏名（名） ※必須").fill("次郎");
  await owner.getByLabel("郵便番号 ※必須").fill("〒530-0001");
  if (javaScript) {
    // The saved address is the person's: typing fills nothing they have, and says so.
    await expect(owner.getByRole("status")).toContainText(
      "入力済みの都道府県・市区町村・番地・建物名は変更していません",
    );
    await expect(owner.getByLabel("市区町村 ※必須")).toHaveValue("渋谷区");
  }
  await owner.getByRole("button", { name: "住所を検索" }).click();

  await expect(owner.getByLabel("都道府県 ※必須")).toHaveValue("大阪府");
  await expect(owner.getByLabel("市区町村 ※必須")).toHaveValue("大阪市北区");
  // The house number typed is never replaced by the town.
  await expect(owner.getByLabel("番地・建物名 ※必須")).toHaveValue("神宮前1-1-1");
  await expect(owner.getByRole("status")).toContainText("都道府県・市区町村を入力しました。");
  await expect(page.getByLabel("代表者氏名（名） ※必須")).toHaveValue("次郎");
  const office = page.getByRole("group", { name: "事業所の所在地・連絡先" });
  await expect(office.getByLabel("市区町村 ※必須")).toHaveValue("千代田区");
});

test("a postcode with no address, or none, gets its message at the postcode, everything else kept", async ({
  page,
  javaScript,
  newApplicantOn,
}) => {
  await newApplicantOn("/profile", "corporate");
  await page.getByLabel("会社名・屋号", { exact: false }).fill("株式会社変更後商事");
  const office = page.getByRole("group", { name: "事業所の所在地・連絡先" });
  const postcode = office.getByLabel("郵便番号 ※必須");
  // Listen before typing: with JavaScript the 7th digit asks at once, and the answer may come back
  // before the next line runs.
  const answer = javaScript
    ? page.waitForResponse((response) => response.url().includes("/profile/postcode"))
    : page.waitForResponse((response) => response.request().method() === "POST");
  await postcode.fill("999-9999");
  if (!javaScript) await office.getByRole("button", { name: "住所を検索" }).click();
  expect((await answer).status()).toBe(javaScript ? 404 : 422);

  const notFound =
    "この郵便番号の住所が見つかりません。郵便番号をご確認いただくか、都道府県と市区町村を直接入力してください。";
  await expect(office.getByText(notFound)).toBeVisible();
  await expect(postcode).toHaveAccessibleDescription(new RegExp(notFound));
  if (!javaScript) {
    // The page came back from the server: the error summary lists it, linking to the field.
    await expect(page.locator(".error-summary").getByRole("link")).toHaveText(
      `事業所の郵便番号：${notFound}`,
    );
  }
  await expect(postcode).toHaveValue("999-9999");
  await expect(office.getByLabel("市区町村 ※必須")).toHaveValue("千代田区");
  await expect(page.getByLabel("会社名・屋号", { exact: false })).toHaveValue("株式会社変更後商事");

  // The button with nothing typed asks for the postcode.
  await postcode.fill("");
  await office.getByRole("button", { name: "住所を検索" }).click();
  await expect(
    office.getByText("郵便番号を入力してから「住所を検索」を押してください（例: 100-0005）。"),
  ).toBeVisible();
  await expect(page.getByLabel("会社名・屋号", { exact: false })).toHaveValue("株式会社変更後商事");
});

test("Enter in a field saves the profile: 住所を検索 is not the form's default button", async ({
  page,
  newApplicantOn,
}) => {
  await newApplicantOn("/profile", "corporate");
  await page.getByLabel("代表者氏名（名） ※必須").fill("三郎");
  await page.getByLabel("代表者氏名（名） ※必須").press("Enter");
  await expect(page.getByText("会員情報を保存しました。")).toBeVisible();
  await expect(page.getByLabel("代表者氏名（名） ※必須")).toHaveValue("三郎");
});

test("「住所を検索」 fills the same fields with JavaScript on and off: a second postcode replaces the first one's address", async ({
  page,
  newUserOnProfilePage,
}) => {
  await newUserOnProfilePage("postcode-same");
  const office = page.getByRole("group", { name: "事業所の所在地・連絡先" });
  const postcode = office.getByLabel("郵便番号 ※必須");
  const filled = {
    postcode,
    prefecture: office.getByLabel("都道府県 ※必須"),
    city: office.getByLabel("市区町村 ※必須"),
    town: office.getByLabel("番地・建物名 ※必須"),
  };
  // One table for both projects: whatever the button fills with JavaScript, it fills without.
  const expectFilled = async (values: Record<keyof typeof filled, string>) => {
    for (const [field, value] of Object.entries(values)) {
      await expect(filled[field as keyof typeof filled]).toHaveValue(value);
    }
  };

  await postcode.fill("１００－０００５");
  await office.getByRole("button", { name: "住所を検索" }).click();
  await expect(office.getByRole("status")).toContainText("〒100-0005の住所は「東京都千代田区丸の内」です。");
  await expectFilled({ postcode: "100-0005", prefecture: "東京都", city: "千代田区", town: "丸の内" });

  // The town the look-up put in 番地・建物名 is its own, so a new postcode replaces it in both modes.
  await postcode.fill("５３０－０００１");
  await office.getByRole("button", { name: "住所を検索" }).click();
  await expect(office.getByRole("status")).toContainText("〒530-0001の住所は「大阪府大阪市北区梅田」です。");
  await expectFilled({ postcode: "530-0001", prefecture: "大阪府", city: "大阪市北区", town: "梅田" });

  // A house number the person added is theirs: neither mode replaces it.
  await filled.town.fill("梅田1-2-3");
  await postcode.fill("100-0005");
  await office.getByRole("button", { name: "住所を検索" }).click();
  await expect(office.getByRole("status")).toContainText("入力済みの番地・建物名は変更していません。");
  await expectFilled({ postcode: "100-0005", prefecture: "東京都", city: "千代田区", town: "梅田1-2-3" });
});
