// Keeps a child process running (`npm start` survives its upstream: decision 0008): when it exits it is
// started again after a delay that doubles from `initialDelayMs` up to `maxDelayMs`, and falls back
// to `initialDelayMs` once a run has lasted `resetAfterMs` (a crash now and then is not a crash loop).
// Each exit and each restart is logged.

import type { ChildProcess } from "node:child_process";

export interface SuperviseOptions {
  /** The name the log lines use. */
  name: string;
  /** Starts the child (again). */
  start: () => ChildProcess;
  initialDelayMs?: number;
  maxDelayMs?: number;
  resetAfterMs?: number;
  log?: (line: string) => void;
}

export interface Supervisor {
  /** The running child, or null while waiting to restart it. */
  readonly child: ChildProcess | null;
  /** How many times the child was started again after an exit. */
  readonly restarts: number;
  /** Stops restarting, ends the child (SIGTERM) and resolves once it has exited. */
  stop(): Promise<void>;
}

export function supervise({
  name,
  start,
  initialDelayMs = 1_000,
  maxDelayMs = 30_000,
  resetAfterMs = 60_000,
  log = (line) => console.error(line),
}: SuperviseOptions): Supervisor {
  let child: ChildProcess | null = null;
  let restarts = 0;
  let stopping = false;
  let nextDelay = initialDelayMs;
  let timer: NodeJS.Timeout | null = null;

  const run = () => {
    timer = null;
    const startedAt = Date.now();
    const current = start();
    child = current;
    // A child that cannot be spawned also exits (code -2 and the like): the same backoff applies.
    current.on("error", (error) => log(`${name}: ${error.message}`));
    current.once("exit", (code, signal) => {
      child = null;
      if (stopping) return;
      if (Date.now() - startedAt >= resetAfterMs) nextDelay = initialDelayMs;
      const delay = nextDelay;
      nextDelay = Math.min(nextDelay * 2, maxDelayMs);
      log(`${name} exited (${signal ?? code}); restarting in ${delay / 1000} s.`);
      timer = setTimeout(() => {
        restarts += 1;
        run();
        log(`${name} restarted (pid ${child?.pid ?? "?"}).`);
      }, delay);
    });
  };
  run();

  return {
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        current.once("exit", () => resolve());
        current.kill("SIGTERM");
      });
    },
  };
}
