// My page asks the upstream only what it shows. §7 records the visit after mail
// verification once: `me` carries the timestamp from then on, so a later My page makes no write (the
// me schema used to drop the field, and every view of My page posted the record again).

import { describe, expect, it } from "vitest";
import { loader } from "~/routes/_mypage.mypage/route";
import { APP_ORIGIN, appCookie, useFaultProxy } from "./app-requests";
import { callRoute } from "../fixtures/call-route";
import { createUserWithSession } from "./reference-upstream/entry-fixtures";
import { useTestUpstream } from "./reference-upstream/harness";

/** The upstream calls the app made, "METHOD /path", in order. */
let calls: string[] = [];
const upstream = useTestUpstream();
useFaultProxy(upstream, (req) => calls.push(`${req.method} ${req.url}`));

async function openMyPage(cookie: string): Promise<string[]> {
  calls = [];
  const request = new Request(`${APP_ORIGIN}/mypage`, { headers: { Cookie: cookie } });
  const response = await callRoute(loader, request);
  expect(response.status).toBe(200);
  return [...calls].sort();
}

describe("§7 visited_at_entry_page_after_mail_verification, recorded once", () => {
  it("the first My page of a verified user records the visit; the next ones only read", async () => {
    const cookie = await appCookie(createUserWithSession(upstream));
    const reads = [
      "GET /api/entries/",
      "GET /api/entry_permission/",
      "GET /api/system_settings/supress_entries/",
      "POST /api/me/",
    ];
    expect(await openMyPage(cookie)).toEqual(
      [...reads, "POST /api/me/visited_at_entry_page_after_mail_verification"].sort(),
    );
    expect(await openMyPage(cookie)).toEqual(reads);
    expect(await openMyPage(cookie)).toEqual(reads);
  });
});
