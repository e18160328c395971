import { describe, expect, it } from "vitest";
import { compareWithAllowlist, readAllowlist, readAuditJson } from "../../../scripts/audit-report";

/** npm audit --json (auditReportVersion 2), cut to what the check reads. */
const REPORT = JSON.stringify({
  auditReportVersion: 2,
  vulnerabilities: {
    cookie: {
      name: "cookie",
      via: [
        {
          source: 1103907,
          name: "cookie",
          title: "cookie accepts cookie name, path, and domain with out of bounds characters",
          url: "https://github.com/advisories/GHSA-pxg6-pf52-xh8x",
          severity: "low",
        },
      ],
    },
    "@remix-run/server-runtime": { name: "@remix-run/server-runtime", via: ["cookie"] },
  },
});

describe("npm audit is clean apart from an allowlist whose every line says why", () => {
  it("reads each advisory once, by its GitHub id, skipping packages that only depend on one", () => {
    expect(readAuditJson(REPORT)).toEqual({
      kind: "report",
      advisories: [
        {
          id: "GHSA-pxg6-pf52-xh8x",
          packageName: "cookie",
          severity: "low",
          title: "cookie accepts cookie name, path, and domain with out of bounds characters",
        },
      ],
    });
    expect(readAuditJson(JSON.stringify({ auditReportVersion: 2, vulnerabilities: {} }))).toEqual({
      kind: "report",
      advisories: [],
    });
  });

  it("an audit endpoint that cannot be reached is said so, not read as a clean report", () => {
    const refused = JSON.stringify({
      message: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
      statusCode: 405,
    });
    expect(readAuditJson(refused)).toEqual({
      kind: "unreachable",
      reason: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
    });
    expect(
      readAuditJson(JSON.stringify({ error: { code: "ENOTFOUND", summary: "getaddrinfo ENOTFOUND" } })).kind,
    ).toBe("unreachable");
    expect(readAuditJson("").kind).toBe("unreachable");
  });

  it("an advisory not on the allowlist fails; one on it is accepted with its reason; a stale line is named", () => {
    const reading = readAuditJson(REPORT);
    if (reading.kind !== "report") throw new Error("expected a report");
    expect(compareWithAllowlist(reading.advisories, []).unexpected.map((a) => a.id)).toEqual([
      "GHSA-pxg6-pf52-xh8x",
    ]);
    const { allowed, errors } = readAllowlist(
      [
        "# comment",
        "GHSA-pxg6-pf52-xh8x cookie the app never sets a cookie name, path or domain from input",
        "GHSA-aaaa-bbbb-cccc left-pad fixed long ago, still listed",
        "",
      ].join("\n"),
    );
    expect(errors).toEqual([]);
    const verdict = compareWithAllowlist(reading.advisories, allowed);
    expect(verdict.unexpected).toEqual([]);
    expect(verdict.accepted[0]!.why).toBe("the app never sets a cookie name, path or domain from input");
    expect(verdict.stale.map((line) => line.id)).toEqual(["GHSA-aaaa-bbbb-cccc"]);
  });

  it("an allowlist line without its reason is an error, and allows nothing", () => {
    const { allowed, errors } = readAllowlist("GHSA-pxg6-pf52-xh8x cookie\nGHSA-pxg6-pf52-xh8x cookie ok\n");
    expect(allowed).toEqual([]);
    expect(errors).toHaveLength(2);
  });

  it("the project's allowlist has no line without its reason", async () => {
    const fs = await import("node:fs");
    expect(readAllowlist(fs.readFileSync("audit-allowlist.txt", "utf8")).errors).toEqual([]);
  });
});
