// Companies for the accessibility and phone-width checks: one empty, one with a little of everything
// (the "normal" board), one large. Each is made once per e2e server and found again by its prefix,
// so every test of a11y.spec.ts can ask for it whatever ran before.
import { expect, request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { createAgent, createCompany, patch, post } from "./api";

export interface Company {
  id: string;
  issuePrefix: string;
  name: string;
}

type Id = { id: string };

async function agentApi(board: APIRequestContext, agentId: string): Promise<APIRequestContext> {
  const { token } = await post<{ token: string }>(board, `/api/agents/${agentId}/keys`, { name: "a11y" });
  return playwrightRequest.newContext({ baseURL: process.env.CHARTER_E2E_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

/** Runs `fn` over `items`, `width` at a time. */
async function inBatches<T>(items: T[], width: number, fn: (item: T, index: number) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map((item, j) => fn(item, i + j)));
}

async function existing(api: APIRequestContext, prefix: string): Promise<Company | null> {
  const companies = (await (await api.get("/api/companies?limit=500")).json()) as Company[];
  return companies.find((c) => c.issuePrefix === prefix) ?? null;
}

export async function emptyCompany(api: APIRequestContext): Promise<Company> {
  return (await existing(api, "AXEMP")) ?? createCompany(api, "Empty Quarters", { issuePrefix: "AXEMP" });
}

export async function normalCompany(api: APIRequestContext): Promise<Company> {
  const found = await existing(api, "AXNRM");
  if (found) return found;
  const company = await createCompany(api, "Northwind Labs", { issuePrefix: "AXNRM", description: "Builds the tools.", budgetMonthlyCents: 50_000 });
  await seed(api, company, { agents: 4, issues: 14, costEvents: 12, approvals: 2, projects: 2 });
  return company;
}

export async function largeCompany(api: APIRequestContext): Promise<Company> {
  const found = await existing(api, "AXBIG");
  if (found) return found;
  const company = await createCompany(api, "Vast Dynamics", { issuePrefix: "AXBIG", description: "A company with a lot going on.", budgetMonthlyCents: 5_000_000 });
  await seed(api, company, { agents: 120, issues: 320, costEvents: 300, approvals: 12, projects: 12 });
  return company;
}

interface Size {
  agents: number;
  issues: number;
  costEvents: number;
  approvals: number;
  projects: number;
}

const statuses = ["backlog", "todo", "in_progress", "blocked", "in_review", "done", "cancelled"];
const priorities = ["low", "medium", "high", "critical"];

async function seed(api: APIRequestContext, company: Company, size: Size) {
  const cid = company.id;
  const ceo = await createAgent(api, cid, {
    name: "Grace Hopper", role: "ceo", title: "Chief Executive", icon: "crown", budgetMonthlyCents: 40_000,
    adapterConfig: { command: "echo planning the week; echo all done" },
  });
  const agents: Array<Id & { urlKey: string }> = [ceo];
  await inBatches(Array.from({ length: size.agents }, (_, i) => i), 10, async (i) => {
    agents.push(await createAgent(api, cid, {
      name: `Agent ${String(i + 1).padStart(3, "0")}`, role: i % 4 === 0 ? "manager" : "engineer", title: `Specialist ${i + 1}`,
      icon: ["code", "bug", "database", "rocket"][i % 4], reportsTo: ceo.id, budgetMonthlyCents: i % 3 === 0 ? 0 : 2_000 + i,
    }));
  });
  const labels = await Promise.all(["bug", "feature", "infra"].map((name, i) => post<Id>(api, `/api/companies/${cid}/labels`, { name, color: ["#dc2626", "#2563eb", "#16a34a"][i] })));
  const goal = await post<Id>(api, `/api/companies/${cid}/goals`, { title: "Ship the first release", description: "Everything the launch needs." });
  const projects: Id[] = [];
  await inBatches(Array.from({ length: size.projects }, (_, i) => i), 6, async (i) => {
    projects.push(await post<Id>(api, `/api/companies/${cid}/projects`, { name: `Project ${i + 1}`, description: "Work that belongs together.", status: i % 2 ? "active" : "planned", goalIds: [goal.id] }));
  });
  const issues: Array<Id & { identifier: string }> = [];
  await inBatches(Array.from({ length: size.issues }, (_, i) => i), 10, async (i) => {
    const status = statuses[i % statuses.length];
    const assignee = status === "backlog" || status === "cancelled" ? null : agents[1 + (i % (agents.length - 1))].id;
    const issue = await post<Id & { identifier: string }>(api, `/api/companies/${cid}/issues`, {
      title: i === 0 ? "Write the launch plan" : `Task ${i + 1}: ${["fix the flaky build", "write the docs", "tune the queries", "review the design"][i % 4]}`,
      description: i === 0 ? "## Plan\n\n- [x] draft\n- [ ] review\n\n`npm run build` then **ship** it. See [the docs](https://example.com)." : undefined,
      status: status === "done" || status === "cancelled" || status === "in_review" ? undefined : status,
      priority: priorities[i % priorities.length], assigneeAgentId: assignee,
      projectId: projects[i % projects.length].id, goalId: i % 3 === 0 ? goal.id : undefined, labelIds: [labels[i % labels.length].id],
    });
    // later states are reached by moves: in progress, then review or done; cancelling works from anywhere
    if (status === "in_review" || status === "done") await patch(api, `/api/issues/${issue.id}`, { status: "in_progress" });
    if (status === "in_review" || status === "done" || status === "cancelled") await patch(api, `/api/issues/${issue.id}`, { status });
    issues.push(issue);
  });
  const plan = issues.find((x) => x.identifier.endsWith("-1")) ?? issues[0];
  await post(api, `/api/companies/${cid}/issues`, { title: "Draft the outline", parentId: plan.id });
  await post(api, `/api/issues/${plan.id}/comments`, { body: "Looks good; **one** question about the schedule." });
  await governance(api, company, ceo, agents, issues, size);
}

async function governance(api: APIRequestContext, company: Company, ceo: Id, agents: Id[], issues: Id[], size: Size) {
  const ceoApi = await agentApi(api, ceo.id);
  for (let i = 0; i < size.approvals; i++) {
    const hire = await post<{ approval: Id }>(ceoApi, `/api/companies/${company.id}/agent-hires`, {
      name: `Hire ${i + 1}`, role: "engineer", title: "Platform engineer", icon: "code", capabilities: "Go, Kubernetes", budgetMonthlyCents: 2_500, reason: "The platform needs an owner",
    });
    if (i === 0) {
      await post(ceoApi, `/api/issues/${issues[0].id}/approvals`, { approvalId: hire.approval.id });
      await post(ceoApi, `/api/approvals/${hire.approval.id}/comments`, { body: "Needed for the launch." });
    }
  }
  await inBatches(Array.from({ length: size.costEvents }, (_, i) => i), 10, (i) =>
    post(ceoApi, `/api/companies/${company.id}/cost-events`, {
      agentId: ceo.id, issueId: issues[i % issues.length].id, provider: i % 2 ? "anthropic" : "openai", model: i % 2 ? "claude-sonnet" : "gpt-5",
      inputTokens: 1200 + i, outputTokens: 300 + i, costCents: 5 + (i % 40), occurredAt: new Date(Date.now() - (i % 20) * 86_400_000).toISOString(),
    }));
  await ceoApi.dispose();
  await post(api, `/api/companies/${company.id}/board-invites`, { role: "member" });
  // one finished heartbeat, for the run page and the agent's runs
  await post(api, `/api/agents/${ceo.id}/wakeup`, { note: "a11y" }, 202);
  await expect.poll(async () => {
    const runs = (await (await api.get(`/api/companies/${company.id}/heartbeat-runs?agentId=${ceo.id}`)).json()) as Array<{ status: string }>;
    return runs[0]?.status;
  }, { timeout: 30_000 }).toBe("succeeded");
  void agents;
}

/** Every board page of a company, with the detail pages of whatever it has. */
export async function companyPages(api: APIRequestContext, company: Company): Promise<Array<[string, string]>> {
  const p = `/${company.issuePrefix}`;
  const first = async <T>(url: string): Promise<T | undefined> => ((await (await api.get(url)).json()) as T[])[0];
  const cid = company.id;
  const issue = await first<{ identifier: string }>(`/api/companies/${cid}/issues?limit=1`);
  const agent = await first<{ urlKey: string }>(`/api/companies/${cid}/agents?limit=1`);
  const project = await first<{ id: string }>(`/api/companies/${cid}/projects?limit=1`);
  const approval = await first<{ id: string }>(`/api/companies/${cid}/approvals?limit=1`);
  const run = await first<{ id: string }>(`/api/companies/${cid}/heartbeat-runs?limit=1`);
  const pages: Array<[string, string] | false> = [
    ["dashboard", `${p}/dashboard`],
    ["inbox", `${p}/inbox`],
    ["issues", `${p}/issues`],
    ["issues-board", `${p}/issues?view=board`],
    ["labels", `${p}/issues/labels`],
    !!issue && ["issue", `${p}/issues/${issue.identifier}`],
    ["agents", `${p}/agents`],
    !!agent && ["agent", `${p}/agents/${agent.urlKey}`],
    ["org", `${p}/org`],
    ["projects", `${p}/projects`],
    !!project && ["project", `${p}/projects/${project.id}`],
    ["workspaces", `${p}/workspaces`],
    ["goals", `${p}/goals`],
    ["approvals", `${p}/approvals`],
    !!approval && ["approval", `${p}/approvals/${approval.id}`],
    ["costs", `${p}/costs`],
    ["activity", `${p}/activity`],
    !!run && ["run", `${p}/runs/${run.id}`],
    ["settings", `${p}/settings`],
    ["members", `${p}/settings/members`],
    ["mcp", `${p}/settings/mcp`],
    ["portability", `${p}/settings/portability`],
    ["webhooks", `${p}/settings/webhooks`],
    ["notifications", `${p}/settings/notifications`],
  ];
  return pages.filter((x): x is [string, string] => !!x);
}
