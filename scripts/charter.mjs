#!/usr/bin/env node
// The Charter CLI (docs/design.md §3), run from the repo root after npm install:
//   npx charter user create --email E --password P [--name N] [--admin]   → the user as JSON
//   npx charter token create --email E [--name N]                          → only a new board token
//   npx charter backup --out FILE      → a consistent copy of the whole instance (lib/backup)
//   npx charter restore FILE           → loads a backup into an empty database
//   npx charter demo [--json]          → a demo company whose scripted agents start working (lib/services/demo.ts)
//   npx charter company export|import  → company packages (lib/portability/cli; docs/portability-instructions-cli.md)
//   npx charter pause|resume [--company PREFIX] [--cancel-running]  → the company's or the instance's pause (docs/pause.md)
// Works against DATABASE_URL, or the embedded database whether or not the server is running.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const usage = `usage:
  npx charter user create --email E --password P [--name N] [--admin]
  npx charter token create --email E [--name N]
  npx charter backup --out FILE
  npx charter restore FILE
  npx charter demo [--json]
  npx charter company export|import …   (npx charter company for its usage)
  npx charter pause [--company PREFIX] [--cancel-running]
  npx charter resume [--company PREFIX]`;

function die(message, code = 1) {
  console.error(`charter: ${message}`);
  process.exit(code);
}

const argv = process.argv.slice(2);
if (argv[0] === "company") await companyCommand(argv.slice(1));
// backup, restore, demo, pause and resume are one word; the others a noun and a verb
const single = ["backup", "restore", "demo", "pause", "resume"].includes(argv[0]);
const [noun, verb, ...rest] = single ? [argv[0], "", ...argv.slice(1)] : argv;
const specs = {
  "user create": { email: { type: "string" }, password: { type: "string" }, name: { type: "string" }, admin: { type: "boolean", default: false } },
  "token create": { email: { type: "string" }, name: { type: "string" } },
  "backup ": { out: { type: "string" } },
  "restore ": {},
  "demo ": { json: { type: "boolean", default: false } },
  "pause ": { company: { type: "string" }, "cancel-running": { type: "boolean", default: false } },
  "resume ": { company: { type: "string" } },
};
const spec = specs[`${noun} ${verb}`];
if (!spec) die(usage, 2);
let args;
let positionals;
try {
  ({ values: args, positionals } = parseArgs({ args: rest, options: spec, strict: true, allowPositionals: noun === "restore" }));
} catch (e) {
  die(`${e.message}\n${usage}`, 2);
}
if (noun === "backup" && !args.out) die(`--out FILE is required\n${usage}`, 2);
if (noun === "restore" && positionals.length !== 1) die(usage, 2);

if (fs.existsSync(".env")) process.loadEnvFile(".env");
const { parseEnv } = await tsImport("../lib/env.ts", import.meta.url);
let settings;
try {
  settings = parseEnv(process.env);
} catch (e) {
  die(e.message);
}

/** The embedded server's URL: the running one if `npm start` holds the data dir, else a temporary start. */
async function embeddedDatabase() {
  const dataDir = path.resolve(settings.CHARTER_DATA_DIR, "pg");
  const { runningServerPort, startEmbeddedPostgres } = await import("../lib/db/embedded-postgres.mjs");
  const port = runningServerPort(dataDir);
  if (port) return { url: `postgresql://postgres:postgres@127.0.0.1:${port}/charter`, stop: async () => {} };
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  return startEmbeddedPostgres({ dataDir, log: () => {} });
}

let server = null;
let exitCode = 0;
try {
  if (!settings.DATABASE_URL) {
    server = await embeddedDatabase();
    process.env.DATABASE_URL = server.url;
  }
  if (noun === "backup") {
    const { backup } = await tsImport("../lib/backup/dump.ts", import.meta.url);
    const summary = await backup(process.env.DATABASE_URL, path.resolve(args.out));
    const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
    console.log(`backup written to ${summary.file}: ${rows} rows in ${Object.keys(summary.rows).length} tables, ${summary.bytes} bytes`);
  } else if (noun === "restore") {
    const { restore } = await tsImport("../lib/backup/restore.ts", import.meta.url);
    const summary = await restore(process.env.DATABASE_URL, path.resolve(positionals[0]), root);
    const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
    console.log(`restored ${rows} rows in ${Object.keys(summary.rows).length} tables${summary.migratedAfter.length ? `; then applied ${summary.migratedAfter.length} newer migrations` : ""}`);
  } else if (noun === "demo") {
    await demoCommand();
  } else if (noun === "pause" || noun === "resume") {
    await pauseCommand();
  } else {
    await userCommand();
  }
} catch (e) {
  exitCode = 1;
  console.error(`charter: ${e?.message ?? e}`);
} finally {
  await server?.stop();
}
// explicit: embedded-postgres's exit hook would otherwise end the process with status 0
process.exit(exitCode);

/** The database migrated and its client, for commands that call services. */
async function services() {
  const { migrateUrl } = await import("../lib/db/schema-engine.mjs");
  await migrateUrl(process.env.DATABASE_URL, root);
  const { resetEnvCache } = await tsImport("../lib/env.ts", import.meta.url);
  resetEnvCache();
  return tsImport("../lib/db/client.ts", import.meta.url);
}

/** `demo`: the service the onboarding's button calls, as the instance (docs/decisions/0079-cli-actor.md). */
async function demoCommand() {
  const { db, disconnectDb } = await services();
  const { createDemoCompany } = await tsImport("../lib/services/demo.ts", import.meta.url);
  const { instanceActor } = await tsImport("../lib/auth/actor.ts", import.meta.url);
  const { apiBaseUrl } = await tsImport("../lib/runtime/execute.ts", import.meta.url);
  try {
    const demo = await createDemoCompany({ db: db(), actor: instanceActor() });
    if (args.json) return console.log(JSON.stringify(demo, null, 2));
    const [ceo, engineer] = demo.agents;
    console.log([
      `Created ${demo.company.name} (issue prefix ${demo.company.issuePrefix}, budget $${(demo.company.budgetMonthlyCents / 100).toFixed(2)} a month):`,
      `  ${ceo.name}, the CEO, and ${engineer.name}, an engineer reporting to it, run ${demo.agents[0].adapterConfig.args[0]}`,
      `  ${demo.issue.identifier} "${demo.issue.title}" is assigned to ${ceo.name}, who is woken now`,
      `Watch it: ${apiBaseUrl()}${demo.boardPath}`,
      "The agents run in Charter's server: if it is not running, `npm start` and they begin.",
    ].join("\n"));
  } finally {
    await disconnectDb();
  }
}

/** `pause|resume`: the services the API's pause routes call, as the instance (a company by --company, else the instance). */
async function pauseCommand() {
  const { db, disconnectDb } = await services();
  const { instanceActor } = await tsImport("../lib/auth/actor.ts", import.meta.url);
  const ctx = { db: db(), actor: instanceActor() };
  const input = { mode: args["cancel-running"] ? "cancel" : "finish" };
  const runs = (mode) => (mode === "cancel" ? "runs that were running are cancelled" : "runs that were running finish");
  try {
    if (args.company) {
      const pause = await tsImport("../lib/services/pause/company.ts", import.meta.url);
      const c = noun === "pause" ? await pause.pauseCompany(ctx, args.company, input) : await pause.resumeCompany(ctx, args.company);
      console.log(c.pausedAt
        ? `${c.issuePrefix} (${c.name}) is paused since ${c.pausedAt}: no new run starts, wakes are kept, ${runs(c.pauseMode)}`
        : `${c.issuePrefix} (${c.name}) is running; the wakes kept during a pause run now`);
    } else {
      const pause = await tsImport("../lib/services/pause/instance.ts", import.meta.url);
      const p = noun === "pause" ? await pause.pauseInstance(ctx, input) : await pause.resumeInstance(ctx);
      console.log(p.pausedAt
        ? `the instance is paused since ${p.pausedAt}: no new run starts in any company, wakes are kept, ${runs(p.mode)}`
        : "the instance is running; the wakes kept during a pause run now (a company paused on its own stays paused)");
    }
  } finally {
    await disconnectDb();
  }
}

async function userCommand() {
  const { db, disconnectDb } = await services();
  const users = await tsImport("../lib/services/users.ts", import.meta.url);
  const { createUserSchema, emailSchema } = await tsImport("../lib/schemas/users.ts", import.meta.url);
  try {
    if (noun === "user") {
      const input = createUserSchema.safeParse({ email: args.email, password: args.password, name: args.name, isInstanceAdmin: args.admin });
      if (!input.success) die(input.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("\n"), 2);
      console.log(JSON.stringify(await users.createUser(db(), input.data), null, 2));
    } else {
      const email = emailSchema.safeParse(args.email);
      if (!email.success) die("--email: must be an email address", 2);
      const token = await users.createBoardTokenForEmail(db(), email.data, args.name ?? "cli");
      console.log(token.token);
    }
  } finally {
    await disconnectDb();
  }
}

/** `company export|import`: strict arguments first (exit 2 before any database), then the services. */
async function companyCommand(companyArgv) {
  const { parseCompanyArgs, companyUsage, UsageError } = await tsImport("../lib/portability/cli/args.ts", import.meta.url);
  let parsed;
  try {
    parsed = parseCompanyArgs(companyArgv);
  } catch (e) {
    if (e instanceof UsageError) die(`${e.message}\n${companyUsage}`, 2);
    throw e;
  }
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const { parseEnv } = await tsImport("../lib/env.ts", import.meta.url);
  let env;
  try {
    env = parseEnv(process.env);
  } catch (e) {
    die(e.message);
  }
  const cli = await tsImport("../lib/portability/cli/run-export.ts", import.meta.url);
  const io = { out: (t) => console.log(t), err: (t) => console.error(`charter: ${t}`) };
  let code;
  let embedded = null;
  try {
    if (parsed.command === "export") await cli.checkOutDir(path.resolve(parsed.out));
    if (!env.DATABASE_URL) {
      const dataDir = path.resolve(env.CHARTER_DATA_DIR, "pg");
      const { runningServerPort, startEmbeddedPostgres } = await import("../lib/db/embedded-postgres.mjs");
      const port = runningServerPort(dataDir);
      if (port) process.env.DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${port}/charter`;
      else {
        fs.mkdirSync(path.dirname(dataDir), { recursive: true });
        embedded = await startEmbeddedPostgres({ dataDir, log: () => {} });
        process.env.DATABASE_URL = embedded.url;
      }
    }
    const { migrateUrl } = await import("../lib/db/schema-engine.mjs");
    await migrateUrl(process.env.DATABASE_URL, root);
    const { resetEnvCache } = await tsImport("../lib/env.ts", import.meta.url);
    resetEnvCache();
    if (parsed.command === "export") code = await cli.runExport(parsed, io);
    else code = await (await tsImport("../lib/portability/cli/run-import.ts", import.meta.url)).runImport(parsed, io);
  } catch (e) {
    const failure = cli.describeFailure(e);
    console.error(`charter: ${failure.text}${failure.code === 2 ? `\n${companyUsage}` : ""}`);
    code = failure.code;
  } finally {
    const { disconnectDb } = await tsImport("../lib/db/client.ts", import.meta.url);
    await disconnectDb().catch(() => {});
    await embedded?.stop();
  }
  process.exit(code);
}
