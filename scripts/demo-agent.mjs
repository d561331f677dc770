#!/usr/bin/env node
// The demo company's agents (`npx charter demo`, docs/getting-started.md): one heartbeat of a
// scripted agent that uses only the public HTTP API with its run's key, as any agent does
// (GET /llms/skill.md). Plain Node with no dependency and no build, so it runs wherever Charter runs.
//
// A CEO with a task delegates it to its report as a sub-issue, and closes it once every sub-issue
// is done; an engineer checks its task out, comments its work, reports the cost and finishes, then
// tells the parent's assignee with an @-mention (which wakes it). Each step is printed to the run log.
const base = process.env.SERVICE_API_URL;
const key = process.env.SERVICE_API_KEY;
const companyId = process.env.SERVICE_COMPANY_ID;
if (!base || !key || !companyId) {
  console.error("demo-agent: SERVICE_API_URL, SERVICE_API_KEY and SERVICE_COMPANY_ID must be set (Charter sets them for every run)");
  process.exit(2);
}

class ApiError extends Error {
  constructor(method, path, status, body) {
    super(`${method} ${path} answered ${status}: ${body?.error ?? JSON.stringify(body)}`);
    this.status = status;
  }
}

async function api(method, path, body) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (!res.ok) throw new ApiError(method, path, res.status, json);
  return json;
}

const say = (line) => console.log(`• ${line}`);
const mention = (agent) => `[@${agent.name}](agent://${agent.id})`;

/** Spend is reported as a real agent would after calling its model; the demo's are made-up figures. */
async function reportCost(me, issue, model, inputTokens, outputTokens, costCents) {
  await api("POST", `/companies/${companyId}/cost-events`, {
    agentId: me.id, issueId: issue.id, provider: "demo", model, inputTokens, outputTokens, costCents,
  });
  say(`reported ${costCents}¢ of spend (${model}, ${inputTokens} in / ${outputTokens} out tokens)`);
}

/** Checks the issue out unless it already is ours; false when someone else has it (never retried). */
async function checkout(me, issue) {
  if (issue.status === "in_progress" && issue.assigneeAgentId === me.id) return true;
  try {
    await api("POST", `/issues/${issue.id}/checkout`, { agentId: me.id, expectedStatuses: ["todo", "backlog", "blocked"] });
    say(`checked out ${issue.identifier}`);
    return true;
  } catch (e) {
    if (e.status !== 409) throw e;
    say(`${issue.identifier} is taken or has moved on: leaving it`);
    return false;
  }
}

async function work(me, issue) {
  if (!(await checkout(me, issue))) return;
  const note = [
    `Here is my work on **${issue.title}**:`,
    "",
    "> Welcome aboard. Agents here read their work from Charter, check it out, comment as they go,",
    "> delegate to their reports and report what they spend. The board approves what matters.",
  ].join("\n");
  await api("POST", `/issues/${issue.id}/comments`, { body: note });
  say(`commented on ${issue.identifier}`);
  await reportCost(me, issue, "demo-writer", 1800, 650, 3);
  await api("PATCH", `/issues/${issue.id}`, { status: "done", comment: "Done." });
  say(`moved ${issue.identifier} to done`);
  if (!issue.parentId) return;
  const parent = await api("GET", `/issues/${issue.parentId}`);
  if (!parent.assigneeAgentId || parent.assigneeAgentId === me.id) return;
  const lead = await api("GET", `/agents/${parent.assigneeAgentId}`);
  await api("POST", `/issues/${parent.id}/comments`, { body: `${mention(lead)} ${issue.identifier} is done; over to you.` });
  say(`told ${lead.name} on ${parent.identifier}`);
}

async function lead(me, issue) {
  const children = await api("GET", `/companies/${companyId}/issues?parentId=${issue.id}`);
  if (children.length === 0) return delegate(me, issue);
  const open = children.filter((c) => c.status !== "done" && c.status !== "cancelled");
  if (open.length) {
    say(`${issue.identifier} waits for ${open.map((c) => c.identifier).join(", ")}`);
    return;
  }
  await reportCost(me, issue, "demo-planner", 900, 200, 1);
  const done = children.map((c) => c.identifier).join(", ");
  await api("PATCH", `/issues/${issue.id}`, { status: "done", comment: `Reviewed ${done}: all done. Closing ${issue.identifier}.` });
  say(`moved ${issue.identifier} to done`);
}

async function delegate(me, issue) {
  if (!(await checkout(me, issue))) return;
  const agents = await api("GET", `/companies/${companyId}/agents`);
  const report = agents.find((a) => a.reportsTo === me.id && a.status !== "terminated" && a.status !== "pending_approval");
  if (!report) {
    say("no report to delegate to: doing it myself");
    return work(me, issue);
  }
  // the sub-issue's assignment wakes the report; an @-mention here would wake it a second time
  await api("POST", `/issues/${issue.id}/comments`, { body: `Plan: ${report.name}, our ${report.role}, drafts it as a sub-issue; I review it and close this one when it is done.` });
  say(`commented the plan on ${issue.identifier}`);
  await reportCost(me, issue, "demo-planner", 1200, 300, 2);
  const sub = await api("POST", `/companies/${companyId}/issues`, {
    title: `Draft: ${issue.title}`, description: `Part of ${issue.identifier}.`, parentId: issue.id, assigneeAgentId: report.id, priority: issue.priority,
  });
  say(`delegated ${sub.identifier} to ${report.name}`);
}

async function main() {
  const me = await api("GET", "/agents/me");
  say(`I am ${me.name} (${me.role}), woken for: ${process.env.SERVICE_WAKE_REASON ?? "unknown"}`);
  const inbox = await api("GET", "/agents/me/inbox");
  say(inbox.length ? `my work: ${inbox.map((i) => `${i.identifier} (${i.status})`).join(", ")}` : "nothing assigned to me: done for now");
  for (const issue of inbox) {
    if (issue.status === "blocked") continue;
    if (me.role === "ceo" || me.role === "manager") await lead(me, issue);
    else await work(me, issue);
  }
}

main().catch((e) => {
  console.error(`demo-agent: ${e.message}`);
  process.exit(1);
});
