// Workspaces benchmark (`npm run bench:workspaces`, after `npm run build`), on a server started exactly
// as `npm start` does (its worker inside), with a git repository the bench makes: 10,000 small files in
// nested folders, in three commits.
//   - worktrees: 100 issues' worktrees made one after another by Charter's own workspace code (the step
//     the worker takes before an issue's first run), p50/p95 of one (wall and CPU time, git's included)
//     and the total, and the disk they use; plain `git worktree add` of the same repository, alternating
//     with them, is the reference
//   - first output: a `process` agent whose command prints the time at once (`date +%s%3N`) and its
//     folder, then works for two seconds (as a run does: its log is written while it runs), woken
//     through POST /api/agents/:id/wakeup in rounds of three: the first run of a new issue of a project
//     whose primary workspace is that repository (a new worktree), a second run of the same issue (its
//     worktree reused), and a run for an issue without a project (the agent's own cwd, no workspace).
//     Measured from the wake to the line printed, and to the line's `run.log` event on the company's
//     live stream (a run's log is written about once a second, so that one is about a second later)
// BENCH_FILES, BENCH_WORKTREES and BENCH_ROUNDS make it smaller for a smoke run (BENCH_WORKTREES=0 measures
// the first output only); BENCH_WORKER=external
// runs the server with CHARTER_WORKER=off and one `npm run worker` process (the worker from source).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { tsImport } from "tsx/esm/api";
import { machine, percentile, root, saveResult, sleep, startCharter, withPg } from "./lib.mjs";

const FILES = Number(process.env.BENCH_FILES ?? 10_000);
const WORKTREES = Number(process.env.BENCH_WORKTREES ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);

const git = (cwd, ...args) => execFileSync("git", args, {
  cwd, encoding: "utf8", maxBuffer: 64 * 2 ** 20,
  env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_AUTHOR_NAME: "Bench", GIT_AUTHOR_EMAIL: "bench@example.test", GIT_COMMITTER_NAME: "Bench", GIT_COMMITTER_EMAIL: "bench@example.test" },
}).trim();

/** p50, p95, max and mean of a list of milliseconds, rounded. */
function summary(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  const round = (x) => Math.round(x);
  return { n: ms.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted.at(-1) ?? 0), mean: round(ms.reduce((s, x) => s + x, 0) / (ms.length || 1)) };
}

/** KiB on disk under `dir` (allocated blocks, as `du -sk` counts them). */
const diskKiB = (...dirs) => Number(execFileSync("du", ["-sk", "--total", ...dirs], { encoding: "utf8" }).trim().split("\n").at(-1).split("\t")[0]);

/**
 * A repository of `files` small text files, ten to a folder three levels deep (src/m00/s0/…), committed
 * in three steps (most of the files, the rest, then an edit of every tenth file) and packed.
 */
function makeRepository(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-bench-repo-"));
  git(dir, "init", "--quiet", "--initial-branch=main");
  git(dir, "config", "gc.auto", "0");
  const fileAt = (i) => path.join(dir, "src", `m${String(Math.floor(i / 100)).padStart(3, "0")}`, `s${Math.floor(i / 10) % 10}`, `f${i % 10}.ts`);
  const write = (from, to, edit) => {
    for (let i = from; i < to; i += edit ? 10 : 1) {
      fs.mkdirSync(path.dirname(fileAt(i)), { recursive: true });
      fs.writeFileSync(fileAt(i), `// file ${i}${edit ? " (edited)" : ""}\nexport const value${i} = ${i};\nexport function f${i}(x: number) {\n  return x + value${i};\n}\n`);
    }
    git(dir, "add", "-A");
  };
  fs.writeFileSync(path.join(dir, "README.md"), "# bench repository\n");
  write(0, Math.floor(files * 0.8));
  git(dir, "commit", "--quiet", "-m", "Most of the files");
  write(Math.floor(files * 0.8), files);
  git(dir, "commit", "--quiet", "-m", "The rest of the files");
  write(0, files, true);
  git(dir, "commit", "--quiet", "-m", "Edit every tenth file");
  // packed, as a cloned or lived-in repository is: git's automatic gc (off until here) would otherwise
  // pack the 20,000 loose objects in the background during the first minutes of measuring
  git(dir, "gc", "--quiet");
  git(dir, "config", "--unset", "gc.auto");
  return dir;
}

/**
 * `c.api` once more when the server had closed the idle connection the request went out on: seconds of
 * git on a loaded machine between two calls outlast the server's keep-alive, and the request never
 * reached it (a second wake would show as coalesced, which the bench refuses).
 */
async function api(c, ...args) {
  try {
    return await c.api(...args);
  } catch (e) {
    if (e.cause?.code !== "UND_ERR_SOCKET") throw e;
    return c.api(...args);
  }
}

/** CPU milliseconds (user + system) of this process and of the children it has waited for (git), from /proc. */
function cpuMs() {
  const f = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 10;
}

/** Wall and CPU milliseconds of `fn`. */
async function timed(fn) {
  const cpu = cpuMs();
  const t = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t, cpuMs: cpuMs() - cpu };
}

/** The summaries of a list of timings, with the total, the distinct folders and the disk they use. */
function worktreeReport(runs, dirs) {
  const kib = diskKiB(...dirs);
  return {
    wallMs: summary(runs.map((r) => r.ms)), cpuMs: summary(runs.map((r) => r.cpuMs)),
    totalSeconds: Math.round(runs.reduce((s, r) => s + r.ms, 0) / 100) / 10, distinctFolders: new Set(dirs).size,
    diskMiB: Math.round(kib / 1024), diskMiBPerWorktree: Math.round(kib / dirs.length / 102.4) / 10,
  };
}

/**
 * `count` issues' worktrees made one after another by the worker's own step before a run
 * (prepareRunWorkspace: the job read from the database, the worktree and branch made under the
 * repository's lock, the row recorded), each on the workspace row the claim makes for an issue's first
 * run; and, alternating with them so that both see the same load, as many plain `git worktree add -b`.
 */
async function worktrees(c, repo, plainRoot, count) {
  process.env.DATABASE_URL = c.databaseUrl;
  process.env.CHARTER_DATA_DIR = c.dataDir;
  const { prepareRunWorkspace } = await tsImport("../lib/runtime/run-workspace.ts", import.meta.url);
  const company = await api(c, "POST", "/api/companies", { name: "Bench Worktrees", issuePrefix: "WTB" });
  const project = await api(c, "POST", `/api/companies/${company.id}/projects`, { name: "Bench repository", status: "active", workspace: { cwd: repo } });
  const charter = [], plain = [];
  await withPg(c.databaseUrl, async (db) => {
    for (let i = 0; i < count; i++) {
      const issue = await api(c, "POST", `/api/companies/${company.id}/issues`, { title: `Worktree ${i} of the bench`, projectId: project.id });
      const { rows } = await db.query(`INSERT INTO "ExecutionWorkspace" (id, "companyId", "projectId", "issueId", policy, "updatedAt")
                                       VALUES (uuidv7(), $1, $2, $3, 'git_worktree', now()) RETURNING id`, [company.id, project.id, issue.id]);
      const run = { runId: crypto.randomUUID(), companyId: company.id, executionWorkspaceId: rows[0].id, adapterConfig: {} };
      const made = await timed(() => prepareRunWorkspace(run, () => {}));
      if (made.value.error) throw new Error(made.value.error);
      charter.push({ ...made, dir: made.value.run.workspace.path });
      const dir = path.join(plainRoot, `w${i}`);
      plain.push({ ...(await timed(() => git(repo, "worktree", "add", "--quiet", "-b", `plain/${i}`, dir, "main"))), dir });
    }
  });
  return {
    charter: { ...worktreeReport(charter, charter.map((r) => r.dir)), gitAdminMiB: Math.round(diskKiB(path.join(repo, ".git", "worktrees")) / 1024) },
    plainGit: worktreeReport(plain, plain.map((r) => r.dir)),
  };
}

const loadNow = () => os.loadavg().map((l) => Math.round(l * 10) / 10);

/** The company's live stream, keeping when each run's output first showed on it. */
async function runLogArrivals(c, companyId) {
  const abort = new AbortController();
  const res = await fetch(`${c.base}/api/companies/${companyId}/events`, { headers: { authorization: `Bearer ${c.boardToken}` }, signal: abort.signal });
  if (!res.ok) throw new Error(`events: ${res.status}`);
  const firstLog = new Map();
  let ready;
  const isReady = new Promise((r) => (ready = r));
  void (async () => {
    const decoder = new TextDecoder();
    let buf = "";
    try {
      for await (const chunk of res.body) {
        const at = Date.now();
        buf += decoder.decode(chunk, { stream: true });
        for (let i = buf.indexOf("\n\n"); i >= 0; i = buf.indexOf("\n\n")) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          if (block.startsWith("event: ready")) ready();
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!block.startsWith("event: change") || !data) continue;
          const e = JSON.parse(data);
          // a run's output reaches the stream with its first log write, or with its finish when it ends first
          if (e.entityType === "heartbeat_run" && ["run.log", "run.finished"].includes(e.action) && !firstLog.has(e.entityId)) firstLog.set(e.entityId, at);
        }
      }
    } catch { /* the stream is closed at the end */ }
  })();
  await isReady;
  return { firstLog, close: () => abort.abort() };
}

/**
 * Wakes `agentId` for `issueId` and waits for the run to finish and its log event to arrive: the
 * times from the wake to the claim, to the printed line and to the line's live event.
 */
async function timedWake(c, db, live, agentId, issueId) {
  const t0 = Date.now();
  const wake = await api(c, "POST", `/api/agents/${agentId}/wakeup`, { issueId });
  if (wake.status !== "queued") throw new Error(`the wake was ${wake.status}, not queued: runs overlap`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { rows } = await db.query(`SELECT id, status::text, error, log, "createdAt", "executionWorkspaceId" FROM "HeartbeatRun" WHERE "wakeRequestId" = $1 AND "finishedAt" IS NOT NULL`, [wake.id]);
    const run = rows[0];
    if (run && run.status !== "succeeded") throw new Error(`run ${run.id} ${run.status}: ${run.error}`);
    if (run && live.firstLog.has(run.id)) {
      // Charter's own line about the workspace comes first; the agent's are the time, then its cwd
      const lines = run.log.split("\n");
      const at = lines.findIndex((l) => /^\d{13}$/.test(l));
      const [printed, cwd] = lines.slice(at);
      return {
        claimMs: run.createdAt.getTime() - t0, printedMs: Number(printed) - t0, eventMs: live.firstLog.get(run.id) - t0,
        cwd, executionWorkspaceId: run.executionWorkspaceId,
      };
    }
    if (Date.now() > deadline) {
      const { rows: state } = await db.query(`SELECT w.status::text AS wake, r.id, r.status::text AS run, r.log FROM "WakeRequest" w LEFT JOIN "HeartbeatRun" r ON r."wakeRequestId" = w.id WHERE w.id = $1`, [wake.id]);
      throw new Error(`no finished run with its log event for wake ${wake.id} after 2 minutes: ${JSON.stringify(state)}`);
    }
    await sleep(10);
  }
}

/** Rounds of three wakes: a new issue of the project, the same issue again, an issue of no project. */
async function firstOutput(c, repo) {
  const company = await api(c, "POST", "/api/companies", { name: "Bench Workspaces", issuePrefix: "WSB" });
  const project = await api(c, "POST", `/api/companies/${company.id}/projects`, { name: "Bench repository", status: "active", workspace: { cwd: repo } });
  const agent = await api(c, "POST", `/api/companies/${company.id}/agents`, {
    name: "Printer", role: "engineer", adapterType: "process", adapterConfig: { command: "date +%s%3N; pwd; sleep 2" },
    // dozens of wakes a minute would trip the loop breaker (its purpose); the bench measures the start
    runtimeConfig: { loopBreaker: { enabled: false } },
  });
  const live = await runLogArrivals(c, company.id);
  const series = { newWorktree: [], sameWorktree: [], noWorkspace: [] };
  try {
    await withPg(c.databaseUrl, async (db) => {
      for (let i = 0; i < ROUNDS; i++) {
        const issue = await api(c, "POST", `/api/companies/${company.id}/issues`, { title: `Bench issue ${i}`, projectId: project.id });
        const loose = await api(c, "POST", `/api/companies/${company.id}/issues`, { title: `Loose issue ${i}` });
        series.newWorktree.push(await timedWake(c, db, live, agent.id, issue.id));
        series.sameWorktree.push(await timedWake(c, db, live, agent.id, issue.id));
        series.noWorkspace.push(await timedWake(c, db, live, agent.id, loose.id));
      }
    });
  } finally {
    live.close();
  }
  return { series, workspaceRoot: path.join(c.dataDir, "workspaces") };
}

/** The three series side by side, and whether the runs worked where they should have. */
function firstOutputReport({ series, workspaceRoot }, repo) {
  const of = (runs, key) => summary(runs.map((r) => r[key]));
  const report = Object.fromEntries(Object.entries(series).map(([name, runs]) => [name, { claimMs: of(runs, "claimMs"), printedMs: of(runs, "printedMs"), eventMs: of(runs, "eventMs") }]));
  const newDirs = new Set(series.newWorktree.map((r) => r.cwd));
  report.checks = {
    newRunsInDistinctWorkspaces: newDirs.size === series.newWorktree.length && series.newWorktree.every((r) => r.cwd.startsWith(workspaceRoot)),
    secondRunsInTheFirstRunsWorkspace: series.sameWorktree.every((r, i) => r.cwd === series.newWorktree[i].cwd),
    runsWithoutProjectOutsideWorkspaces: series.noWorkspace.every((r) => !r.cwd.startsWith(workspaceRoot) && r.cwd !== repo),
  };
  report.newWorktreeAddsAtP95Ms = report.newWorktree.printedMs.p95 - report.sameWorktree.printedMs.p95;
  // the same difference round by round (a new issue's run, then its second run straight after): the
  // machine's load moves in bursts, and a burst lands on both runs of a round or neither
  report.newMinusSameByRoundMs = summary(series.newWorktree.map((r, i) => r.printedMs - series.sameWorktree[i].printedMs));
  // each round's three times to the printed line, in order: a burst of load shows as a run of slow rounds
  report.printedMsByRound = series.newWorktree.map((r, i) => [r.printedMs, series.sameWorktree[i].printedMs, series.noWorkspace[i].printedMs]);
  return report;
}

const started = Date.now();
const host = machine();
const loadAverage = { before: loadNow() };
const t = performance.now();
const repo = makeRepository(FILES);
const repository = { files: FILES, commits: Number(git(repo, "rev-list", "--count", "HEAD")), madeSeconds: Math.round((performance.now() - t) / 100) / 10, diskMiB: Math.round(diskKiB(repo) / 1024) };
const external = process.env.BENCH_WORKER === "external";
if (external) process.env.CHARTER_WORKER = "off";
const c = await startCharter();
const worker = external
  ? spawn(process.execPath, [path.join(root, "scripts/worker.mjs")], { cwd: root, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, DATABASE_URL: c.databaseUrl, CHARTER_DATA_DIR: c.dataDir, LOG_LEVEL: "warn" } })
  : null;
const plainRoot = fs.mkdtempSync(path.join(os.tmpdir(), "charter-bench-plain-"));
try {
  const made = WORKTREES > 0 ? await worktrees(c, repo, plainRoot, WORKTREES) : null;
  loadAverage.afterWorktrees = loadNow();
  const first = await firstOutput(c, repo);
  loadAverage.after = loadNow();
  const out = {
    date: new Date(started).toISOString(), machine: host, cores: os.cpus().length, worker: external ? "npm run worker" : "in the server",
    loadAverage, repository, worktrees: { count: WORKTREES, ...made },
    firstOutput: { rounds: ROUNDS, ...firstOutputReport(first, repo) },
  };
  console.log(JSON.stringify(out, null, 2));
  if (!process.env.BENCH_NO_SAVE) console.log(`saved ${saveResult(WORKTREES > 0 ? "workspaces" : "workspaces-first-output", out)}`);
} finally {
  // a million files and more: removed after the figures are out
  worker?.kill("SIGTERM");
  await c.stop();
  for (const dir of [plainRoot, repo]) fs.rmSync(dir, { recursive: true, force: true });
}
// the workspace step's database pool (imported for the worktrees) would keep the process alive
process.exit(0);
