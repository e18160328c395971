// /healthz: the process alone; /readyz: what serving needs (upstream, Redis), naming what failed.

import type http from "node:http";
import { pathOf } from "~/server/request-path.server";
import { redisAnswers } from "~/store/redis.server";
import { upstreamIsHealthy } from "~/upstream/health.server";

export const READINESS_TIMEOUT_MS = 1_000;

export interface Lifecycle {
  readonly shuttingDown: boolean;
}

export const HEALTH_PATH = "/healthz";
export const READY_PATH = "/readyz";

export async function readinessFailures(lifecycle: Lifecycle): Promise<string[]> {
  if (lifecycle.shuttingDown) return ["shutting_down"];
  const [upstream, redis] = await Promise.all([
    upstreamIsHealthy(READINESS_TIMEOUT_MS),
    redisAnswers(READINESS_TIMEOUT_MS),
  ]);
  // A stop that came during the checks decides: the answer is about now, not about when it was asked.
  if (lifecycle.shuttingDown) return ["shutting_down"];
  return [...(upstream ? [] : ["upstream"]), ...(redis === false ? ["redis"] : [])];
}

function answer(res: http.ServerResponse, status: number, body: object): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Cache-Control": "no-store",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

export function healthRoutes(lifecycle: Lifecycle) {
  return (req: http.IncomingMessage, res: http.ServerResponse, next: () => void): void => {
    const path = pathOf(req);
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (path === HEALTH_PATH) return answer(res, 200, { status: "ok" });
    if (path !== READY_PATH) return next();
    readinessFailures(lifecycle).then(
      (failed) =>
        failed.length === 0
          ? answer(res, 200, { status: "ready" })
          : answer(res, 503, { status: "not_ready", failed }),
      () => answer(res, 503, { status: "not_ready", failed: ["check"] }),
    );
  };
}
