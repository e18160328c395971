import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "~/domain/redirect-target";
import { loginPath } from "~/routing/login-path";
import { returnPathOf } from "~/routing/return-path";

const APP = "https://app.sakidori.example";
const ELSEWHERE = "http://x.invalid";

/**
 * Required: "the login field, the link, the guards and the upstream's redirect_to never give
 * a Location that leaves the origin or starts with //". What comes out is null or a path that starts
 * with exactly one "/", that a browser resolves on this origin, and that resolves to itself again.
 */
function expectStaysOnSite(target: string, result: string | null) {
  if (result === null) return;
  const label = JSON.stringify({ target, result });
  expect(result.startsWith("/"), label).toBe(true);
  expect(result.startsWith("//"), label).toBe(false);
  expect(result.startsWith("/\\"), label).toBe(false);
  // eslint-disable-next-line no-control-regex
  expect(/[\u0000-\u001f\u007f\\]/.test(result), label).toBe(false);
  expect(new URL(result, APP).origin, label).toBe(APP);
  const again = new URL(result, ELSEWHERE);
  expect(again.origin, label).toBe(ELSEWHERE);
  expect(`${again.pathname}${again.search}${again.hash}`, label).toBe(result);
}

/** The cases that did leave the origin (dot segments collapse to "//evil.example"). */
const DOT_SEGMENT_ESCAPES = [
  "/.//evil.example",
  "/.//evil.example/x",
  "/..//evil.example",
  "/../..//evil.example/x",
  "/a/..//evil.example",
  "/a/b/../..//evil.example/x",
  "/%2e//evil.example",
  "/%2E//evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2e//evil.example",
  "/.%2e//evil.example",
  "/%2e.//evil.example",
  "/a/%2e%2E//evil.example/x",
  "/././/evil.example",
  "/.///evil.example",
  "/.//evil.example?next=/mypage#top",
  "/.//@evil.example",
  "/.//user:pass@evil.example/",
  "/.//evil.example:443/x",
];

/** Forms that were refused already: they must stay refused. */
const OTHER_HOSTILE = [
  "//evil.example/",
  "///evil.example/",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/\u0000/evil.example",
  "/.\t//evil.example",
  "/.\\/evil.example",
  "https://evil.example/",
  "http://app.sakidori.example/",
  "javascript:alert(1)",
  "data:text/html,hi",
  "evil.example",
  "",
];

describe("redirect targets from outside stay same-origin", () => {
  it("keeps a local path with its query and hash", () => {
    expect(safeRedirectTarget("/entry/detail/123", APP)).toBe("/entry/detail/123");
    expect(safeRedirectTarget("/mypage?tab=entries#list", APP)).toBe("/mypage?tab=entries#list");
    expect(safeRedirectTarget("/profile/password/change", APP)).toBe("/profile/password/change");
  });

  it("keeps a local path whose dot segments stay on a single leading slash", () => {
    expect(safeRedirectTarget("/entry/./detail/../detail/123", APP)).toBe("/entry/detail/123");
    expect(safeRedirectTarget("/%2e/mypage", APP)).toBe("/mypage");
  });

  it("gives the percent-encoded form of characters a Location header cannot carry raw", () => {
    expect(safeRedirectTarget("/マイページ", APP)).toBe("/%E3%83%9E%E3%82%A4%E3%83%9A%E3%83%BC%E3%82%B8");
    expect(safeRedirectTarget("/／evil.example", APP)).toBe("/%EF%BC%8Fevil.example");
  });

  it.each(DOT_SEGMENT_ESCAPES)("refuses %j, whose dot segments collapse to a leading //", (target) => {
    expect(safeRedirectTarget(target, APP)).toBeNull();
  });

  it.each(OTHER_HOSTILE)("refuses %j", (target) => {
    expect(safeRedirectTarget(target, APP)).toBeNull();
  });

  it("keeps encoded slashes inside the path, where they are not a second slash", () => {
    const result = safeRedirectTarget("/%2F%2Fevil.example", APP);
    expect(result).toBe("/%2F%2Fevil.example");
    expectStaysOnSite("/%2F%2Fevil.example", result);
  });

  it("refuses non-strings and huge inputs", () => {
    expect(safeRedirectTarget(null, APP)).toBeNull();
    expect(safeRedirectTarget(undefined, APP)).toBeNull();
    expect(safeRedirectTarget(`/${"a".repeat(5000)}`, APP)).toBeNull();
  });

  it("gives the same answer whatever origin it is resolved against", () => {
    for (const target of [...DOT_SEGMENT_ESCAPES, ...OTHER_HOSTILE, "/mypage?x=1#y"]) {
      expect(safeRedirectTarget(target), JSON.stringify(target)).toBe(safeRedirectTarget(target, APP));
    }
  });
});

/** Pieces an attacker combines: dot segments plain and encoded in any case, slashes, look-alikes. */
const PIECES = [
  "/",
  "//",
  "\\",
  "%5c",
  "%5C",
  "%2f",
  "%2F",
  ".",
  "..",
  "%2e",
  "%2E",
  ".%2e",
  "%2e.",
  "%2E%2e",
  "%252e",
  "\t",
  "\n",
  "\r",
  "\u0000",
  "\u007f",
  "%00",
  "%09",
  " ",
  "\uff0f", // fullwidth solidus ／
  "\u2215", // division slash ∕
  "\u2044", // fraction slash ⁄
  "\uff3c", // fullwidth reverse solidus ＼
  "\uff0e", // fullwidth full stop ．
  "\u3002", // ideographic full stop 。
  "\u2024", // one dot leader ․
  "@",
  ":",
  "?",
  "#",
  "evil.example",
  "evil.example:443",
  "user:pass@evil.example",
  "https:",
  "javascript:",
  "mypage",
];

/** Segments as a path is read: a dot segment (in any of its spellings) or a name, then separators. */
const SEGMENTS = [".", "..", "%2e", "%2E", ".%2e", "%2E.", "%2e%2E", "\uff0e", "a", "evil.example", ""];
const SEPARATORS = ["/", "//", "///", "\\", "/\\", "%2f", "\uff0f", "\u2215", "\u2044", "\t/", "/\n"];
const segmented = fc
  .array(fc.tuple(fc.constantFrom(...SEGMENTS), fc.constantFrom(...SEPARATORS)), {
    minLength: 1,
    maxLength: 5,
  })
  .map((parts) => `/${parts.map(([segment, separator]) => segment + separator).join("")}evil.example/x`);

const targets = fc.oneof(
  { weight: 3, arbitrary: segmented },
  // Paths that start with a slash, the shape that passes a check of the first character.
  {
    weight: 4,
    arbitrary: fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((p) => `/${p.join("")}`),
  },
  {
    weight: 1,
    arbitrary: fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 8 }).map((p) => p.join("")),
  },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 24 }).map((s) => `/${s}`) },
);

describe("property: whatever comes out stays on this site", () => {
  it("holds over generated paths", () => {
    fc.assert(
      fc.property(targets, (target) => {
        expectStaysOnSite(target, safeRedirectTarget(target, APP));
      }),
      { numRuns: 5_000 },
    );
  });

  it('"left the origin / tried" over the hostile list and 5,000 generated targets is 0', () => {
    const tried = [
      ...DOT_SEGMENT_ESCAPES,
      ...OTHER_HOSTILE,
      ...fc.sample(targets, { numRuns: 5_000, seed: 11 }),
    ];
    const left = tried.filter((target) => {
      const result = safeRedirectTarget(target, APP);
      if (result === null) return false;
      return /^[/\\]{2}/.test(result) || new URL(result, APP).origin !== APP;
    });
    console.log(`redirect targets: ${left.length} / ${tried.length} left the origin`);
    expect(left).toEqual([]);
  });

  it("the generator does reach the dot-segment escapes (so the property can fail)", () => {
    const sample = fc.sample(targets, { numRuns: 5_000, seed: 14 });
    const collapsing = sample.filter((target) => {
      try {
        return new URL(target, APP).pathname.startsWith("//");
      } catch {
        return false;
      }
    });
    expect(collapsing.length).toBeGreaterThan(50);
  });
});

describe("the page to return to after login", () => {
  it("is the request's path and query", () => {
    expect(returnPathOf(new URL("https://app.example/entry/detail/12?tab=files"))).toBe(
      "/entry/detail/12?tab=files",
    );
  });

  it("drops Remix's own index and _data parameters (a POST's URL is the page's own URL)", () => {
    expect(returnPathOf(new URL("https://app.example/entry?index&_data=routes%2F_entry.entry._index"))).toBe(
      "/entry",
    );
    expect(returnPathOf(new URL("https://app.example/profile/password/change?_data=routes%2Fx&step=2"))).toBe(
      "/profile/password/change?step=2",
    );
  });

  it("goes into the login link only when it is a safe target", () => {
    expect(loginPath({ redirectTo: "/mypage" })).toBe("/login?redirectTo=%2Fmypage");
    expect(loginPath({ redirectTo: "//evil.example/x", error: "session_expired" })).toBe(
      "/login?error=session_expired",
    );
    expect(loginPath({ redirectTo: "/.//evil.example/x" })).toBe("/login");
    expect(loginPath({ redirectTo: "/login?redirectTo=%2Fmypage" })).toBe("/login");
  });
});

describe("a look-up route is never a page to return to", () => {
  // A script's JSON look-up asked with the session gone must not become the page after login.
  const LOOKUPS = [
    "https://app.example/entry/houjinbangou?name=%E6%A0%AA%E5%BC%8F",
    "https://app.example/entry/banks?q=%E3%81%BF",
    "https://app.example/entry/banks?bank=x&q=y&_data=routes%2Fentry.banks",
    "https://app.example/profile/postcode?zipcode=1000005",
    "https://app.example/Entry/HoujinBangou/?name=x",
  ];

  it("is left out of the login link made from the request", () => {
    for (const url of LOOKUPS) {
      expect(loginPath({ redirectTo: returnPathOf(new URL(url)), error: "session_expired" }), url).toBe(
        "/login?error=session_expired",
      );
    }
  });

  it("is refused as a target from outside, however it is spelled", () => {
    for (const target of [
      "/entry/houjinbangou?name=x",
      "/entry/banks",
      "/entry/banks/",
      "/ENTRY/BANKS?q=a",
      "/entry/./banks?q=a",
      "/x/../entry/houjinbangou",
      "/profile/postcode?zipcode=1000005",
      "/profile/%70ostcode?zipcode=1000005",
    ]) {
      expect(safeRedirectTarget(target, APP), target).toBeNull();
    }
  });

  it("still lets the pages beside them be targets", () => {
    expect(safeRedirectTarget("/entry/entry_invoice", APP)).toBe("/entry/entry_invoice");
    expect(safeRedirectTarget("/profile", APP)).toBe("/profile");
    expect(safeRedirectTarget("/entry", APP)).toBe("/entry");
  });
});
