// The misbehaving company's world, shared by bench/company-sim.mjs and the smaller
// tests/integration/company-sim.test.ts: a board client that records every acknowledged write, the
// company (one CEO, managers reporting to it, engineers reporting to them, all on the `process`
// adapter running bench/sim-agent.mjs), its issues in a hierarchy, and the board's own faults.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const agentScript = path.join(path.dirname(fileURLToPath(import.meta.url)), "sim-agent.mjs");

/** Limits the company runs under: low, so that a short simulation reaches them. */
export const simLimits = { staleCheckoutSec: 600, waitLimitSec: 300, silenceLimitSec: 60, retryBudget: 2, runTimeoutSec: 300, wakeLostSec: 120 };

/** Faults per run while they are on (see bench/sim-agent.mjs); the rest of the runs behave. */
export const defaultRates = { crash: 0.05, hang: 0.03, silentExit: 0.04, forget: 0.04, overBudget: 0.01 };

export function writeControl(file, control) {
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(control));
  fs.renameSync(`${file}.tmp`, file);
}

/**
 * `call(method, path, body)` → {status, body} against the API as the board; `api` throws on
 * anything but 2xx and appends each acknowledged write to `journal` (an array) for the final check.
 */
export function boardClient(call, journal) {
  return async function api(method, url, body) {
    const t0 = Date.now();
    const res = await call(method, url, body);
    if (res.status < 200 || res.status >= 300) {
      const err = new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
      err.status = res.status;
      throw err;
    }
    if (method !== "GET") journal.push({ t0, t1: Date.now(), actorId: null, method, path: url.replace(/^\/api/, ""), id: res.body?.id ?? null, status: body?.status ?? null });
    return res.body;
  };
}

/** Tries `body`, and without the keys in `optional` when the server does not know them yet (400/422). */
async function withOptional(api, method, url, body, optional) {
  try {
    return await api(method, url, body);
  } catch (e) {
    if (e.status !== 400 && e.status !== 422) throw e;
    const rest = Object.fromEntries(Object.entries(body).filter(([k]) => !optional.includes(k)));
    return api(method, url, rest);
  }
}

/** In batches of `n` at a time, keeping the order of the results. */
async function inBatches(items, n, fn) {
  const out = [];
  for (let i = 0; i < items.length; i += n) out.push(...(await Promise.all(items.slice(i, i + n).map(fn))));
  return out;
}

async function hireAll(api, companyId, { agents, control, agentJournal }) {
  const adapterConfig = { command: process.execPath, args: [agentScript], env: { SIM_CONTROL: control, SIM_JOURNAL: agentJournal }, timeoutSec: simLimits.runTimeoutSec };
  const runtimeConfig = { silenceLimitSec: simLimits.silenceLimitSec, retryBudget: simLimits.retryBudget };
  const hire = (name, role, reportsTo) => api("POST", `/api/companies/${companyId}/agents`, {
    name, role, reportsTo, adapterType: "process", adapterConfig, budgetMonthlyCents: 100_000,
  }).then(async (agent) => {
    // the liveness limits go in with PATCH: a server that does not know them yet keeps the agent anyway
    await withOptional(api, "PATCH", `/api/agents/${agent.id}`, { runtimeConfig }, ["runtimeConfig"]).catch(() => {});
    return agent;
  });
  const ceo = await hire("Chief", "ceo", null);
  const managerCount = Math.max(1, Math.round((agents - 1) / 7));
  const managers = [];
  for (let m = 0; m < managerCount; m++) managers.push(await hire(`Manager ${m + 1}`, "manager", ceo.id));
  const engineers = await inBatches(Array.from({ length: agents - 1 - managerCount }, (_, i) => i), 5, (i) =>
    hire(`Engineer ${i + 1}`, "engineer", managers[i % managerCount].id));
  return { ceo, managers, engineers };
}

/**
 * The issues, one project at a time: parents for the managers (a fifth of them without sub-issues,
 * for the manager to delegate while the simulation runs; the rest blocked by sub-issues of their
 * reports) and the sub-issues, `issues` in all. `next()` files the next project (null when all are
 * filed), so that a long simulation can keep work coming while the faults run.
 */
function projectFiler(api, companyId, team, issues) {
  const { managers, engineers } = team;
  const parents = Math.max(2, Math.ceil(issues / 10));
  const perParent = Math.floor((issues - parents) / Math.ceil(parents * 0.8));
  let left = issues - parents;
  let p = 0;
  const next = async () => {
    if (p >= parents) return null;
    // the CEO files none: its checkout would wait for its strategy's approval; a terminated manager gets no new project
    const agents = await api("GET", `/api/companies/${companyId}/agents`);
    const working = managers.filter((m) => agents.some((a) => a.id === m.id && a.status !== "terminated"));
    const owner = working.length ? working[p % working.length] : managers[p % managers.length];
    const reports = engineers.filter((e) => e.reportsTo === owner.id);
    const delegateLater = p % 5 === 4 || !reports.length;
    const n = delegateLater ? 0 : p === parents - 1 ? left : Math.min(left, perParent);
    const title = `Project ${++p}`;
    left -= n;
    // filed without an assignee (no wake yet), blocked from the start when it gets tasks
    const parent = await api("POST", `/api/companies/${companyId}/issues`, { title, status: n ? "blocked" : "todo" });
    const children = await inBatches(Array.from({ length: n }, (_, i) => i), 4, (i) => api("POST", `/api/companies/${companyId}/issues`, {
      title: `Task ${i + 1} of ${title}`, parentId: parent.id, status: "todo", assigneeAgentId: reports[i % reports.length].id,
    }));
    const assign = { assigneeAgentId: owner.id };
    if (children.length) {
      await withOptional(api, "PATCH", `/api/issues/${parent.id}`, { ...assign, blockedByIssueIds: children.map((c) => c.id), comment: `Waiting for its ${children.length} tasks.` }, ["blockedByIssueIds"]);
    } else {
      await api("PATCH", `/api/issues/${parent.id}`, assign);
    }
    return [parent, ...children];
  };
  return { projects: parents, next };
}

/**
 * The company and its team, with the limits of `simLimits` where the server has them, and the
 * filer of its issues (see projectFiler); `fileAll` files them all before it returns.
 */
export async function buildCompany(api, { agents, issues, prefix, control, agentJournal, fileAll = true }) {
  const company = await api("POST", "/api/companies", { name: `Misbehaving ${prefix}`, issuePrefix: prefix });
  await withOptional(api, "PATCH", `/api/companies/${company.id}`, { staleCheckoutSec: simLimits.staleCheckoutSec, waitLimitSec: simLimits.waitLimitSec }, ["staleCheckoutSec", "waitLimitSec"])
    .catch(() => {});
  const team = await hireAll(api, company.id, { agents, control, agentJournal });
  const filer = projectFiler(api, company.id, team, issues);
  if (fileAll) while (await filer.next());
  return { company, ...team, filer };
}

/**
 * The board's faults. terminateBusyManager: a manager in the middle of a run (delegating), else any
 * with open work, is terminated. finishBehindBacks: the open sub-issues of one blocked parent are
 * finished by the board, so the parent's blockers finish without its assignee doing anything.
 */
export function boardFaults(api, pg, world) {
  const companyId = world.company.id;
  const managerIds = world.managers.map((m) => m.id);
  return {
    async terminateBusyManager() {
      const { rows } = await pg.query(
        `SELECT a.id FROM "Agent" a WHERE a.id = ANY($1::uuid[]) AND a.status <> 'terminated'
          ORDER BY EXISTS (SELECT 1 FROM "HeartbeatRun" r WHERE r."agentId" = a.id AND r.status = 'running') DESC,
                   (SELECT count(*) FROM "Issue" i WHERE i."assigneeAgentId" = a.id AND i.status NOT IN ('done', 'cancelled')) DESC LIMIT 1`, [managerIds]);
      if (!rows.length) return null;
      // a run finishing at that moment wins the row: 409 conflict asks to read again and retry
      for (let attempt = 1; ; attempt++) {
        try {
          await api("POST", `/api/agents/${rows[0].id}/terminate`, {});
          return rows[0].id;
        } catch (e) {
          if (e.status !== 409 || attempt === 10) throw e;
          await new Promise((r) => setTimeout(r, 300));
        }
      }
    },
    async finishBehindBacks() {
      const { rows } = await pg.query(
        `SELECT c.id, c.status::text AS status FROM "Issue" c JOIN "Issue" p ON p.id = c."parentId"
          WHERE p."companyId" = $1 AND p.status = 'blocked' AND c.status NOT IN ('done', 'cancelled')
            AND p.id = (SELECT p2.id FROM "Issue" p2 WHERE p2."companyId" = $1 AND p2.status = 'blocked'
                          AND EXISTS (SELECT 1 FROM "Issue" c2 WHERE c2."parentId" = p2.id AND c2.status NOT IN ('done', 'cancelled'))
                        ORDER BY random() LIMIT 1)`, [companyId]);
      // done where the status machine allows it (from in progress or in review), cancelled otherwise: both finish a blocker
      for (const r of rows) {
        const status = r.status === "in_progress" || r.status === "in_review" ? "done" : "cancelled";
        // its agent may finish it first: that refusal (422) changes nothing and is no fault of the simulation
        await api("PATCH", `/api/issues/${r.id}`, { status, comment: "Finished by the board." }).catch((e) => {
          if (e.status !== 422) throw e;
        });
      }
      return rows.length;
    },
  };
}
