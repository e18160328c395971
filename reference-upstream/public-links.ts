// Where the links in mails point. The operator command is another process, usually run from a shell
// that has no APP_BASE_URL: it links to the origins the running upstream was started with, recorded
// in the database, rather than to a guessed localhost:3000.

import type { ServiceDefinition, UpstreamConfig } from "./config";
import type { Db } from "./db/database";

const KEY = "public_links";

interface PublicLinks {
  appBaseUrl: string;
  services: ServiceDefinition[];
}

/** Called as the upstream starts: the origins its mails link to, for the operator command to reuse. */
export function recordPublicLinks(db: Db, config: UpstreamConfig): void {
  const links: PublicLinks = { appBaseUrl: config.appBaseUrl, services: config.services };
  db.prepare(
    "INSERT INTO system_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(KEY, JSON.stringify(links));
}

/**
 * The configuration with the recorded origins, unless this process was given APP_BASE_URL itself
 * (an operator who says where the app is is believed).
 */
export function withRecordedPublicLinks(
  db: Db,
  config: UpstreamConfig,
  env: NodeJS.ProcessEnv = process.env,
): UpstreamConfig {
  if (env.APP_BASE_URL) return config;
  const row = db.prepare("SELECT value FROM system_settings WHERE key = ?").get(KEY) as
    { value: string } | undefined;
  if (!row) return config;
  const links = JSON.parse(row.value) as PublicLinks;
  return { ...config, appBaseUrl: links.appBaseUrl, services: links.services };
}
