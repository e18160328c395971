// The upstream's own health answer (GET /api/health/), for the app's readiness.

import { appConfig } from "~/settings/config.server";
import { sendRequest } from "./http.server";

export async function upstreamIsHealthy(timeoutMs: number): Promise<boolean> {
  try {
    const response = await sendRequest({
      method: "GET",
      url: new URL("/api/health/", appConfig().apiBaseUrl),
      headers: { Accept: "application/json" },
      timeoutMs,
    });
    return response.status === 200;
  } catch {
    return false;
  }
}
