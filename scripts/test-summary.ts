// What each suite's reporter hands `npm test` (scripts/test.ts) for its closing lines: per project the
// tests and the assertions they made (so a faster suite is seen still to check as much), and the
// slowest tests. The reporters write it into $SAKIDORI_TEST_SUMMARY_DIR when the runner sets it.

import fs from "node:fs";
import path from "node:path";

export type ProjectSummary = {
  name: string;
  passed: number;
  failed: number;
  flaky: number;
  skipped: number;
  assertions: number;
};

export type SuiteSummary = {
  suite: string;
  projects: ProjectSummary[];
  slowest: Timed[];
};

const SLOWEST_SHOWN = 10;

type Timed = { title: string; seconds: number };
export type Outcome = "passed" | "failed" | "flaky" | "skipped";

/** A suite's tests as its reporter meets them; at the end, its summary saved for the runner and printed. */
export class SuiteTally {
  private readonly projects = new Map<string, ProjectSummary>();
  private readonly timed: Timed[] = [];

  constructor(private readonly suite: string) {}

  add(project: string, outcome: Outcome, assertions: number, timing?: Timed): void {
    const tally = this.projects.get(project) ?? {
      name: project,
      passed: 0,
      failed: 0,
      flaky: 0,
      skipped: 0,
      assertions: 0,
    };
    this.projects.set(project, tally);
    tally[outcome] += 1;
    tally.assertions += assertions;
    if (timing) this.timed.push(timing);
  }

  finish(): void {
    const slowest = [...this.timed].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST_SHOWN);
    const summary: SuiteSummary = { suite: this.suite, projects: [...this.projects.values()], slowest };
    // Without the runner (a suite run alone) the summary is only printed.
    const dir = process.env.SAKIDORI_TEST_SUMMARY_DIR;
    if (dir && fs.existsSync(dir))
      fs.writeFileSync(path.join(dir, `${this.suite}.json`), JSON.stringify(summary));
    console.log(["", ...suiteLines(summary)].join("\n"));
  }
}

function seconds(value: number): string {
  if (value < 60) return `${value.toFixed(1)} s`;
  const whole = Math.round(value);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, "0")} s`;
}

/** A suite's projects and slowest tests, as lines a person reads. */
export function suiteLines(summary: SuiteSummary): string[] {
  const lines = [`${summary.suite}:`];
  for (const project of summary.projects) {
    const counts = [
      `${project.passed} passed`,
      project.failed ? `${project.failed} failed` : "",
      project.flaky ? `${project.flaky} flaky` : "",
      project.skipped ? `${project.skipped} skipped` : "",
    ].filter(Boolean);
    lines.push(`  ${project.name.padEnd(12)} ${counts.join(", ")}; ${project.assertions} assertions`);
  }
  lines.push(`  the ${summary.slowest.length} slowest tests:`);
  for (const test of summary.slowest) lines.push(`    ${seconds(test.seconds).padStart(9)}  ${test.title}`);
  return lines;
}

/** The closing lines of `npm test`: each phase's time and result, the total, then each suite. */
export function summaryLines(
  phases: { name: string; seconds: number; code: number }[],
  totalSeconds: number,
  suites: SuiteSummary[],
): string[] {
  const lines = ["== npm test: time per phase"];
  for (const phase of phases) {
    const result = phase.code === 0 ? "ok" : `failed (exit ${phase.code})`;
    lines.push(`  ${phase.name.padEnd(12)} ${seconds(phase.seconds).padStart(10)}  ${result}`);
  }
  lines.push(`  ${"total".padEnd(12)} ${seconds(totalSeconds).padStart(10)}`);
  for (const suite of suites) lines.push(...suiteLines(suite));
  return lines;
}
