// Debian's Chromium, started the way this machine needs (no sandbox as root, no background network).
// The tests drive its headless shell, the build Playwright itself runs headless (the same Blink and V8
// without the browser's window code): on two cores it took the suite's browser time down by some 40%.
// The full browser stays for the benchmarks (Lighthouse) and for a person looking on.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/lib/chromium/chromium-headless-shell";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
