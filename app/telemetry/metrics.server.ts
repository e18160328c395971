// The metrics (decision 0025), OpenTelemetry names. Label values are bounded: templates, methods, codes.

import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

export const httpServerDuration = new Histogram({
  name: "http_server_request_duration_seconds",
  help: "Time from a request's arrival to the end of its answer.",
  labelNames: ["http_request_method", "http_route", "http_response_status_code"] as const,
  buckets: DURATION_BUCKETS,
  registers: [registry],
});

export const httpClientDuration = new Histogram({
  name: "http_client_request_duration_seconds",
  help: "Time of one call to the upstream API, from sending to the whole answer.",
  labelNames: ["http_request_method", "url_template", "http_response_status_code", "error_type"] as const,
  buckets: DURATION_BUCKETS,
  registers: [registry],
});

export const uploadBytes = new Counter({
  name: "upload_bytes_total",
  help: "Bytes of uploaded files passed on to the upstream.",
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: "rate_limit_refusals_total",
  help: "Requests refused by one of the app's limits.",
  labelNames: ["limit"] as const,
  registers: [registry],
});

export const loginFailures = new Counter({
  name: "login_failures_total",
  help: "Wrong passwords at login, every account and address (this process's).",
  registers: [registry],
});

let readNewBrowsersSlowed: () => Promise<boolean> = () => Promise.resolve(false);

/** The login limits say how to read it; read at each scrape, so it falls back to 0 once failures stop. */
export function watchNewBrowsersSlowed(read: () => Promise<boolean>): void {
  readNewBrowsersSlowed = read;
}

export const newBrowsersSlowed = new Gauge({
  name: "login_new_browsers_slowed",
  help: "1 while wrong passwords of all accounts (shared through Redis) are past the threshold and logins from new browsers are slowed.",
  registers: [registry],
  async collect() {
    this.set((await readNewBrowsersSlowed()) ? 1 : 0);
  },
});
