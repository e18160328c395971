// How long `npm start` (its script, after the build) takes to say "Sakidori is running": on a fresh data
// folder, where the demo owners are made first, and again on the same folder, where they are not.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startProduct } from "./servers";
import { quantile } from "./statistics";

const RUNS = 3;

export async function benchStart() {
  const fresh: number[] = [];
  const again: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sakidori-bench-start-"));
    try {
      for (const times of [fresh, again]) {
        const product = await startProduct(dataDir);
        times.push(product.startedInMs);
        await product.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const line = (times: number[]) =>
    `median ${quantile(times, 0.5).toFixed(0)} ms (${times.map((ms) => ms.toFixed(0)).join(", ")})`;
  console.log(`\nnpm start: spawned to "Sakidori is running", ${RUNS} runs`);
  console.log(`  fresh data folder (demo owners made)   ${line(fresh)}`);
  console.log(`  the same folder again                  ${line(again)}`);
}
