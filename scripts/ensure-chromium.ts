// Browser tests use Debian's Chromium (no browser downloads on these machines), with a Japanese font
// so screenshots show text rather than empty boxes. Installs both when missing and we are root;
// otherwise stops with a one-line instruction.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { CHROMIUM_PATH } from "../tests/e2e/chromium";

const JAPANESE_FONT_DIR = "/usr/share/fonts/opentype/noto";
if (fs.existsSync(CHROMIUM_PATH) && fs.existsSync(JAPANESE_FONT_DIR)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!isRoot || !fs.existsSync("/usr/bin/apt-get")) {
  console.error(
    `Chromium or its Japanese font is missing: run 'sudo apt-get install -y chromium fonts-noto-cjk' (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
console.log("Chromium or its Japanese font is missing: installing Debian's chromium and fonts-noto-cjk…");
execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
execFileSync("apt-get", ["install", "-y", "-qq", "chromium", "fonts-noto-cjk"], {
  stdio: "inherit",
  env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
});
if (!fs.existsSync(CHROMIUM_PATH)) {
  console.error(`apt-get finished but ${CHROMIUM_PATH} is still missing.`);
  process.exit(1);
}
