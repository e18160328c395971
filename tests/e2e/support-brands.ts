// Helpers for the white-label tests: the white-label brand's address in this run (midori.localhost on
// the app's port; Chromium resolves *.localhost to loopback), a brand's colour as the browser computes
// it, and a second app server started with BRAND fixed (a deployment of one brand only).

import { UPSTREAM_URL, startAppAgainst } from "./support";

export const APP_PORT = process.env.E2E_APP_PORT!;
export const SAKIDORI_URL = `http://localhost:${APP_PORT}`;
export const MIDORI_URL = `http://midori.localhost:${APP_PORT}`;

/** "#1f5fa8" → "rgb(31, 95, 168)", as getComputedStyle reports it. */
export function rgbOf(hex: string): string {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

/** The suite's build served with BRAND=<brandId>, against the run's upstream, on a free port. */
export function startAppWithBrand(brandId: string) {
  return startAppAgainst(UPSTREAM_URL, { BRAND: brandId });
}
