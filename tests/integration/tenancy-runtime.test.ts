// Tenancy of the runtime endpoints: another company's board user and agent get 404 not_found for
// every one (never 403), and nothing of the victim company changes (runs and wakes included).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { companySnapshot } from "../support/snapshot";
import { openEvents } from "../support/sse";
import { createWorld, mintRunKey } from "../factories";
import { cases } from "./tenancy-cases/runtime";

async function runtimeSnapshot(companyId: string) {
  return {
    ...(await companySnapshot(companyId)),
    runs: await db().heartbeatRun.findMany({ where: { companyId }, orderBy: { id: "asc" } }),
  };
}

async function twoCompanies() {
  const victim = await createWorld();
  const attacker = await createWorld();
  const { run } = await mintRunKey(victim.engineer);
  const issue = (await client(victim.tokens.owner).post(`/api/companies/${victim.company.id}/issues`, { title: "Victim task" })).body;
  return { victim, attacker, runId: run.id, issueId: issue.id as string };
}

export type World = Awaited<ReturnType<typeof twoCompanies>>;

const callers = [
  { kind: "board owner of another company", token: (w: World) => w.attacker.tokens.owner },
  { kind: "agent of another company", token: (w: World) => w.attacker.tokens.engineer },
] as const;

describe("tenancy of heartbeat runs, run-now and live events", () => {
  for (const caller of callers) {
    for (const tc of cases) {
      it(`${tc.name} as ${caller.kind}`, async () => {
        const w = await twoCompanies();
        const before = await runtimeSnapshot(w.victim.company.id);
        const api = client(caller.token(w));
        if (tc.stream) {
          const sse = await openEvents(w.victim.company.id, caller.token(w));
          expect(sse.res.status).toBe(404);
        } else {
          const res = tc.method === "GET" ? await api.get(tc.path(w)) : await api.post(tc.path(w), tc.body?.(w));
          expect(res.status).toBe(404);
          expect(res.body).toMatchObject({ code: "not_found", requestId: res.headers.get("x-request-id") });
        }
        expect(await runtimeSnapshot(w.victim.company.id)).toEqual(before);
      });
    }
  }

  it("the victim's own owner gets through, so the 404s above are about tenancy", async () => {
    const w = await twoCompanies();
    const api = client(w.victim.tokens.owner);
    for (const tc of cases.filter((x) => !x.stream)) {
      const res = tc.method === "GET" ? await api.get(tc.path(w)) : await api.post(tc.path(w), tc.body?.(w));
      expect(res.status, tc.name).toBeLessThan(300);
    }
  });

  it("lists and bodies never reach another company: an agent filter of theirs is empty, their issue is 422", async () => {
    const w = await twoCompanies();
    const api = client(w.attacker.tokens.owner);
    const list = await api.get(`/api/companies/${w.attacker.company.id}/heartbeat-runs?agentId=${w.victim.engineer.id}`);
    expect([list.status, list.body]).toEqual([200, []]);
    const before = await runtimeSnapshot(w.victim.company.id);
    const res = await api.post(`/api/agents/${w.attacker.engineer.id}/wakeup`, { issueId: w.issueId });
    expect([res.status, res.body.code]).toEqual([422, "invalid_reference"]);
    expect(await runtimeSnapshot(w.victim.company.id)).toEqual(before);
  });
});
