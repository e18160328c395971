// The tools `npm test` runs against, from Debian's packages (no downloads of their own on these
// machines): Chromium's headless shell with a Japanese font for the browser tests (screenshots show
// text, not boxes), the full Chromium for the benchmarks,
// and redis-server and nginx, which the scale-out tests start (two replicas behind a
// proxy, one count every replica shares: decision 0014), and the other engines the journeys run in
// (WebKitGTK's WebDriver, firefox-esr, Xvfb: decision 0037). Installs what is missing when we are root;
// otherwise stops with a one-line instruction.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from "../tests/e2e/chromium";
import { ENGINE_PACKAGES, ENGINE_TOOLS, missingEngineTools } from "../tests/engines/tools";

const JAPANESE_FONT_DIR = "/usr/share/fonts/opentype/noto";
const REDIS_SERVER = "/usr/bin/redis-server";
const NGINX = "/usr/sbin/nginx";
if (
  fs.existsSync(CHROMIUM_PATH) &&
  fs.existsSync(HEADLESS_SHELL_PATH) &&
  fs.existsSync(JAPANESE_FONT_DIR) &&
  fs.existsSync(REDIS_SERVER) &&
  fs.existsSync(NGINX) &&
  missingEngineTools().length === 0
) {
  process.exit(0);
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!isRoot || !fs.existsSync("/usr/bin/apt-get")) {
  console.error(
    `Chromium, its Japanese font, redis-server, nginx, WebKitGTK's WebDriver, firefox-esr or Xvfb is missing: run 'sudo apt-get install -y chromium chromium-headless-shell fonts-noto-cjk redis-server nginx-light ${ENGINE_PACKAGES.join(" ")}' (or set CHROMIUM_PATH and CHROMIUM_HEADLESS_SHELL_PATH).`,
  );
  process.exit(1);
}
console.log(
  `Installing what the tests need from Debian: chromium, chromium-headless-shell, fonts-noto-cjk, redis-server, nginx-light, ${ENGINE_PACKAGES.join(", ")}…`,
);
execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
execFileSync(
  "apt-get",
  [
    "install",
    "-y",
    "-qq",
    "chromium",
    "chromium-headless-shell",
    "fonts-noto-cjk",
    "redis-server",
    "nginx-light",
    ...ENGINE_PACKAGES,
  ],
  {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  },
);
for (const browser of [CHROMIUM_PATH, HEADLESS_SHELL_PATH, ...Object.values(ENGINE_TOOLS)]) {
  if (!fs.existsSync(browser)) {
    console.error(`apt-get finished but ${browser} is still missing.`);
    process.exit(1);
  }
}
