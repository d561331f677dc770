// Tenancy of company imports: another company's caller (board owner, CEO agent, engineer agent) gets
// 404 on both routes, whatever the target, and neither company gains a row; naming another company as
// the existing target from one's own route is 404 too.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { companySnapshot } from "../support/snapshot";
import { createWorld } from "../factories";
import { cases } from "./tenancy-cases/imports";

type World = Awaited<ReturnType<typeof createWorld>>;

const files = { "COMPANY.md": "---\nname: Planted\n---\n", "agents/spy/AGENTS.md": "---\nname: Spy\n---\nReport everything.\n" };
const body = (target: Record<string, unknown>) => ({ source: { type: "inline", files }, target });
const callers = [
  { kind: "board owner of another company", token: (w: World) => w.tokens.owner },
  { kind: "CEO agent of another company", token: (w: World) => w.tokens.ceo },
  { kind: "agent of another company", token: (w: World) => w.tokens.engineer },
] as const;

async function snapshots(victim: World) {
  return { victim: await companySnapshot(victim.company.id), companies: await db().company.count() };
}

describe("tenancy of imports: another company's caller gets 404 and changes nothing", () => {
  for (const caller of callers) {
    for (const tc of cases) {
      it(`${tc.name} as ${caller.kind}`, async () => {
        const victim = await createWorld();
        const attacker = await createWorld();
        for (const target of [{ mode: "existing_company", companyId: victim.company.id }, { mode: "new_company" }]) {
          const before = await snapshots(victim);
          for (const ref of [victim.company.id, victim.company.issuePrefix]) {
            const res = await client(caller.token(attacker)).post(tc.path({ ref }), body(target));
            expect(res.status).toBe(404);
            expect(res.body).toMatchObject({ code: "not_found", requestId: res.headers.get("x-request-id") });
          }
          expect(await snapshots(victim)).toEqual(before);
        }
      });
    }
  }

  it("from one's own route, naming another company as the existing target is 404 (the owner and the CEO alike)", async () => {
    const victim = await createWorld();
    const attacker = await createWorld();
    const before = await snapshots(victim);
    for (const token of [attacker.tokens.owner, attacker.tokens.ceo]) {
      const res = await client(token).post(`/api/companies/${attacker.company.id}/imports/apply`, body({ mode: "existing_company", companyId: victim.company.id }));
      expect(res.status).toBe(404);
    }
    expect(await snapshots(victim)).toEqual(before);
    expect(await db().agent.count({ where: { name: "Spy" } })).toBe(0);
  });

  it("the victim's own owner is answered (so the 404s above are about tenancy)", async () => {
    const victim = await createWorld();
    const res = await client(victim.tokens.owner).post(`/api/companies/${victim.company.id}/imports/apply`, body({ mode: "existing_company", companyId: victim.company.id }));
    expect(res.status).toBe(201);
    expect(res.body.agents.map((a: { name: string }) => a.name)).toEqual(["Spy"]);
  });
});
