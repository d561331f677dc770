// `npm start` / `npm run dev`: settings → database (embedded PostgreSQL unless DATABASE_URL) →
// migrations → first-run setup URL → build if missing → Next. Plain Node, so that nothing here is
// bundled by Next (the WASM migration engine cannot be).
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";
import { prepareDatabase } from "./prepare-db.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const [mode = "start"] = process.argv.slice(2);
const t0 = performance.now();
const fail = (message) => {
  console.error(`charter: ${message}`);
  process.exit(1);
};

if (fs.existsSync(".env")) process.loadEnvFile(".env");
const { parseEnv, EnvError } = await tsImport("../lib/env.ts", import.meta.url);
let settings;
try {
  settings = parseEnv(process.env);
} catch (e) {
  fail(e instanceof EnvError ? e.message : String(e));
}

function portFree(host, port) {
  return new Promise((resolve) => {
    const s = net.createServer().once("error", () => resolve(false));
    s.listen(port, host, () => s.close(() => resolve(true)));
  });
}
if (!(await portFree(settings.HOST, settings.PORT))) {
  fail(`port ${settings.PORT} on ${settings.HOST} is already in use (is Charter already running?): stop that process or set PORT.`);
}

// Stopping goes in order: the app first, then, once it has exited, the embedded PostgreSQL, so nothing
// on a live connection sees the database vanish (ECONNREFUSED). The database runs in a process group of
// its own (ownSignals), out of reach of a terminal's Ctrl-C, which reaches the launcher and Next.
let embedded = null;
let child = null;
let stopping = false;
const shutdown = async (code) => {
  if (stopping) return;
  stopping = true;
  if (embedded) {
    console.log("[stop] the app has stopped; stopping PostgreSQL");
    await embedded.stop();
    console.log("[stop] PostgreSQL stopped");
  }
  process.exit(code ?? 0);
};
// Next finishes the requests in flight before it exits; one that never ends (a live-events stream)
// must not keep the database up for ever.
const APP_STOP_GRACE_MS = 15_000;
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(sig, () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return void shutdown(0);
    child.kill(sig);
    setTimeout(() => child.kill("SIGKILL"), APP_STOP_GRACE_MS).unref();
  });
}

if (!settings.DATABASE_URL) {
  const dataDir = path.resolve(settings.CHARTER_DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const { startEmbeddedPostgres, EmbeddedPostgresError } = await import("../lib/db/embedded-postgres.mjs");
  try {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "pg"), fast: process.env.PG_FAST === "1", ownSignals: true });
  } catch (e) {
    fail(e instanceof EmbeddedPostgresError ? e.message : `the embedded PostgreSQL failed: ${e?.message ?? e}`);
  }
  process.env.DATABASE_URL = embedded.url;
  console.log(`[db] embedded PostgreSQL on 127.0.0.1:${embedded.port}, data in ${embedded.dataDir} (initdb ${embedded.timings.initdbMs} ms, start ${embedded.timings.startMs} ms)`);
  // One instance on its own database: a session secret generated once and kept with the data.
  if (!process.env.SESSION_SECRET) {
    const secretFile = path.join(dataDir, "session-secret");
    if (!fs.existsSync(secretFile)) fs.writeFileSync(secretFile, randomBytes(32).toString("base64url"), { mode: 0o600 });
    process.env.SESSION_SECRET = fs.readFileSync(secretFile, "utf8").trim();
  }
} else if (!settings.SESSION_SECRET) {
  fail("SESSION_SECRET must be set when DATABASE_URL is (several instances must share it): use 32+ random characters.");
}

const baseUrl = settings.PUBLIC_BASE_URL ?? `http://${settings.HOST}:${settings.PORT}`;
process.env.NEXTAUTH_URL ??= baseUrl;

let prepared;
try {
  prepared = await prepareDatabase(process.env.DATABASE_URL);
} catch (e) {
  console.error(e);
  await embedded?.stop();
  fail("applying the database migrations failed (see above).");
}
console.log(`[db] migrations applied: ${prepared.applied.length ? prepared.applied.join(", ") : "none pending"}; database ready in ${Math.round(performance.now() - t0)} ms`);

const require = createRequire(import.meta.url);
const nextBin = require.resolve("next/dist/bin/next");
if (mode === "start" && !fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.log("[build] no production build yet: running next build once (about a minute)");
  try {
    execFileSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  } catch {
    await embedded?.stop();
    fail("next build failed (see above).");
  }
}

// An old generation that starts at 128 MiB (half the heap cap at most): under load V8 otherwise ran a
// full collection every ~0.7 s, each stopping every request in flight for 10–20 ms (docs/decisions/0005-server-heap-flags.md).
// A flag NODE_OPTIONS does not take, so it goes on the command line, and for `start` only: `next dev`
// passes its own flags on to its server process in NODE_OPTIONS, where this one stops Node from starting.
const v8Flags = mode === "start" ? [`--initial-old-space-size=${Math.min(128, Math.floor(settings.CHARTER_MAX_HEAP_MB / 2))}`] : [];
const frontDoor = path.join(root, "lib/http/preload-front-door.cjs");
child = spawn(process.execPath, [...v8Flags, nextBin, mode, "-H", settings.HOST, "-p", String(settings.PORT)], {
  stdio: "inherit",
  env: {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    CHARTER_LAUNCHER_PID: String(process.pid),
    // a young generation of 32 MiB semi-spaces instead of 16: at a hundred requests in flight a
    // tenth of the server's time went to scavenges; fewer of them cut its CPU per request by ~12%
    // (docs/decisions/0005-server-heap-flags.md), and idle memory is unchanged (the space grows only under allocation)
    // the server's one hook, before Next creates its server: the request stamp (the socket's address,
    // HSTS) and the front door (what Next would answer with a 500 or a bodiless error; lib/http/front-door.ts)
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=${settings.CHARTER_MAX_HEAP_MB} --max-semi-space-size=32 --require "${frontDoor}"`.trim(),
  },
});
if (prepared.setupToken) {
  console.log(`\n  First run: create the first board user (an instance admin) at\n  ${baseUrl}/setup?token=${prepared.setupToken}\n`);
}

child.on("exit", (code, signal) => shutdown(code ?? (signal ? 0 : 1)));
