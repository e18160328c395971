import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/vitest/count-assertions.ts"],
    reporters: ["default", "./tests/vitest/summary-reporter.ts"],
    // Integration tests start real servers (scrypt hashing is deliberately slow).
    testTimeout: 30_000,
    // Most files wait on sockets, timers and child processes rather than the CPU: two at once even on
    // two cores (vitest's default there is one) took the suite from 155 s to 83 s.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    hookTimeout: 30_000,
  },
});
