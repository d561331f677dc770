#!/usr/bin/env node
// One heartbeat of an agent of the misbehaving company (bench/company-sim.mjs and
// tests/integration/company-sim.test.ts), on the `process` adapter: it works only through the real
// HTTP API with its run's key, as any agent does, and sometimes misbehaves on purpose.
//
// A manager with an issue that has no sub-issues delegates it to its reports and marks it blocked by
// them; once they are all finished (Charter puts it back to todo and wakes it) it closes it. Anyone
// else checks its issue out, comments, reports a small cost and marks it done.
//
// Faults, while SIM_CONTROL's file says {"faults": true, "rates": {...}} (one draw per run): crash
// (exit 1 after the checkout), hang (silent until killed), silentExit (exit 0 after the checkout,
// no comment), forget (comment, then exit without releasing or finishing), overBudget (report a
// cost above the agent's budget). Every write the API acknowledged (2xx) is appended to SIM_JOURNAL,
// one JSON line, so the simulation can re-read it at the end.
import fs from "node:fs";

const base = process.env.SERVICE_API_URL;
const key = process.env.SERVICE_API_KEY;
const companyId = process.env.SERVICE_COMPANY_ID;
const journal = process.env.SIM_JOURNAL;
if (!base || !key || !companyId) {
  console.error("sim-agent: SERVICE_API_URL, SERVICE_API_KEY and SERVICE_COMPANY_ID must be set (Charter sets them for every run)");
  process.exit(2);
}

class ApiError extends Error {
  constructor(method, path, status, body) {
    super(`${method} ${path} answered ${status}: ${body?.error ?? JSON.stringify(body)}`);
    this.status = status;
    this.body = body;
  }
}

let me = null;

/** A write's proof for the end-of-run check: what to look for, and the window it happened in. */
function record(method, path, body, answer, t0) {
  if (!journal || method === "GET") return;
  const line = { t0, t1: Date.now(), actorId: me?.id ?? null, method, path, id: answer?.id ?? null, issueId: answer?.issueId ?? null, status: body?.status ?? null };
  fs.appendFileSync(journal, JSON.stringify(line) + "\n");
}

async function api(method, path, body) {
  const t0 = Date.now();
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = { error: text.slice(0, 200) };
  }
  if (!res.ok) throw new ApiError(method, path, res.status, json);
  record(method, path, body, json, t0);
  return json;
}

const say = (line) => console.log(`• ${line}`);
const finished = (s) => s === "done" || s === "cancelled";

function readControl() {
  try {
    return JSON.parse(fs.readFileSync(process.env.SIM_CONTROL ?? "", "utf8"));
  } catch {
    return { faults: false };
  }
}

/** One fault for this run, or null: drawn once, from the rates the simulation set. */
function drawFault() {
  const control = readControl();
  if (!control.faults) return null;
  let roll = Math.random();
  for (const [fault, rate] of Object.entries(control.rates ?? {})) {
    if (roll < rate) return fault;
    roll -= rate;
  }
  return null;
}

async function checkout(issue) {
  try {
    await api("POST", `/issues/${issue.id}/checkout`, { agentId: me.id, expectedStatuses: ["todo", "backlog", "blocked", "in_progress"] });
    say(`checked out ${issue.identifier}`);
    return true;
  } catch (e) {
    if (e.status !== 409 && e.status !== 422) throw e;
    say(`${issue.identifier} is not mine to take (${e.status}): leaving it`);
    return false;
  }
}

async function misbehave(fault, issue) {
  say(`misbehaving on ${issue.identifier}: ${fault}`);
  if (fault === "crash") {
    console.error("sim-agent: crashing on purpose");
    process.exit(1);
  }
  if (fault === "hang") {
    // silent: no output, no API call, until the runtime cancels the run
    setInterval(() => {}, 1 << 30);
    await new Promise(() => {});
  }
  if (fault === "silentExit") process.exit(0);
  if (fault === "forget") {
    await api("POST", `/issues/${issue.id}/comments`, { body: "Started on this; more soon." });
    process.exit(0);
  }
  if (fault === "overBudget") {
    await api("POST", `/companies/${companyId}/cost-events`, {
      agentId: me.id, issueId: issue.id, provider: "sim", model: "sim-spender", inputTokens: 900000, outputTokens: 90000, costCents: me.budgetMonthlyCents + 1,
    });
    process.exit(0);
  }
}

async function work(issue, fault) {
  if (!(await checkout(issue))) return;
  if (fault) await misbehave(fault, issue);
  await api("POST", `/issues/${issue.id}/comments`, { body: `Worked on **${issue.title}**.` });
  await api("POST", `/companies/${companyId}/cost-events`, {
    agentId: me.id, issueId: issue.id, provider: "sim", model: "sim-worker", inputTokens: 1200, outputTokens: 300, costCents: 1,
  });
  await api("PATCH", `/issues/${issue.id}`, { status: "done", comment: "Done." });
  say(`moved ${issue.identifier} to done`);
}

/** Blocked by its open sub-issues: with the blockers list where the server has it, else with a comment saying why. */
async function block(issue, open) {
  const why = `Waiting for ${open.map((c) => c.identifier).join(", ")}.`;
  try {
    await api("PATCH", `/issues/${issue.id}`, { status: "blocked", blockedByIssueIds: open.map((c) => c.id), comment: why });
  } catch (e) {
    if (e.status !== 400 && e.status !== 422) throw e;
    await api("PATCH", `/issues/${issue.id}`, { status: "blocked", comment: why });
  }
  say(`${issue.identifier} blocked by ${open.map((c) => c.identifier).join(", ")}`);
}

async function lead(issue, fault) {
  const children = await api("GET", `/companies/${companyId}/issues?parentId=${issue.id}`);
  if (children.length === 0) return delegate(issue, fault);
  const open = children.filter((c) => !finished(c.status));
  if (open.length) {
    // only work in progress can become blocked
    if (issue.status !== "blocked" && (await checkout(issue))) await block(issue, open);
    return;
  }
  if (!(await checkout(issue))) return;
  if (fault) await misbehave(fault, issue);
  await api("PATCH", `/issues/${issue.id}`, { status: "done", comment: `All of ${children.map((c) => c.identifier).join(", ")} finished: closing.` });
  say(`moved ${issue.identifier} to done`);
}

async function delegate(issue, fault) {
  const agents = await api("GET", `/companies/${companyId}/agents`);
  const reports = agents.filter((a) => a.reportsTo === me.id && a.status !== "terminated" && a.status !== "pending_approval");
  // a sub-issue is not split again, and a manager without reports does the work itself
  if (!reports.length || issue.title.startsWith("Part ")) return work(issue, fault);
  if (!(await checkout(issue))) return;
  if (fault) await misbehave(fault, issue);
  const subs = [];
  for (let i = 0; i < 2; i++) {
    const report = reports[Math.floor(Math.random() * reports.length)];
    subs.push(await api("POST", `/companies/${companyId}/issues`, {
      title: `Part ${i + 1} of ${issue.identifier}`, parentId: issue.id, assigneeAgentId: report.id, status: "todo", priority: issue.priority,
    }));
    say(`delegated ${subs.at(-1).identifier} to ${report.name}`);
  }
  await block(issue, subs);
}

async function main() {
  me = await api("GET", "/agents/me");
  say(`I am ${me.name} (${me.role}), woken for: ${process.env.SERVICE_WAKE_REASON ?? "unknown"}`);
  const inbox = await api("GET", "/agents/me/inbox");
  let fault = drawFault();
  for (const issue of inbox.slice(0, 3)) {
    if (issue.status === "blocked" && issue.assigneeAgentId === me.id && me.role === "engineer") continue;
    if (me.role === "ceo" || me.role === "manager") await lead(issue, fault);
    else if (issue.status !== "blocked") await work(issue, fault);
    fault = null;
  }
}

main().catch((e) => {
  console.error(`sim-agent: ${e.message}`);
  process.exit(1);
});
