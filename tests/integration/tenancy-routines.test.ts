// tenancy.test.ts for routines: another company's caller gets 404 not_found for every routine
// endpoint (never 403), and nothing of the other company changes; foreign ids in a body are refused.
import { describe, expect, it } from "vitest";
import { client } from "../support/api";
import { companySnapshot } from "../support/snapshot";
import { sendCase } from "../support/tenancy";
import { createWorld } from "../factories";
import { cases } from "./tenancy-cases/routines";

/** A victim company with a routine (schedule and webhook triggers, one run), and an attacker company. */
async function twoCompanies() {
  const victim = await createWorld();
  const attacker = await createWorld();
  const owner = client(victim.tokens.owner);
  const routine = (await owner.post(`/api/companies/${victim.company.id}/routines`, { name: "Victim routine", assigneeAgentId: victim.engineer.id })).body;
  const schedule = (await owner.post(`/api/routines/${routine.id}/triggers`, { kind: "schedule", cron: "0 9 * * *", timezone: "UTC" })).body;
  const hook = (await owner.post(`/api/routines/${routine.id}/triggers`, { kind: "webhook" })).body;
  expect((await owner.post(`/api/routines/${routine.id}/run`)).status).toBe(202);
  for (const made of [routine, schedule, hook]) expect(made.id).toBeTruthy();
  return { victim, attacker, refs: { routineId: routine.id as string, scheduleId: schedule.id as string, hookId: hook.id as string } };
}

export type World = Awaited<ReturnType<typeof twoCompanies>>;

const callers = [
  { kind: "board owner of another company", token: (w: World) => w.attacker.tokens.owner },
  { kind: "agent of another company", token: (w: World) => w.attacker.tokens.ceo },
] as const;


describe("tenancy of routines: another company's caller gets 404 and changes nothing", () => {
  for (const caller of callers) {
    for (const tc of cases) {
      it(`${tc.name} as ${caller.kind}`, async () => {
        const w = await twoCompanies();
        const before = await companySnapshot(w.victim.company.id);
        const res = await sendCase(caller.token(w), tc, w);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: "not_found", requestId: res.headers.get("x-request-id") });
        expect(await companySnapshot(w.victim.company.id)).toEqual(before);
      });
    }
  }

  it("the same requests by the victim's own owner succeed, so the 404s above are about tenancy", async () => {
    const w = await twoCompanies();
    // deletions last: the routine must still be there for the others
    const ordered = [...cases.filter((tc) => tc.method !== "DELETE"), ...cases.filter((tc) => tc.method === "DELETE").reverse()];
    for (const tc of ordered) expect((await sendCase(w.victim.tokens.owner, tc, w)).status, tc.name).toBeLessThan(300);
  });

  it("another company's agent, project, goal or parent issue in a body is refused; lists show only the own company", async () => {
    const w = await twoCompanies();
    const before = await companySnapshot(w.victim.company.id);
    const api = client(w.attacker.tokens.owner);
    const co = w.attacker.company.id;
    const assignee = await api.post(`/api/companies/${co}/routines`, { name: "x", assigneeAgentId: w.victim.engineer.id });
    expect(assignee.status).toBe(404);
    const victimIssue = (await client(w.victim.tokens.owner).get(`/api/routines/${w.refs.routineId}/runs`)).body[0].issueId;
    const parent = await api.post(`/api/companies/${co}/routines`, { name: "x", assigneeAgentId: w.attacker.engineer.id, parentIssueId: victimIssue });
    expect(parent.status).toBe(422);
    expect(parent.body).toMatchObject({ code: "invalid_reference", details: [{ path: "body.parentIssueId" }] });
    const own = (await api.post(`/api/companies/${co}/routines`, { name: "Own", assigneeAgentId: w.attacker.engineer.id })).body;
    expect((await api.patch(`/api/routines/${own.id}`, { assigneeAgentId: w.victim.engineer.id })).status).toBe(404);
    expect((await api.delete(`/api/routines/${own.id}/triggers/${w.refs.scheduleId}`)).status).toBe(404);
    const list = await api.get(`/api/companies/${co}/routines`);
    expect(list.body.map((x: { id: string }) => x.id)).toEqual([own.id]);
    expect(await companySnapshot(w.victim.company.id)).toEqual(before);
  });
});
