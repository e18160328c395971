import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Supervisor, supervise } from "../../../scripts/supervise";

const node = (script: string) => spawn(process.execPath, ["-e", script], { stdio: "ignore" });
const EXITS_AT_ONCE = "process.exit(3)";
const RUNS = "setInterval(() => {}, 1000)";

let supervisor: Supervisor | null = null;
// The children are real processes; the supervisor's delays and clock are moved by the test.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
});
afterEach(async () => {
  await supervisor?.stop();
  supervisor = null;
  vi.useRealTimers();
});

/** Each child as it is started, running `script` (or the script its start number picks). */
function starting(script: string | ((start: number) => string)) {
  const children: ChildProcess[] = [];
  const start = () => {
    const child = node(typeof script === "string" ? script : script(children.length + 1));
    children.push(child);
    return child;
  };
  return { children, start };
}

/** Once the child has exited and the supervisor has heard it (its listener came first). */
const exited = (child: ChildProcess) => once(child, "exit");

describe("npm start restarts its upstream when it dies, with a backoff, logging both", () => {
  it("restarts a dying child with doubling delays up to the maximum, logging each exit and restart", async () => {
    const log: string[] = [];
    const { children, start } = starting(EXITS_AT_ONCE);
    supervisor = supervise({
      name: "upstream",
      start,
      initialDelayMs: 100,
      maxDelayMs: 400,
      resetAfterMs: 60_000,
      log: (line) => log.push(line),
    });
    // The waits really grow: no restart a millisecond before the delay it announced, one at it.
    for (const [index, delay] of [100, 200, 400, 400].entries()) {
      await exited(children[index]!);
      vi.advanceTimersByTime(delay - 1);
      expect(children).toHaveLength(index + 1);
      vi.advanceTimersByTime(1);
      expect(children).toHaveLength(index + 2);
    }
    expect(log.filter((line) => line.includes("exited"))).toEqual([
      "upstream exited (3); restarting in 0.1 s.",
      "upstream exited (3); restarting in 0.2 s.",
      "upstream exited (3); restarting in 0.4 s.",
      "upstream exited (3); restarting in 0.4 s.",
    ]);
    expect(log.filter((line) => line.startsWith("upstream restarted (pid "))).toHaveLength(4);
  });

  it("goes back to the first delay after a run that lasted long enough", async () => {
    const log: string[] = [];
    // Two quick deaths, then one that lives past resetAfterMs before it is ended.
    const { children, start } = starting((started) => (started === 3 ? RUNS : EXITS_AT_ONCE));
    supervisor = supervise({
      name: "upstream",
      start,
      initialDelayMs: 50,
      maxDelayMs: 1_000,
      resetAfterMs: 1_500,
      log: (line) => log.push(line),
    });
    await exited(children[0]!);
    vi.advanceTimersByTime(50);
    await exited(children[1]!);
    vi.advanceTimersByTime(100);
    const longLived = children[2]!;
    vi.advanceTimersByTime(1_500);
    longLived.kill("SIGTERM");
    await exited(longLived);
    expect(log.filter((line) => line.includes("exited"))).toEqual([
      "upstream exited (3); restarting in 0.05 s.",
      "upstream exited (3); restarting in 0.1 s.",
      "upstream exited (SIGTERM); restarting in 0.05 s.",
    ]);
  });

  it("stops on shutdown: ends the child and restarts nothing", async () => {
    const log: string[] = [];
    supervisor = supervise({
      name: "upstream",
      start: () => node(RUNS),
      initialDelayMs: 20,
      log: (line) => log.push(line),
    });
    const child = supervisor.child!;
    await once(child, "spawn");
    await supervisor.stop();
    expect(child.signalCode).toBe("SIGTERM");
    expect(vi.getTimerCount()).toBe(0);
    expect(supervisor.child).toBeNull();
    expect(supervisor.restarts).toBe(0);
    expect(log).toEqual([]);
  });

  it("stops while waiting to restart: the pending restart never happens", async () => {
    const { children, start } = starting(EXITS_AT_ONCE);
    supervisor = supervise({ name: "upstream", start, initialDelayMs: 200, log: () => undefined });
    await exited(children[0]!);
    expect(vi.getTimerCount()).toBe(1);
    await supervisor.stop();
    vi.advanceTimersByTime(200);
    expect(children).toHaveLength(1);
    expect(supervisor.restarts).toBe(0);
  });
});
