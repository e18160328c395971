// propagate-errors-in-hash-json (§2): "Only known codes are shown: a URL must never put arbitrary text in
// front of the user."

import { describe, expect, it } from "vitest";
import { ErrorMessage } from "~/domain/error-messages";
import {
  errorsFromHash,
  errorsFromQuery,
  noticesFor,
  unfinishedStepNotice,
} from "~/routing/propagated-errors";

const query = (search: string) => errorsFromQuery(new URLSearchParams(search));
const hashOf = (value: unknown) => `#${JSON.stringify(value)}`;

describe("errors carried as ?error=CODE", () => {
  it("reads known codes, once each, in order", () => {
    expect(query("?error=csrf")).toEqual(["csrf"]);
    expect(query("?error=session_expired&error=csrf&error=session_expired")).toEqual([
      "session_expired",
      "csrf",
    ]);
  });

  it("ignores unknown codes and hostile text", () => {
    expect(query("?error=<script>alert(1)</script>")).toEqual([]);
    expect(query("?error=Your+account+is+locked,+call+0120")).toEqual([]);
    expect(query("?error=__proto__&error=toString&error=constructor&error=CSRF")).toEqual([]);
    expect(query("?error=&errors=csrf")).toEqual([]);
    expect(query("?error=evil&error=logged_out")).toEqual(["logged_out"]);
  });
});

describe("a hash moved into the query by the page's inline script (?hash_errors=)", () => {
  it("is read with the hash's parser, beside ?error=, once each", () => {
    const carried = encodeURIComponent(encodeURIComponent(JSON.stringify({ errors: ["csrf", "made_up"] })));
    expect(query(`?hash_errors=${carried}`)).toEqual(["csrf"]);
    expect(query(`?error=csrf&hash_errors=${carried}`)).toEqual(["csrf"]);
    expect(query("?hash_errors=%3Cscript%3E")).toEqual([]);
  });
});

describe('errors carried in the hash as #{"errors":["CODE"]}', () => {
  it("reads known codes from raw and URL-encoded JSON, once each", () => {
    expect(errorsFromHash(hashOf({ errors: ["csrf"] }))).toEqual(["csrf"]);
    expect(
      errorsFromHash(`#${encodeURIComponent(JSON.stringify({ errors: ["auth", "csrf", "auth"] }))}`),
    ).toEqual(["auth", "csrf"]);
    // What a browser's location.hash gives: quotes percent-encoded.
    expect(errorsFromHash("#{%22errors%22:[%22logged_out%22]}")).toEqual(["logged_out"]);
  });

  it("ignores unknown codes and hostile text", () => {
    expect(errorsFromHash(hashOf({ errors: ["<img src=x onerror=alert(1)>", "csrf"] }))).toEqual(["csrf"]);
    expect(
      errorsFromHash(hashOf({ errors: ["__proto__", "hasOwnProperty", { code: "csrf" }, 1, null] })),
    ).toEqual([]);
    expect(errorsFromHash(hashOf({ errors: "csrf" }))).toEqual([]);
    expect(errorsFromHash(hashOf({ message: "振込先が変更されました" }))).toEqual([]);
    expect(errorsFromHash(hashOf(["csrf"]))).toEqual([]);
  });

  it("ignores bad JSON, bad percent-encoding, empty and oversized hashes", () => {
    expect(errorsFromHash('#{"errors":["csrf"]')).toEqual([]);
    expect(errorsFromHash("#%E0%A4%A")).toEqual([]);
    expect(errorsFromHash("#null")).toEqual([]);
    expect(errorsFromHash("#42")).toEqual([]);
    expect(errorsFromHash("")).toEqual([]);
    expect(errorsFromHash("#")).toEqual([]);
    expect(errorsFromHash(hashOf({ errors: ["csrf"], padding: "x".repeat(1000) }))).toEqual([]);
  });
});

describe("the messages shown for the codes", () => {
  it("csrf shows the §8 alert verbatim, as an alert", () => {
    const [csrf] = noticesFor(["csrf"]);
    expect(csrf).toEqual({ code: "csrf", text: ErrorMessage.csrfMismatch, informational: false });
    expect(csrf!.text).toBe(
      "ユーザー認証情報が古くなっています。大変申し訳ございませんが、再度ログインしてください",
    );
  });

  it("a sole proprietor sent back to the second step hears of the 確定申告書, a corporation of 決算書類", () => {
    expect(unfinishedStepNotice("submitFinancialStatements", "individual")).toBe("unfinished_tax_return");
    expect(noticesFor(["unfinished_tax_return"])[0]).toEqual({
      code: "unfinished_tax_return",
      text: "確定申告書の提出がまだ終わっていません。先にこちらをご入力ください。",
      informational: true,
    });
    expect(unfinishedStepNotice("submitFinancialStatements", "corporate")).toBe("unfinished_financial");
    expect(unfinishedStepNotice("submitInvoices", "individual")).toBe("unfinished_invoices");
  });

  it("a user sent back to an unfinished step is informed, not warned", () => {
    expect(noticesFor(["unfinished_financial", "logged_out"]).map((notice) => notice.informational)).toEqual([
      true,
      true,
    ]);
  });
});
