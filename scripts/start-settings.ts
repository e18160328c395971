// `npm start`'s settings, all checked before anything starts: its own (UPSTREAM_PORT, DATA_DIR), the
// app's (app/settings/config.server.ts) and the embedded upstream's (reference-upstream/config.ts), the
// last two with the very environment each will be given. The first wrong one stops the start with one
// line naming it: before anything listens, and before a supervised upstream could fail in a loop.

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import {
  type Environment,
  REFUSED,
  portNumber,
  readSettings,
  setting,
  withDefault,
} from "../app/domain/settings";
import { readConfig } from "../app/settings/config.server";
import { configFromEnvironment } from "../reference-upstream/config";

export interface StartSettings {
  /** The app's public port. */
  port: string;
  upstreamPort: string;
  appBaseUrl: string;
  apiBaseUrl: string;
  /** The embedded upstream's environment; null when API_BASE_URL names an upstream elsewhere. */
  upstreamEnv: NodeJS.ProcessEnv | null;
  /** The app's environment, as checked. */
  appEnv: NodeJS.ProcessEnv;
}

/** The variables `npm start` reads itself; the others are the app's and the upstream's to check. */
const ownSchema = z.object({
  UPSTREAM_PORT: withDefault(portNumber(), 8787),
  DATA_DIR: withDefault(
    setting("a folder (made when missing)", (dir) =>
      fs.existsSync(dir) && !fs.statSync(dir).isDirectory() ? REFUSED : dir,
    ),
    "data",
  ),
});

export function startSettings(
  env: NodeJS.ProcessEnv,
  { dev, root }: { dev: boolean; root: string },
): StartSettings {
  const own = readSettings(ownSchema, env);
  const upstreamPort = String(own.UPSTREAM_PORT);
  const dataDir = path.resolve(root, own.DATA_DIR);
  const embedded = !env.API_BASE_URL?.trim();
  const apiBaseUrl = embedded ? `http://127.0.0.1:${upstreamPort}` : env.API_BASE_URL!.trim();
  const appEnv: NodeJS.ProcessEnv = {
    ...env,
    ...sessionSecrets(env, dataDir),
    NODE_ENV: dev ? "development" : "production",
    API_BASE_URL: apiBaseUrl,
  };
  const app = readConfig(appEnv);
  const appBaseUrl = env.APP_BASE_URL?.trim() || app.appOrigin;
  Object.assign(appEnv, { PORT: String(app.port), APP_BASE_URL: appBaseUrl });
  const upstreamEnv: NodeJS.ProcessEnv | null = embedded
    ? {
        ...env,
        UPSTREAM_PORT: upstreamPort,
        UPSTREAM_HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        APP_BASE_URL: appBaseUrl,
      }
    : null;
  if (upstreamEnv) configFromEnvironment(upstreamEnv);
  return { port: String(app.port), upstreamPort, appBaseUrl, apiBaseUrl, upstreamEnv, appEnv };
}

/**
 * The app's cookie secrets: from the environment when both are set (a deployment), else created once
 * in $DATA_DIR/app-secrets.json, so a restart keeps people logged in.
 */
function sessionSecrets(
  env: Environment,
  dataDir: string,
): { SESSION_SECRETS: string; SESSION_ENCRYPTION_KEY: string } {
  if (env.SESSION_SECRETS && env.SESSION_ENCRYPTION_KEY) {
    return { SESSION_SECRETS: env.SESSION_SECRETS, SESSION_ENCRYPTION_KEY: env.SESSION_ENCRYPTION_KEY };
  }
  const file = path.join(dataDir, "app-secrets.json");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const created = {
      SESSION_SECRETS: randomBytes(32).toString("base64"),
      SESSION_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    };
    fs.writeFileSync(file, JSON.stringify(created), { mode: 0o600 });
  }
  return JSON.parse(fs.readFileSync(file, "utf8")) as {
    SESSION_SECRETS: string;
    SESSION_ENCRYPTION_KEY: string;
  };
}
