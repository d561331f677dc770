#!/usr/bin/env node
// `npm run worker`: a heartbeat worker on its own, against DATABASE_URL or the embedded database of
// a running `npm start` in this checkout. Run the server with CHARTER_WORKER=off to leave all runs
// to dedicated workers.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
if (fs.existsSync(".env")) process.loadEnvFile(".env");
const fail = (message) => {
  console.error(`charter worker: ${message}`);
  process.exit(1);
};

const { parseEnv, EnvError, resetEnvCache } = await tsImport("../lib/env.ts", import.meta.url);
let settings;
try {
  settings = parseEnv(process.env);
} catch (e) {
  fail(e instanceof EnvError ? e.message : String(e));
}
if (!settings.DATABASE_URL) {
  const { runningServerPort } = await import("../lib/db/embedded-postgres.mjs");
  const port = runningServerPort(path.resolve(settings.CHARTER_DATA_DIR, "pg"));
  if (!port) fail("no database: set DATABASE_URL, or start Charter (npm start) first so its embedded database is running.");
  process.env.DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${port}/charter`;
  resetEnvCache();
}
const { runWorkerProcess } = await tsImport("../lib/runtime/main.ts", import.meta.url);
try {
  await runWorkerProcess();
} catch (e) {
  fail(`could not start: ${e?.message ?? e}`);
}
