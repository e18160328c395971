// The sample alert rules (ops/prometheus/alerts.yml) must load in Prometheus and watch metrics the app
// really exposes. Without promtool this parses the file, checks the rule-file format, and checks every
// metric and label a query names against the app's registry, so a metric renamed in the app without
// the rules following fails here rather than leaving an alert silent. With promtool (on PATH or
// $PROMTOOL) it also checks the queries and runs the rules' own unit tests (alerts.test.yml).

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import { registry } from "~/telemetry/metrics.server";

const RULES_DIR = path.resolve(import.meta.dirname, "../../../ops/prometheus");
const RULES_FILE = path.join(RULES_DIR, "alerts.yml");

/** Series that come from Prometheus itself (`up`) or the blackbox exporter's /readyz probe. */
const EXTERNAL_METRICS = new Set(["up", "probe_success"]);
/** Labels Prometheus adds to every scraped series. */
const TARGET_LABELS = ["job", "instance"];
const SEVERITIES = new Set(["critical", "warning"]);

const GROUP_KEYS = new Set(["name", "interval", "limit", "query_offset", "labels", "rules"]);
const ALERT_KEYS = new Set(["alert", "expr", "for", "keep_firing_for", "labels", "annotations"]);
const DURATION = /^(?:[0-9]+(?:ms|[smhdwy]))+$/;
/** PromQL words that are neither metrics nor functions. */
const KEYWORDS = new Set(["and", "or", "unless", "bool", "offset", "by", "without", "on", "ignoring"]);
const LABEL_LISTS = /\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g;

interface Rule {
  alert?: unknown;
  expr?: unknown;
  for?: unknown;
  labels?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** Each series name the app's registry answers, with the labels it may carry. */
function appSeries(): Map<string, Set<string>> {
  const series = new Map<string, Set<string>>();
  for (const metric of registry.getMetricsAsArray()) {
    // prom-client's objects carry these at run time; its types declare fewer.
    const {
      name,
      type,
      labelNames = [],
    } = metric as unknown as {
      name: string;
      type: string;
      labelNames?: string[];
    };
    const labels = new Set([...labelNames, ...TARGET_LABELS]);
    if (type === "histogram" || type === "summary") {
      series.set(`${name}_bucket`, new Set([...labels, "le"]));
      series.set(`${name}_sum`, labels);
      series.set(`${name}_count`, labels);
      if (type === "summary") series.set(name, new Set([...labels, "quantile"]));
    } else {
      series.set(name, labels);
    }
  }
  return series;
}

/** The metric selectors of a PromQL expression: each metric name with the labels it is matched on. */
function selectorsOf(expr: string): { metric: string; labels: string[] }[] {
  const withoutStrings = expr.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  const withoutRanges = withoutStrings.replace(/\[[^\]]*\]/g, "").replace(LABEL_LISTS, "");
  const selectors: { metric: string; labels: string[] }[] = [];
  const token =
    /[0-9]+(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?|([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\{[^}]*\}|\()?|\{[^}]*\}/g;
  for (const match of withoutRanges.matchAll(token)) {
    const [, name, after] = match;
    if (!name || after === "(" || KEYWORDS.has(name)) continue;
    const labels = [...(after ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g)].map(
      (label) => label[1]!,
    );
    selectors.push({ metric: name, labels });
  }
  return selectors;
}

function rules(): Rule[] {
  const file = load(fs.readFileSync(RULES_FILE, "utf8")) as { groups?: { rules?: Rule[] }[] };
  return (file.groups ?? []).flatMap((group) => group.rules ?? []);
}

describe("the sample Prometheus alert rules", () => {
  it("are a rule file Prometheus loads: groups of named rules, no unknown keys", () => {
    const file = load(fs.readFileSync(RULES_FILE, "utf8")) as Record<string, unknown>;
    expect(Object.keys(file)).toEqual(["groups"]);
    const groups = file.groups as Record<string, unknown>[];
    expect(groups.length).toBeGreaterThan(0);
    const names = new Set<string>();
    for (const group of groups) {
      expect(Object.keys(group).filter((key) => !GROUP_KEYS.has(key))).toEqual([]);
      expect(group.name).toEqual(expect.any(String));
      expect(names.has(group.name as string), `group ${String(group.name)} twice`).toBe(false);
      names.add(group.name as string);
      expect((group.rules as unknown[]).length).toBeGreaterThan(0);
    }
  });

  it("give every alert a name, a query, a duration, a severity, a summary and a description", () => {
    const alerts = new Set<string>();
    for (const rule of rules()) {
      const where = `alert ${String(rule.alert)}`;
      expect(
        Object.keys(rule).filter((key) => !ALERT_KEYS.has(key)),
        where,
      ).toEqual([]);
      expect(rule.alert, where).toMatch(/^[A-Z][A-Za-z0-9]+$/);
      expect(alerts.has(rule.alert as string), `${where} twice`).toBe(false);
      alerts.add(rule.alert as string);
      expect(rule.expr, where).toEqual(expect.stringMatching(/\S/));
      expect(rule.for, where).toMatch(DURATION);
      expect(SEVERITIES.has(rule.labels?.severity as string), `${where}: severity`).toBe(true);
      expect(rule.annotations?.summary, where).toEqual(expect.stringMatching(/\S/));
      expect(rule.annotations?.description, where).toEqual(expect.stringMatching(/\S/));
    }
  });

  it("cover the 5xx rate, the upstream's p95, readiness, 429 spikes and credential stuffing", () => {
    const queries = rules().map((rule) => String(rule.expr));
    const asks = (pattern: RegExp) => queries.some((query) => pattern.test(query));
    expect(asks(/http_server_request_duration_seconds_count\{[^}]*http_response_status_code=~"5\.\."/)).toBe(
      true,
    );
    expect(asks(/histogram_quantile\(\s*0\.95[\s\S]*http_client_request_duration_seconds_bucket/)).toBe(true);
    expect(asks(/probe_success\{[^}]*job="sakidori-readyz"/)).toBe(true);
    expect(asks(/http_response_status_code="429"|rate_limit_refusals_total/)).toBe(true);
    expect(asks(/login_new_browsers_slowed\{[^}]*job="sakidori-app"/)).toBe(true);
  });

  it("query only metrics the app registers (or up and the probe's), with their own labels", () => {
    const known = appSeries();
    expect(known.has("http_server_request_duration_seconds_bucket")).toBe(true);
    const unknown: string[] = [];
    for (const rule of rules()) {
      const selectors = selectorsOf(String(rule.expr));
      // A query whose metrics were not found would pass this test without checking anything.
      expect(selectors.length, `alert ${String(rule.alert)} names no metric`).toBeGreaterThan(0);
      for (const { metric, labels } of selectors) {
        if (EXTERNAL_METRICS.has(metric)) continue;
        const allowed = known.get(metric);
        if (!allowed) unknown.push(`${String(rule.alert)}: ${metric}`);
        for (const label of labels) {
          if (allowed && !allowed.has(label)) unknown.push(`${String(rule.alert)}: ${metric}{${label}}`);
        }
      }
    }
    expect(unknown).toEqual([]);
  });
});

function findPromtool(): string | null {
  const candidates = [process.env.PROMTOOL, "promtool"].filter((name): name is string => Boolean(name));
  for (const candidate of candidates) {
    try {
      execFileSync(candidate, ["--version"], { stdio: "ignore" });
      return candidate;
    } catch {
      // not installed here
    }
  }
  return null;
}
const promtool = findPromtool();

describe.skipIf(!promtool)("the sample alert rules, by promtool", () => {
  const run = (...args: string[]) =>
    execFileSync(promtool!, args, { cwd: RULES_DIR, encoding: "utf8", stdio: "pipe" });

  it("load, queries included", () => {
    expect(run("check", "rules", "alerts.yml")).toContain("SUCCESS");
  });

  it("fire on the trouble they name and stay quiet on a drain, an upload, a quiet night or a scanner's 4xx", () => {
    expect(run("test", "rules", "alerts.test.yml")).toContain("SUCCESS");
  });
});

describe("reading a query's selectors", () => {
  it("finds metric names and the labels they match, not functions, label lists or strings", () => {
    expect(
      selectorsOf(
        'histogram_quantile(0.95, sum by (le, url_template) (rate(a_bucket{x="y", z=~"w.*"}[5m]) unless rate(a_bucket{x="up"}[5m]))) > 1e3 and on() b',
      ),
    ).toEqual([
      { metric: "a_bucket", labels: ["x", "z"] },
      { metric: "a_bucket", labels: ["x"] },
      { metric: "b", labels: [] },
    ]);
  });
});
