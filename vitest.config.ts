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
    hookTimeout: 30_000,
  },
});
