// One embedded PostgreSQL per test run (or TEST_DATABASE_URL), with a migrated template database
// that every test file clones into its own throwaway database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../lib/db/embedded-postgres.mjs";
import { migrateUrl } from "../../lib/db/schema-engine.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    adminUrl: string;
  }
}

const TEMPLATE = "charter_template";

// embedded-postgres hooks `beforeExit` (async-exit-hook) and calls process.exit(0) there, which would
// replace the failure code vitest has set: an exit(0) keeps a failure code already set.
const exit = process.exit.bind(process);
process.exit = ((code?: number | string | null) => exit(code === 0 && process.exitCode ? process.exitCode : code)) as typeof process.exit;

export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop: (() => Promise<unknown>) | null = null;
  let dir: string | null = null;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-test-pg-"));
    fs.chmodSync(dir, 0o755);
    const server = await startEmbeddedPostgres({ dataDir: path.join(dir, "pg"), fast: true, log: () => {} });
    adminUrl = server.adminUrl;
    stop = server.stop;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE}`;
  await migrateUrl(templateUrl.toString(), path.resolve(import.meta.dirname, "../.."));
  await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [TEMPLATE]);
  await admin.end();
  project.provide("adminUrl", adminUrl);
  return async () => {
    if (stop) await stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
