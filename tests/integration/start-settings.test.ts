// "A wrong value stops the start with one line naming the variable and what is expected, before
// anything listens": `npm start` (scripts/start.ts, run as node runs it) with one wrong setting exits 1
// with that one line on stderr and no stack trace, having started no upstream (none printed its
// start, none made its database, none listens on UPSTREAM_PORT).

import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findFreePort } from "../../scripts/ports";

const ROOT = path.resolve(import.meta.dirname, "../..");
const started: ChildProcess[] = [];
const folders: string[] = [];

afterEach(() => {
  // Its own process group: whatever a wrong start left running goes with it.
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGKILL");
  }
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  dataDir: string;
  upstreamPort: number;
}

/** `npm start`'s script under the environment plus `settings`, until it exits. */
async function start(settings: Record<string, string>): Promise<Run> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "start-settings-"));
  folders.push(dataDir);
  const upstreamPort = await findFreePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, UPSTREAM_PORT: String(upstreamPort) };
  for (const name of ["API_BASE_URL", "APP_BASE_URL", "SESSION_SECRETS", "SESSION_ENCRYPTION_KEY"]) {
    delete env[name];
  }
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: ROOT,
    env: { ...env, ...settings },
    detached: true,
  });
  started.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  return { code, stdout, stderr, dataDir, upstreamPort };
}

/** Whether something accepts a connection on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function expectStoppedAtStart(run: Run, name: string) {
  expect(run.code, run.stderr).toBe(1);
  const lines = run.stderr.trim().split("\n");
  expect(lines, "one line").toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^Setting ${name}: expected .+\\.$`));
  expect(run.stderr, "no stack trace").not.toMatch(/^\s+at /m);
  expect(run.stdout, "no upstream started").not.toContain("[upstream]");
  expect(fs.readdirSync(run.dataDir).filter((file) => !file.startsWith("app-secrets"))).toEqual([]);
  expect(await listening(run.upstreamPort), "nothing listens on UPSTREAM_PORT").toBe(false);
}

describe("npm start with a wrong setting", () => {
  it("PORT=abc: one line naming PORT and what it expects, exit 1, no upstream started", async () => {
    const run = await start({ PORT: "abc" });
    await expectStoppedAtStart(run, "PORT");
    expect(run.stderr.trim()).toBe('Setting PORT: expected a port number from 1 to 65535, got "abc".');
  });

  it("API_BASE_URL=not-a-url: one line naming API_BASE_URL, exit 1", async () => {
    const run = await start({ API_BASE_URL: "not-a-url" });
    await expectStoppedAtStart(run, "API_BASE_URL");
  });

  it("UPSTREAM_PORT=8787x: npm start's own setting, checked the same way", async () => {
    const run = await start({ UPSTREAM_PORT: "8787x" });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Setting UPSTREAM_PORT: expected a port number from 1 to 65535, got "8787x".',
    );
  });

  it("DATA_DIR naming a file: one line naming DATA_DIR, exit 1", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "start-settings-")), "data");
    folders.push(path.dirname(file));
    fs.writeFileSync(file, "");
    const run = await start({ DATA_DIR: file });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr.trim()).toBe(
      `Setting DATA_DIR: expected a folder (made when missing), got ${JSON.stringify(file)}.`,
    );
    expect(await listening(run.upstreamPort)).toBe(false);
  });

  it("an upstream setting (UPLOAD_QUOTA_MB=lots) stops it before the upstream starts, not in a restart loop", async () => {
    const run = await start({ UPLOAD_QUOTA_MB: "lots" });
    await expectStoppedAtStart(run, "UPLOAD_QUOTA_MB");
  });
});
