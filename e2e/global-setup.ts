// Starts Charter the way a user does (`node scripts/serve.mjs start`, i.e. `npm start`) on a free
// port with a fresh embedded PostgreSQL in a throwaway data dir, waits for the first-run setup URL
// it prints and for /api/health, and hands both to the tests through the environment. Returns the
// teardown: SIGTERM to the launcher (which stops Next and PostgreSQL), then the dir is removed.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./net";

const root = path.resolve(import.meta.dirname, "..");
const START_TIMEOUT_MS = 240_000; // includes `next build` when no build exists yet

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function waitForHealth(baseURL: string, deadline: number, child: ChildProcess) {
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the server did not answer /api/health with 200 in time");
}

export default async function globalSetup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-e2e-"));
  fs.chmodSync(dir, 0o755); // as root, PostgreSQL runs as `postgres` and must reach its data dir
  const port = await freePort();
  // mail goes to a port e2e/notifications.spec.ts listens on with its own smtp-server while it runs
  const smtpPort = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", CHARTER_DATA_DIR: dir, PG_FAST: "1", NODE_ENV: "production" };
  // a fresh embedded database, whatever the calling shell points at
  for (const key of ["DATABASE_URL", "SESSION_SECRET", "PUBLIC_BASE_URL", "NEXTAUTH_URL"]) delete env[key];
  // the OAuth tool-server's client (e2e/mcp-oauth.spec.ts); strict profile, the default
  Object.assign(env, { OAUTH_CLIENT_ID: "charter-e2e-client", OAUTH_CLIENT_SECRET: "charter-e2e-secret", OAUTH_PROFILE: "strict" });
  Object.assign(env, { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: "Charter <charter@example.test>" });
  // the webhooks journey subscribes a receiver on this machine
  env.CHARTER_WEBHOOK_ALLOW_PRIVATE = "1";
  // the liveness journey waits for the sweep: every second, not every 30
  env.CHARTER_LIVENESS_TICK_MS = "1000";

  const logPath = path.join(dir, "server.log");
  const log = fs.createWriteStream(logPath);
  // its own process group, so the teardown can reach Next and PostgreSQL if the launcher hangs
  const child = spawn(process.execPath, ["scripts/serve.mjs", "start"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const readLog = () => (fs.existsSync(logPath) ? fs.readFileSync(logPath, "utf8").slice(-4000) : "");

  const teardown = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      if (!(await waitForExit(child, 20_000))) {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          // already gone
        }
        await waitForExit(child, 5_000);
      }
    }
    log.end();
    if (!process.env.CHARTER_E2E_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    const setupURL = await new Promise<string>((resolve, reject) => {
      let buffer = "";
      const timer = setTimeout(() => reject(new Error("no setup URL was printed in time")), START_TIMEOUT_MS);
      child.stdout!.on("data", (chunk: Buffer) => {
        log.write(chunk);
        buffer += chunk.toString("utf8");
        const match = /(https?:\/\/\S+\/setup\?token=chk_setup_[A-Za-z0-9_-]+)/.exec(buffer);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.stderr!.on("data", (chunk: Buffer) => log.write(chunk));
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (code ${code}) before printing the setup URL`));
      });
    });
    const baseURL = new URL(setupURL).origin;
    await waitForHealth(baseURL, Date.now() + START_TIMEOUT_MS, child);
    process.env.CHARTER_E2E_BASE_URL = baseURL;
    process.env.CHARTER_E2E_SETUP_URL = setupURL;
    process.env.CHARTER_E2E_DIR = dir;
    process.env.CHARTER_E2E_SMTP_PORT = String(smtpPort);
    fs.writeFileSync(path.join(dir, "e2e.json"), JSON.stringify({ baseURL, setupURL }, null, 2));
  } catch (err) {
    const tail = readLog();
    await teardown();
    throw new Error(`${(err as Error).message}\n--- server output ---\n${tail}`, { cause: err });
  }
  return teardown;
}
