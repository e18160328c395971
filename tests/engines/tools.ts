// The engines besides Chromium that the journeys run in (docs/decisions/0037-journeys-in-webkit-and-gecko.md),
// from Debian's packages: WebKitGTK's WebDriver and its MiniBrowser (under Xvfb), and firefox-esr.

import fs from "node:fs";

const LIBRARY_ARCH = process.arch === "arm64" ? "aarch64-linux-gnu" : "x86_64-linux-gnu";

export const ENGINE_TOOLS = {
  WebKitWebDriver: "/usr/bin/WebKitWebDriver",
  MiniBrowser: `/usr/lib/${LIBRARY_ARCH}/webkit2gtk-4.1/MiniBrowser`,
  Xvfb: "/usr/bin/Xvfb",
  "firefox-esr": "/usr/bin/firefox-esr",
} as const;

export const ENGINE_PACKAGES = ["webkit2gtk-driver", "firefox-esr", "xvfb"] as const;

export const INSTALL_ENGINES = `sudo apt-get install -y ${ENGINE_PACKAGES.join(" ")}`;

type EngineTool = keyof typeof ENGINE_TOOLS;

/** The engine tools (all unless named) this machine lacks, by name. */
export function missingEngineTools(
  names: readonly EngineTool[] = Object.keys(ENGINE_TOOLS) as EngineTool[],
): string[] {
  return names.filter((name) => !fs.existsSync(ENGINE_TOOLS[name]));
}

/** Throws, with the one line that installs them, when any of `names` is missing: never a skip. */
export function requireEngineTools(names: readonly EngineTool[]): void {
  const missing = missingEngineTools(names);
  if (missing.length > 0) throw new Error(`${missing.join(", ")} missing: run '${INSTALL_ENGINES}'`);
}
