// Routines in a company import: export a company with routines and import it (new company, the same
// company under rename and skip, from the CEO agent), a package's bad schedules as warnings, one
// transaction with everything else, never a webhook trigger or secret, and no fire for windows that
// passed before the import (the scheduler's clock injected).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { fireDueRoutines } from "@/lib/services/routines/scheduler";
import { client } from "../support/api";
import { createWorld } from "../factories";
import { makeRoutine, runsOf } from "../support/routines";

type World = Awaited<ReturnType<typeof createWorld>>;
const url = (companyId: string, what: "preview" | "apply") => `/api/companies/${companyId}/imports/${what}`;

/** Two routines: one with a schedule, an api and a webhook trigger and every field set; one paused. */
async function withRoutines(w: World) {
  const api = client(w.tokens.owner);
  const co = w.company.id;
  const goal = (await api.post(`/api/companies/${co}/goals`, { title: "Reach orbit" })).body;
  const project = (await api.post(`/api/companies/${co}/projects`, { name: "Apollo", leadAgentId: w.manager.id })).body;
  const parent = (await api.post(`/api/companies/${co}/issues`, { title: "Triage umbrella", projectId: project.id })).body;
  const daily = await makeRoutine(w, {
    description: "Sort new issues.\n\n  Keep the spacing.\n", concurrencyPolicy: "always_create", catchUpPolicy: "run_once", priority: "high",
    titleTemplate: "Triage {{date}}", projectId: project.id, goalId: goal.id, parentIssueId: parent.id,
  });
  const posted = [
    await api.post(`/api/routines/${daily.id}/triggers`, { kind: "schedule", cron: "0 9 * * 1-5", timezone: "Europe/Paris" }),
    await api.post(`/api/routines/${daily.id}/triggers`, { kind: "api" }),
    await api.post(`/api/routines/${daily.id}/triggers`, { kind: "webhook" }),
  ];
  posted.forEach((r) => expect(r.status, r.text).toBe(201));
  const weekly = await makeRoutine(w, { name: "Weekly report", assigneeAgentId: w.manager.id, status: "paused" });
  expect((await api.post(`/api/routines/${weekly.id}/triggers`, { kind: "schedule", cron: "30 17 * * 5", timezone: "America/New_York" })).status).toBe(201);
  return { daily, weekly, secret: posted[2].body.secret as string, publicId: (posted[2].body.url as string).split("/").at(-2) as string };
}

/** A company's routines as the package carries them: references by name, triggers without ids. */
async function routinesOf(companyId: string) {
  const [routines, triggers, agents, projects, goals, issues] = await Promise.all([
    db().routine.findMany({ where: { companyId }, orderBy: { name: "asc" } }), db().routineTrigger.findMany({ where: { companyId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db().agent.findMany({ where: { companyId } }), db().project.findMany({ where: { companyId } }), db().goal.findMany({ where: { companyId } }),
    db().issue.findMany({ where: { companyId } }),
  ]);
  const named = <T extends { id: string }>(rows: T[], id: string | null, field: keyof T) => (id ? rows.find((r) => r.id === id)?.[field] ?? "?" : null);
  return routines.map((r) => ({
    name: r.name, description: r.description, assignee: named(agents, r.assigneeAgentId, "name"), project: named(projects, r.projectId, "name"),
    goal: named(goals, r.goalId, "title"), parent: named(issues, r.parentIssueId, "title"), titleTemplate: r.titleTemplate, priority: r.priority,
    status: r.status, concurrencyPolicy: r.concurrencyPolicy, catchUpPolicy: r.catchUpPolicy,
    triggers: triggers.filter((t) => t.routineId === r.id).map((t) => ({ kind: t.kind, cron: t.cron, timezone: t.timezone }))
      .sort((a, b) => `${a.kind} ${a.cron}`.localeCompare(`${b.kind} ${b.cron}`)),
  }));
}

async function exported(w: World, include: Record<string, boolean> = {}) {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/exports`, { include });
  expect(res.status, res.text).toBe(200);
  return res.body.files as Record<string, unknown>;
}

async function counts() {
  const [companies, agents, routines, triggers, issues, activity] = await Promise.all([
    db().company.count(), db().agent.count(), db().routine.count(), db().routineTrigger.count(), db().issue.count(), db().activityLog.count(),
  ]);
  return { companies, agents, routines, triggers, issues, activity };
}

describe("routines travel: export, then import as a new company", () => {
  it("brings back routines with their schedule and api triggers, never a webhook trigger or its secret", async () => {
    const w = await createWorld();
    const { secret, publicId } = await withRoutines(w);
    const files = await exported(w, { issues: true });
    const body = { source: { type: "inline", files }, include: { issues: true }, target: { mode: "new_company", newCompanyName: "Routine Copy" } };
    const before = await counts();
    const preview = await client(w.tokens.owner).post(url(w.company.id, "preview"), body);
    expect(preview.status, preview.text).toBe(200);
    expect(await counts()).toEqual(before);
    expect(preview.body.plan.routinePlans).toEqual([
      { key: "daily-triage", action: "create", plannedName: "Daily triage", assigneeSlug: w.engineer.urlKey, reason: null },
      { key: "weekly-report", action: "create", plannedName: "Weekly report", assigneeSlug: w.manager.urlKey, reason: null },
    ]);
    expect(preview.body.warnings.filter((x: string) => /routine/i.test(x))).toEqual([]);
    const res = await client(w.tokens.owner).post(url(w.company.id, "apply"), body);
    expect(res.status, res.text).toBe(201);
    const copy = res.body.company.id as string;
    const made = await db().routine.findMany({ where: { companyId: copy } });
    expect(res.body.routines).toEqual([
      { key: "daily-triage", id: made.find((r) => r.name === "Daily triage")!.id, action: "created", name: "Daily triage" },
      { key: "weekly-report", id: made.find((r) => r.name === "Weekly report")!.id, action: "created", name: "Weekly report" },
    ]);
    const original = await routinesOf(w.company.id);
    expect(original[0].triggers.map((t) => t.kind)).toEqual(["api", "schedule", "webhook"]);
    const withoutWebhooks = original.map((r) => ({ ...r, triggers: r.triggers.filter((t) => t.kind !== "webhook") }));
    expect(await routinesOf(copy)).toEqual(withoutWebhooks);
    const triggers = await db().routineTrigger.findMany({ where: { companyId: copy } });
    expect(triggers.map((t) => [t.kind, t.publicId, t.secretEncrypted]).sort()).toEqual([["api", null, null], ["schedule", null, null], ["schedule", null, null]]);
    for (const text of [JSON.stringify(files), preview.text, res.text, JSON.stringify(await db().activityLog.findMany({ where: { companyId: copy } }))]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(publicId);
    }
    const actions = (await db().activityLog.findMany({ where: { companyId: copy } })).map((a) => a.action);
    expect(actions.filter((a) => a === "routine.created")).toHaveLength(2);
    expect(actions.filter((a) => a === "routine.trigger_created")).toHaveLength(3);
    expect(await db().wakeRequest.count({ where: { companyId: copy } })).toBe(0);
    expect(await db().routineRun.count({ where: { companyId: copy } })).toBe(0);
  });

  it("without tasks the parent is dropped with a warning; without agents no routine comes", async () => {
    const w = await createWorld();
    await withRoutines(w);
    const res = await client(w.tokens.owner).post(url(w.company.id, "apply"), { source: { type: "inline", files: await exported(w, { issues: true }) }, target: { mode: "new_company" } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.warnings).toContain(`.charter.yaml: routine daily-triage: parent "${(await db().issue.findFirstOrThrow({ where: { companyId: w.company.id, title: "Triage umbrella" } })).identifier.toLowerCase()}" is not imported; no parent`);
    expect((await routinesOf(res.body.company.id)).map((r) => [r.name, r.parent, r.project])).toEqual([["Daily triage", null, "Apollo"], ["Weekly report", null, null]]);
    const noAgents = await client(w.tokens.owner).post(url(w.company.id, "preview"), {
      source: { type: "inline", files: await exported(w) }, include: { agents: false }, target: { mode: "new_company" },
    });
    expect(noAgents.body.plan.routinePlans).toEqual([]);
    expect(noAgents.body.warnings).toContain("2 routines not imported (include.agents is false; a routine needs its assignee)");
  });
});

describe("into the route's own company", () => {
  it("rename: colliding routines get a free name and the renamed agents as assignees", async () => {
    const w = await createWorld();
    await withRoutines(w);
    const res = await client(w.tokens.owner).post(url(w.company.id, "apply"), {
      source: { type: "inline", files: await exported(w) }, target: { mode: "existing_company", companyId: w.company.id },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.routines.map((r: { name: string; action: string }) => [r.name, r.action])).toEqual([["Daily triage 2", "created"], ["Weekly report 2", "created"]]);
    const all = await routinesOf(w.company.id);
    expect(all.map((r) => [r.name, r.assignee])).toEqual([
      ["Daily triage", w.engineer.name], ["Daily triage 2", `${w.engineer.name} 2`], ["Weekly report", w.manager.name], ["Weekly report 2", `${w.manager.name} 2`],
    ]);
  });

  it("skip: a colliding routine is left out (its id answered); another is created for the existing agent", async () => {
    const w = await createWorld();
    const { daily, weekly } = await withRoutines(w);
    const files = await exported(w);
    await db().routine.update({ where: { id: weekly.id }, data: { name: "Weekly report (old)" } });
    const body = { source: { type: "inline", files }, target: { mode: "existing_company", companyId: w.company.id }, collisionStrategy: "skip" };
    const preview = await client(w.tokens.owner).post(url(w.company.id, "preview"), body);
    expect(preview.body.plan.routinePlans).toEqual([
      { key: "daily-triage", action: "skip", plannedName: "Daily triage", assigneeSlug: w.engineer.urlKey, reason: "a routine named Daily triage exists" },
      { key: "weekly-report", action: "create", plannedName: "Weekly report", assigneeSlug: w.manager.urlKey, reason: null },
    ]);
    const res = await client(w.tokens.owner).post(url(w.company.id, "apply"), body);
    expect(res.status, res.text).toBe(201);
    const created = await db().routine.findFirstOrThrow({ where: { companyId: w.company.id, name: "Weekly report" } });
    expect(res.body.routines).toEqual([
      { key: "daily-triage", id: daily.id, action: "skipped", name: "Daily triage" },
      { key: "weekly-report", id: created.id, action: "created", name: "Weekly report" },
    ]);
    expect(created).toMatchObject({ assigneeAgentId: w.manager.id, status: "paused" });
    expect(await db().routine.count({ where: { companyId: w.company.id } })).toBe(3);
    expect(await db().routineTrigger.count({ where: { routineId: daily.id } })).toBe(3);
  });
});

describe("from the CEO agent", () => {
  it("routines are created paused when new agents need the board's approval, as in the package otherwise", async () => {
    const w = await createWorld();
    await withRoutines(w);
    const files = await exported(w);
    await db().company.update({ where: { id: w.company.id }, data: { requireBoardApprovalForNewAgents: true } });
    const held = await client(w.tokens.ceo).post(url(w.company.id, "apply"), { source: { type: "inline", files }, target: { mode: "new_company" } });
    expect(held.status, held.text).toBe(201);
    expect((await routinesOf(held.body.company.id)).map((r) => [r.name, r.status])).toEqual([["Daily triage", "paused"], ["Weekly report", "paused"]]);
    expect(held.body.warnings).toContain(
      "imported by an agent into a company that requires board approval for new agents: routines created paused (daily-triage); resume them once their assignees are approved",
    );
    const into = await client(w.tokens.ceo).post(url(w.company.id, "apply"), { source: { type: "inline", files }, target: { mode: "existing_company", companyId: w.company.id } });
    expect(into.status, into.text).toBe(201);
    const mine = await db().routine.findMany({ where: { companyId: w.company.id, name: { endsWith: " 2" } } });
    expect(mine.map((r) => [r.status, r.createdByAgentId])).toEqual([["paused", w.ceo.id], ["paused", w.ceo.id]]);
    await db().company.update({ where: { id: w.company.id }, data: { requireBoardApprovalForNewAgents: false } });
    const free = await client(w.tokens.ceo).post(url(w.company.id, "apply"), { source: { type: "inline", files }, target: { mode: "new_company" } });
    expect(free.status, free.text).toBe(201);
    expect((await routinesOf(free.body.company.id)).map((r) => [r.name, r.status])).toEqual([["Daily triage", "active"], ["Weekly report", "paused"]]);
  });
});

const cronPackage = (manifest: string) => ({
  "COMPANY.md": "---\nname: Cron Co\n---\n",
  "agents/ops/AGENTS.md": "---\nname: Ops\n---\nRun things.\n",
  ".charter.yaml": manifest,
});

const brokenSchedules = `schema: charter/v1
routines:
  nightly:
    name: Nightly
    assignee: ops
    project: nowhere
    priority: urgent-ish
    titleTemplate: "Nightly {{date}}\\0"
    triggers:
      - { kind: schedule, cron: "61 * * * *", timezone: UTC }
      - { kind: schedule, cron: "0 2 * * *", timezone: Mars/Olympus }
      - { kind: schedule, cron: "0 0 30 2 *", timezone: UTC }
      - { kind: schedule, cron: "*/5 * * * * *" }
      - { kind: schedule, cron: " 0   3 * * * ", timezone: Europe/Berlin }
      - { kind: webhook, secret: "a-secret-from-the-package-never-used" }
      - { kind: api }
      - { kind: email }
  orphan: { name: Orphan, assignee: ghost }
  lonely: { name: Lonely }
  scalar: 5
`;

describe("a package's routines that do not fit", () => {
  it("bad schedules, a webhook, unknown values and references are warnings; the rest is imported", async () => {
    const w = await createWorld();
    const body = { source: { type: "inline", files: cronPackage(brokenSchedules) }, target: { mode: "new_company" } };
    const preview = await client(w.tokens.owner).post(url(w.company.id, "preview"), body);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.plan.routinePlans).toEqual([{ key: "nightly", action: "create", plannedName: "Nightly", assigneeSlug: "ops", reason: null }]);
    const warnings = (preview.body.warnings as string[]).filter((x) => x.startsWith(".charter.yaml: routine"));
    expect(warnings).toEqual([
      ".charter.yaml: routine nightly: project \"nowhere\" is not imported; no project",
      ".charter.yaml: routine nightly: priority: \"urgent-ish\" unknown; medium",
      expect.stringMatching(/^\.charter\.yaml: routine nightly: schedule trigger 1 not imported \(Invalid cron: .+\)$/),
      expect.stringMatching(/^\.charter\.yaml: routine nightly: schedule trigger 2 not imported \(Invalid timezone: 'Mars\/Olympus' is not an IANA time zone/),
      ".charter.yaml: routine nightly: schedule trigger 3 not imported (Invalid cron: '0 0 30 2 *' never fires)",
      expect.stringMatching(/^\.charter\.yaml: routine nightly: schedule trigger 4 not imported \(Invalid cron: '\*\/5 \* \* \* \* \*' has 6 fields/),
      ".charter.yaml: routine nightly: webhook trigger not imported (its secret never travels); add a webhook trigger after import to get a new URL and secret",
      ".charter.yaml: routine nightly: trigger 8 of kind \"email\" not imported",
      ".charter.yaml: routine orphan: assignee \"ghost\" is not an imported agent; routine not imported",
      ".charter.yaml: routine lonely: assignee missing; routine not imported",
      ".charter.yaml: routine scalar is not a mapping; not imported",
    ]);
    const res = await client(w.tokens.owner).post(url(w.company.id, "apply"), body);
    expect(res.status, res.text).toBe(201);
    expect(await routinesOf(res.body.company.id)).toEqual([{
      name: "Nightly", description: "", assignee: "Ops", project: null, goal: null, parent: null, titleTemplate: "Nightly {{date}}", priority: "medium",
      status: "active", concurrencyPolicy: "skip_if_active", catchUpPolicy: "skip_missed",
      triggers: [{ kind: "api", cron: null, timezone: null }, { kind: "schedule", cron: "0 3 * * *", timezone: "Europe/Berlin" }],
    }]);
    expect(await db().routineTrigger.count({ where: { companyId: res.body.company.id, OR: [{ secretEncrypted: { not: null } }, { publicId: { not: null } }] } })).toBe(0);
  });

  it("reads at most 1,000 routines and 20 triggers each (a warning says so)", async () => {
    const w = await createWorld();
    const triggers = Array.from({ length: 25 }, (_, i) => `{ kind: schedule, cron: "${i} 4 * * *" }`).join(", ");
    const many = Array.from({ length: 1_001 }, (_, i) => `  r${i}: { name: "R ${i}", assignee: ops${i === 0 ? `, triggers: [${triggers}]` : ""} }`).join("\n");
    const res = await client(w.tokens.owner).post(url(w.company.id, "preview"), {
      source: { type: "inline", files: cronPackage(`schema: charter/v1\nroutines:\n${many}\n`) }, target: { mode: "new_company" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.plan.routinePlans).toHaveLength(1_000);
    expect(res.body.plan.routinePlans.at(-1)).toMatchObject({ key: "r999", plannedName: "R 999" });
    expect(res.body.warnings).toEqual(expect.arrayContaining([
      ".charter.yaml: 1001 routines; only the first 1000 imported", ".charter.yaml: routine r0: 25 triggers; only the first 20 read",
    ]));
  });
});

describe("one transaction", () => {
  it("a broken file elsewhere in the package writes no routine", async () => {
    const w = await createWorld();
    const files = { ...cronPackage(brokenSchedules), "agents/middle/AGENTS.md": "---\nname: \"unclosed\n---\n" };
    for (const target of [{ mode: "new_company" }, { mode: "existing_company", companyId: w.company.id }]) {
      const before = await counts();
      const res = await client(w.tokens.owner).post(url(w.company.id, "apply"), { source: { type: "inline", files }, target });
      expect(res.status).toBe(422);
      expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(["agents/middle/AGENTS.md"]);
      expect(await counts()).toEqual(before);
    }
  });

  it("a trigger insert that fails leaves nothing of the import, routines and agents included", async () => {
    const w = await createWorld();
    const fn = `import_poison_${randomUUID().replace(/-/g, "")}`;
    await db().$executeRawUnsafe(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.timezone = 'Europe/Berlin' THEN RAISE EXCEPTION 'poisoned' USING ERRCODE = '22023'; END IF; RETURN NEW; END $$`);
    await db().$executeRawUnsafe(`CREATE TRIGGER ${fn} BEFORE INSERT ON "RoutineTrigger" FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
    try {
      for (const target of [{ mode: "new_company" }, { mode: "existing_company", companyId: w.company.id }]) {
        const before = await counts();
        const res = await client(w.tokens.owner).post(url(w.company.id, "apply"), { source: { type: "inline", files: cronPackage(brokenSchedules) }, target });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(await counts()).toEqual(before);
      }
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER ${fn} ON "RoutineTrigger"`);
      await db().$executeRawUnsafe(`DROP FUNCTION ${fn}()`);
    }
  });
});

describe("the scheduler and an imported routine", () => {
  it("fires no window that passed before the import, even under run_once; the first window after it fires once", async () => {
    const w = await createWorld();
    // a daily window two hours ahead: yesterday's passed before the import, which run_once would catch up on if it were due
    const hour = (new Date().getUTCHours() + 2) % 24;
    const manifest = `schema: charter/v1
routines:
  minutely: { name: Minutely, assignee: ops, concurrencyPolicy: always_create, catchUpPolicy: run_once, triggers: [{ kind: schedule, cron: "* * * * *", timezone: UTC }] }
  daily: { name: Daily, assignee: ops, catchUpPolicy: run_once, triggers: [{ kind: schedule, cron: "0 ${hour} * * *", timezone: UTC }] }
`;
    const importedAt = new Date();
    const res = await client(w.tokens.owner).post(url(w.company.id, "apply"), { source: { type: "inline", files: cronPackage(manifest) }, target: { mode: "new_company" } });
    expect(res.status, res.text).toBe(201);
    const [minutely, daily] = ["minutely", "daily"].map((k) => res.body.routines.find((r: { key: string }) => r.key === k).id as string);
    const next = async (routineId: string) => (await db().routineTrigger.findFirstOrThrow({ where: { routineId } })).nextFireAt!;
    const [m, d] = [await next(minutely), await next(daily)];
    expect(m.getTime()).toBeGreaterThan(importedAt.getTime());
    expect(m.getTime() - importedAt.getTime()).toBeLessThanOrEqual(60_000 + 2_000);
    expect(d.getTime()).toBeGreaterThan(importedAt.getTime());
    await fireDueRoutines({ now: new Date() });
    await fireDueRoutines({ now: new Date(m.getTime() - 1) });
    expect([...(await runsOf(minutely)), ...(await runsOf(daily))]).toEqual([]);
    await fireDueRoutines({ now: new Date(m.getTime() + 1_000) });
    const runs = await runsOf(minutely);
    expect(runs.map((r) => [r.scheduledFor?.toISOString(), r.status, r.reason])).toEqual([[m.toISOString(), "issue_created", null]]);
    expect(await runsOf(daily)).toEqual([]);
    await fireDueRoutines({ now: new Date(d.getTime() + 1_000) });
    expect((await runsOf(daily)).map((r) => [r.scheduledFor?.toISOString(), r.status])).toEqual([[d.toISOString(), "issue_created"]]);
  });
});
