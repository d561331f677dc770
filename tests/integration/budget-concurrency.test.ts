// Budget crossings under concurrency: many cost events at once, on different projects, from one
// instance and from two (a second process with its own pool), repeated so that a race of one in
// ten trials would fail the suite. Each event of 50 cents; budgets of 1,000, so the 16th event in
// the order the database decided them crosses 80% and the 20th crosses 100%.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createAgentWithKey, createCompany } from "../factories";

const TRIALS = 30;
const EVENTS = 24;
const CENTS = 50;
const BUDGET = 1000;

type Answer = { spentMonthlyCents: number; pausedAgentIds: string[] } | { error: string };

/** The second instance: tests/support/cost-instance.ts under tsx, on this test file's database. */
class OtherInstance {
  private child!: ChildProcessWithoutNullStreams;
  private lines!: AsyncIterator<string>;

  async start() {
    const root = path.resolve(import.meta.dirname, "../..");
    this.child = spawn(path.join(root, "node_modules/.bin/tsx"), ["--tsconfig", path.join(root, "tsconfig.json"), path.join(root, "tests/support/cost-instance.ts")], {
      cwd: root, env: { ...process.env, DATABASE_POOL_SIZE: "12" }, stdio: ["pipe", "pipe", "pipe"],
    });
    this.child.stderr.on("data", (d) => process.stderr.write(d));
    this.lines = readline.createInterface({ input: this.child.stdout })[Symbol.asyncIterator]();
  }

  async record(events: object[]): Promise<Answer[]> {
    this.child.stdin.write(`${JSON.stringify(events)}\n`);
    const next = await this.lines.next();
    if (next.done) throw new Error("the second instance exited");
    return JSON.parse(next.value) as Answer[];
  }

  stop() {
    this.child.kill();
  }
}

async function world(opts: { agents: number; agentBudget: number; companyBudget: number }) {
  const company = await createCompany({ budgetMonthlyCents: opts.companyBudget });
  const agents = await Promise.all(Array.from({ length: opts.agents }, () => createAgentWithKey(company.id, { budgetMonthlyCents: opts.agentBudget })));
  const projects = await Promise.all(Array.from({ length: 4 }, (_, i) => db().project.create({ data: { companyId: company.id, name: `P${i}` } })));
  // event i: agent i mod n, project i mod 4 (every agent's events span several projects)
  const events = Array.from({ length: EVENTS }, (_, i) => {
    const a = agents[i % agents.length];
    return { a, body: { agentId: a.agent.id, projectId: projects[(i + Math.floor(i / agents.length)) % 4].id, provider: "anthropic", model: "claude", costCents: CENTS } };
  });
  return { company, agents, events };
}

/** Sends every event at once: through the API of this instance, and every other one through the second instance when given. */
async function fire(w: Awaited<ReturnType<typeof world>>, other: OtherInstance | null): Promise<Answer[]> {
  const mine = w.events.filter((_, i) => !other || i % 2 === 0);
  const theirs = other ? w.events.filter((_, i) => i % 2 === 1).map((e) => ({ ...e.body, companyId: w.company.id })) : [];
  const [here, there] = await Promise.all([
    Promise.all(mine.map(async (e) => {
      const res = await client(e.a.token).post(`/api/companies/${w.company.id}/cost-events`, e.body);
      return res.status === 201 ? (res.body as Answer) : { error: `${res.status} ${JSON.stringify(res.body)}` };
    })),
    other ? other.record(theirs) : Promise.resolve([]),
  ]);
  return [...here, ...there];
}

const ok = (answers: Answer[]) => {
  const errors = answers.filter((a): a is { error: string } => "error" in a);
  expect(errors).toEqual([]);
  return (answers as { spentMonthlyCents: number; pausedAgentIds: string[] }[]).map((a) => ({ spentMonthlyCents: a.spentMonthlyCents, pausedAgentIds: a.pausedAgentIds }));
};

async function activity(companyId: string, action: string) {
  return db().activityLog.findMany({ where: { companyId, action }, orderBy: { id: "asc" } });
}

async function spendMatchesEvents(companyId: string) {
  const [events, rollup] = await Promise.all([
    db().costEvent.aggregate({ where: { companyId }, _sum: { costCents: true }, _count: true }),
    db().costRollup.aggregate({ where: { companyId }, _sum: { costCents: true, eventCount: true } }),
  ]);
  expect(events._count).toBe(EVENTS);
  expect(Number(events._sum.costCents)).toBe(EVENTS * CENTS);
  expect(Number(rollup._sum.costCents)).toBe(EVENTS * CENTS);
  expect(rollup._sum.eventCount).toBe(EVENTS);
}

async function agentTrial(other: OtherInstance | null) {
  const w = await world({ agents: 1, agentBudget: BUDGET, companyBudget: 0 });
  const answers = ok(await fire(w, other));
  const agentId = w.agents[0].agent.id;
  // every event saw all the events decided before it: the spends are exactly the running sums
  expect(answers.map((a) => a.spentMonthlyCents).sort((x, y) => x - y)).toEqual(Array.from({ length: EVENTS }, (_, i) => CENTS * (i + 1)));
  expect(answers.filter((a) => a.pausedAgentIds.length > 0)).toEqual([{ spentMonthlyCents: BUDGET, pausedAgentIds: [agentId] }]);
  const warnings = await activity(w.company.id, "agent.budget_warning");
  expect(warnings.map((r) => [r.entityId, (r.details as { spentMonthlyCents: number }).spentMonthlyCents])).toEqual([[agentId, 0.8 * BUDGET]]);
  expect((await activity(w.company.id, "agent.paused")).map((r) => r.entityId)).toEqual([agentId]);
  await spendMatchesEvents(w.company.id);
}

async function companyTrial(other: OtherInstance | null) {
  const w = await world({ agents: 3, agentBudget: 0, companyBudget: BUDGET });
  const answers = ok(await fire(w, other));
  const ids = w.agents.map((a) => a.agent.id).sort();
  // the event that took the company to 100% paused every agent; no other event paused anything
  const pausing = answers.filter((a) => a.pausedAgentIds.length > 0);
  expect(pausing.map((a) => [...a.pausedAgentIds].sort())).toEqual([ids]);
  const warnings = await activity(w.company.id, "company.budget_warning");
  expect(warnings.map((r) => (r.details as { spentMonthlyCents: number }).spentMonthlyCents)).toEqual([0.8 * BUDGET]);
  expect((await activity(w.company.id, "agent.paused")).map((r) => r.entityId).sort()).toEqual(ids);
  // each agent's own spends are running sums of its own events, whatever the others did meanwhile
  const perAgent = EVENTS / w.agents.length;
  const spends = answers.map((a) => a.spentMonthlyCents).sort((x, y) => x - y);
  expect(spends).toEqual(Array.from({ length: perAgent }, (_, i) => Array(w.agents.length).fill(CENTS * (i + 1))).flat());
  await spendMatchesEvents(w.company.id);
}

describe("budget crossings under concurrency, one instance", () => {
  it(`agent budget: one 80% warning and the pause at the event reaching 100%, ${TRIALS} trials`, async () => {
    for (let t = 0; t < TRIALS; t++) await agentTrial(null);
  }, 120_000);

  it(`company budget: one 80% warning and one pause of every agent, ${TRIALS} trials`, async () => {
    for (let t = 0; t < TRIALS; t++) await companyTrial(null);
  }, 120_000);
});

describe("budget crossings under concurrency, two instances", () => {
  const other = new OtherInstance();
  beforeAll(() => other.start());
  afterAll(() => other.stop());

  it(`agent budget, events split between two processes, ${TRIALS} trials`, async () => {
    for (let t = 0; t < TRIALS; t++) await agentTrial(other);
  }, 180_000);

  it(`company budget, events split between two processes, ${TRIALS} trials`, async () => {
    for (let t = 0; t < TRIALS; t++) await companyTrial(other);
  }, 180_000);
});
