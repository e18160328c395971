// JavaScript on and off: every date a person reads carries its weekday, 2026年12月1日（火）, on My page,
// the detail, the contract, the agreement and the profile, before the contract and after the money moved.

import { validClaim } from "../fixtures/entry-body";
import { type Page, expect, test } from "./fixtures";
import { UpstreamUser, runOperator, reviewClaims } from "./support-account";

/** A date in words or digits not followed by its weekday in full-width brackets. */
const DATE_WITHOUT_WEEKDAY =
  /(?:\d{4}年)?\d{1,2}月\d{1,2}日(?!（[日月火水木金土][）・])|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}/g;
const A_DATE = /\d{4}年\d{1,2}月\d{1,2}日/;

/** Opens `url` and answers the dates its text shows without a weekday; the page must show a date. */
async function barePagesDates(page: Page, open: (url: string) => Promise<unknown>, url: string) {
  await open(url);
  const text = await page.locator("body").innerText();
  expect(text, `${url} shows no date at all`).toMatch(A_DATE);
  return (text.match(DATE_WITHOUT_WEEKDAY) ?? []).map((date) => `${url}: ${date}`);
}

test("every date reads with its weekday on My page, the detail, the contract, the agreement and the profile", async ({
  page,
  freshEmail,
  logInAs,
  open,
}) => {
  const user = await UpstreamUser.register(freshEmail("weekdays"));
  runOperator("confirm-identity", String(user.id));
  const entry = await user.createEntry({
    claims: [validClaim(), validClaim({ obliger_company_name: "株式会社二番商事" })],
  });
  reviewClaims(entry.claimIds);
  await logInAs(user);

  const pages = [
    "/mypage",
    `/entry/detail/${entry.id}`,
    `/entry/contract/${entry.id}`,
    `/entry/${entry.id}/factoring_service_agreement`,
    "/profile",
  ];
  const bare: string[] = [];
  // Reviewed: the contract to make, the agreement with today's date.
  for (const url of pages) bare.push(...(await barePagesDates(page, open, url)));

  // Contracted, paid out, one return received: every date of the road and each return's.
  runOperator("mark-contracted", String(entry.id));
  runOperator("mark-transferred", String(entry.id));
  runOperator("mark-returned", String(entry.claimIds[0]));
  // The contract page of a contracted entry only says it is contracted.
  for (const url of pages.filter((url) => !url.startsWith("/entry/contract/"))) {
    bare.push(...(await barePagesDates(page, open, url)));
  }
  expect(bare).toEqual([]);

  await open(`/entry/detail/${entry.id}`);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({
    path: test.info().outputPath("detail-phone.png"),
    fullPage: true,
  });
  await open(`/entry/${entry.id}/factoring_service_agreement`);
  await page.screenshot({
    path: test.info().outputPath("agreement-phone.png"),
    fullPage: true,
  });
});
