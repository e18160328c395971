// `npm test`: every check, timed. The static checks and the build do not depend on each other and run
// side by side (their output is printed whole, one after another); vitest, then Playwright in Chromium,
// then the journeys in WebKit and Gecko (decision 0037), follow.
// The end prints each phase's time and the tests and assertions each suite ran, so a slower change
// is seen in its own run (and in CI's log: .ci/run runs this).

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type SuiteSummary, summaryLines } from "./test-summary";

type Phase = { name: string; command: string[] };

const TOOLS: Phase = { name: "test tools", command: ["tsx", "scripts/ensure-test-tools.ts"] };
const SIDE_BY_SIDE: Phase[] = [
  { name: "lint", command: ["npm", "run", "-s", "lint"] },
  { name: "typecheck", command: ["npm", "run", "-s", "typecheck"] },
  { name: "audit", command: ["npm", "run", "-s", "audit"] },
  { name: "build", command: ["npm", "run", "-s", "build"] },
];
const VITEST: Phase = { name: "vitest", command: ["vitest", "run"] };
const PLAYWRIGHT: Phase = { name: "playwright", command: ["playwright", "test"] };
const ENGINES: Phase = {
  name: "engines",
  command: ["playwright", "test", "--config", "playwright.engines.config.ts"],
};

type Result = { name: string; seconds: number; code: number };

const summaryDir = fs.mkdtempSync(path.join(os.tmpdir(), "sakidori-test-summary-"));
const env = { ...process.env, SAKIDORI_TEST_SUMMARY_DIR: summaryDir };
const bin = path.resolve("node_modules/.bin");

function run(phase: Phase, buffered: boolean): Promise<Result & { output: string }> {
  const started = performance.now();
  const [program, ...args] = phase.command as [string, ...string[]];
  const executable = program === "npm" ? program : path.join(bin, program);
  return new Promise((resolve) => {
    const child = spawn(executable, args, { env, stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit" });
    const chunks: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", (code, signal) =>
      resolve({
        name: phase.name,
        seconds: (performance.now() - started) / 1000,
        code: code ?? (signal ? 1 : 0),
        output: Buffer.concat(chunks).toString("utf8"),
      }),
    );
  });
}

const results: Result[] = [];
const started = performance.now();

function finish(): never {
  const total = (performance.now() - started) / 1000;
  const suites = fs
    .readdirSync(summaryDir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(summaryDir, file), "utf8")) as SuiteSummary);
  fs.rmSync(summaryDir, { recursive: true, force: true });
  console.log(["", ...summaryLines(results, total, suites)].join("\n"));
  process.exit(results.find((result) => result.code !== 0)?.code ?? 0);
}

async function step(phases: Phase[]): Promise<void> {
  const buffered = phases.length > 1;
  if (buffered) console.log(`\n== ${phases.map((phase) => phase.name).join(", ")} (side by side)`);
  else console.log(`\n== ${phases[0]!.name}`);
  const done = await Promise.all(phases.map((phase) => run(phase, buffered)));
  for (const result of done) {
    if (buffered && (result.output.trim() !== "" || result.code !== 0)) {
      console.log(`-- ${result.name}${result.code === 0 ? "" : ` (failed, exit ${result.code})`}`);
      process.stdout.write(result.output);
    }
    results.push({ name: result.name, seconds: result.seconds, code: result.code });
  }
  if (done.some((result) => result.code !== 0)) finish();
}

await step([TOOLS]);
await step(SIDE_BY_SIDE);
await step([VITEST]);
await step([PLAYWRIGHT]);
await step([ENGINES]);
finish();
