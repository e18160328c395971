import fs from "node:fs";

/** Removes the temporary data directory the run's upstream wrote to. */
export default function globalTeardown() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir && dataDir.includes("sakidori-e2e-")) fs.rmSync(dataDir, { recursive: true, force: true });
}
