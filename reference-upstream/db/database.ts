// The reference upstream's SQLite database: opened once per process, migrated forward on open.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";

export type Db = Database.Database;

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** The database's file in a data folder: a folder without one is fresh. */
export const databaseFile = (dataDir: string) => path.join(dataDir, "upstream.sqlite3");

export function openDatabase(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(databaseFile(dataDir));
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  migrate(db);
  return db;
}

/**
 * Applies every migration file (NNN_name.sql) not yet recorded, in order, each in its own
 * transaction, so a failed migration leaves the database as it was.
 */
export function migrate(db: Db): string[] {
  db.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)",
  );
  const applied = new Set(
    db
      .prepare("SELECT version FROM schema_migrations")
      .all()
      .map((row) => (row as { version: string }).version),
  );
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d{3}_[a-z0-9_]+\.sql$/.test(name))
    .sort();
  const newlyApplied: string[] = [];
  for (const file of files) {
    const version = file.slice(0, 3);
    if (applied.has(version)) continue;
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), "utf8");
    db.transaction(() => {
      db.exec(sql);
      db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)").run(
        version,
        new Date().toISOString(),
      );
    })();
    newlyApplied.push(file);
  }
  return newlyApplied;
}

/** Runs `work` in a write transaction (BEGIN IMMEDIATE), so concurrent writers never interleave. */
export function inTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(work).immediate();
}
