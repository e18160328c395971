import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { type Supervisor, supervise } from "../../../scripts/supervise";

const node = (script: string) => () => spawn(process.execPath, ["-e", script], { stdio: "ignore" });
const EXITS_AT_ONCE = "process.exit(3)";
const RUNS = "setInterval(() => {}, 1000)";

let supervisor: Supervisor | null = null;
afterEach(async () => {
  await supervisor?.stop();
  supervisor = null;
});

const until = async (condition: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe("npm start restarts its upstream when it dies, with a backoff, logging both", () => {
  it("restarts a dying child with doubling delays up to the maximum, logging each exit and restart", async () => {
    const log: string[] = [];
    const startedAt: number[] = [];
    supervisor = supervise({
      name: "upstream",
      start: () => {
        startedAt.push(Date.now());
        return node(EXITS_AT_ONCE)();
      },
      initialDelayMs: 100,
      maxDelayMs: 400,
      resetAfterMs: 60_000,
      log: (line) => log.push(line),
    });
    await until(() => startedAt.length >= 5);
    expect(log.filter((line) => line.includes("exited")).slice(0, 4)).toEqual([
      "upstream exited (3); restarting in 0.1 s.",
      "upstream exited (3); restarting in 0.2 s.",
      "upstream exited (3); restarting in 0.4 s.",
      "upstream exited (3); restarting in 0.4 s.",
    ]);
    expect(log.filter((line) => line.startsWith("upstream restarted (pid ")).length).toBeGreaterThanOrEqual(
      4,
    );
    // The waits really grow: each gap between starts is at least the delay it announced.
    const gaps = startedAt.slice(1, 5).map((at, i) => at - startedAt[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(100);
    expect(gaps[1]).toBeGreaterThanOrEqual(200);
    expect(gaps[2]).toBeGreaterThanOrEqual(400);
    expect(gaps[3]).toBeGreaterThanOrEqual(400);
  });

  it("goes back to the first delay after a run that lasted long enough", async () => {
    const log: string[] = [];
    let starts = 0;
    supervisor = supervise({
      name: "upstream",
      // Two quick deaths, then one that lives past resetAfterMs before it dies.
      start: () => {
        starts += 1;
        return node(starts === 3 ? "setTimeout(() => process.exit(1), 2000)" : EXITS_AT_ONCE)();
      },
      initialDelayMs: 50,
      maxDelayMs: 1_000,
      resetAfterMs: 1_500,
      log: (line) => log.push(line),
    });
    await until(() => starts >= 4);
    expect(log.filter((line) => line.includes("exited"))).toEqual([
      "upstream exited (3); restarting in 0.05 s.",
      "upstream exited (3); restarting in 0.1 s.",
      "upstream exited (1); restarting in 0.05 s.",
    ]);
  });

  it("stops on shutdown: ends the child and restarts nothing", async () => {
    const log: string[] = [];
    supervisor = supervise({
      name: "upstream",
      start: node(RUNS),
      initialDelayMs: 20,
      log: (line) => log.push(line),
    });
    const child = supervisor.child!;
    await until(() => child.pid !== undefined);
    await supervisor.stop();
    expect(child.signalCode).toBe("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(supervisor.child).toBeNull();
    expect(supervisor.restarts).toBe(0);
    expect(log).toEqual([]);
  });

  it("stops while waiting to restart: the pending restart never happens", async () => {
    let starts = 0;
    supervisor = supervise({
      name: "upstream",
      start: () => {
        starts += 1;
        return node(EXITS_AT_ONCE)();
      },
      initialDelayMs: 200,
      log: () => undefined,
    });
    await until(() => supervisor!.child === null);
    await supervisor.stop();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(starts).toBe(1);
  });
});
