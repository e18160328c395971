// `npm audit` must be clean apart from an allowlist whose every line says why. The pure
// half (reading npm's JSON and the allowlist, comparing them), unit-tested; scripts/audit.ts runs npm.

/** One advisory npm reports: its GitHub advisory id, the package it is in, how bad. */
export interface Advisory {
  id: string;
  packageName: string;
  severity: string;
  title: string;
}

export interface AllowedAdvisory {
  id: string;
  packageName: string;
  why: string;
}

export type AuditReading =
  | { kind: "report"; advisories: Advisory[] }
  /** npm could not ask the registry (no network, a proxy that refuses the audit endpoint). */
  | { kind: "unreachable"; reason: string };

interface NpmVia {
  source?: number;
  name?: string;
  title?: string;
  url?: string;
  severity?: string;
}

/** The advisory id in npm's link to it ("https://github.com/advisories/GHSA-…"), else its number. */
function advisoryIdOf(via: NpmVia): string {
  const ghsa = /GHSA(?:-[0-9a-z]{4}){3}/i.exec(via.url ?? "")?.[0];
  return ghsa ?? `npm-${via.source ?? "unknown"}`;
}

/** `npm audit --json`'s output, read: the advisories (each once), or why there is no report. */
export function readAuditJson(text: string): AuditReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {
      kind: "unreachable",
      reason: `npm audit printed no JSON: ${text.trim().slice(0, 200) || "(nothing)"}`,
    };
  }
  const report = parsed as {
    vulnerabilities?: Record<string, { via?: (NpmVia | string)[] }>;
    message?: string;
    error?: { summary?: string; code?: string };
  };
  if (!report.vulnerabilities || typeof report.vulnerabilities !== "object") {
    const reason =
      report.message ?? report.error?.summary ?? report.error?.code ?? "no vulnerabilities field";
    return { kind: "unreachable", reason };
  }
  const byId = new Map<string, Advisory>();
  for (const entry of Object.values(report.vulnerabilities)) {
    // A string in `via` names another vulnerable package: its own advisories are listed under it.
    for (const via of entry.via ?? []) {
      if (typeof via === "string") continue;
      const id = advisoryIdOf(via);
      byId.set(`${id} ${via.name}`, {
        id,
        packageName: via.name ?? "unknown",
        severity: via.severity ?? "unknown",
        title: via.title ?? "",
      });
    }
  }
  return { kind: "report", advisories: [...byId.values()].sort((a, b) => a.id.localeCompare(b.id)) };
}

/**
 * The allowlist: one advisory a line, `GHSA-xxxx-xxxx-xxxx package why it is accepted`; `#` starts a
 * comment. A line without its reason is an error: an exception nobody can explain is not accepted.
 */
export function readAllowlist(text: string): { allowed: AllowedAdvisory[]; errors: string[] } {
  const allowed: AllowedAdvisory[] = [];
  const errors: string[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = raw.replace(/#.*$/, "").trim();
    if (!line) return;
    const [id, packageName, ...why] = line.split(/\s+/);
    if (!id || !packageName || why.join(" ").trim().length < 10) {
      errors.push(
        `line ${index + 1}: "${raw.trim()}" needs an advisory id, a package and why it is accepted`,
      );
      return;
    }
    allowed.push({ id, packageName, why: why.join(" ") });
  });
  return { allowed, errors };
}

export interface AuditVerdict {
  /** Reported and not allowed: these fail the check. */
  unexpected: Advisory[];
  /** Allowed and reported: accepted, each with its reason. */
  accepted: { advisory: Advisory; why: string }[];
  /** Allowed but no longer reported: the line can go. */
  stale: AllowedAdvisory[];
}

export function compareWithAllowlist(advisories: Advisory[], allowed: AllowedAdvisory[]): AuditVerdict {
  const key = (id: string, name: string) => `${id.toLowerCase()} ${name}`;
  const allowedByKey = new Map(allowed.map((line) => [key(line.id, line.packageName), line]));
  const reported = new Set(advisories.map((advisory) => key(advisory.id, advisory.packageName)));
  const verdict: AuditVerdict = { unexpected: [], accepted: [], stale: [] };
  for (const advisory of advisories) {
    const line = allowedByKey.get(key(advisory.id, advisory.packageName));
    if (line) verdict.accepted.push({ advisory, why: line.why });
    else verdict.unexpected.push(advisory);
  }
  verdict.stale = allowed.filter((line) => !reported.has(key(line.id, line.packageName)));
  return verdict;
}
