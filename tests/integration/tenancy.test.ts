// docs/design.md §4, the tenancy rule: for every endpoint, a caller of another company gets 404 not_found (never
// 403: it must not learn the entity exists), and nothing of the other company changes.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { images } from "../support/images";
import { companySnapshot } from "../support/snapshot";
import { createWorld } from "../factories";
import { cases } from "./tenancy-cases/companies-agents";

/** A victim company with one of everything an endpoint can name, and an attacker company. */
async function twoCompanies() {
  const victim = await createWorld();
  const attacker = await createWorld();
  const owner = client(victim.tokens.owner);
  const upload = await owner.upload(`/api/companies/${victim.company.id}/logo`, { bytes: images.png, name: "logo.png", type: "image/png" });
  expect(upload.status).toBe(201);
  const key = await owner.post(`/api/agents/${victim.engineer.id}/keys`, { name: "ci" });
  expect(key.status).toBe(201);
  const patched = await owner.patch(`/api/agents/${victim.engineer.id}`, { adapterConfig: { command: "run-v2" } });
  expect(patched.status).toBe(200);
  const bundle = await owner.put(`/api/agents/${victim.engineer.id}/instructions`, { files: [{ path: "AGENTS.md", content: "# Engineer\n" }] });
  expect(bundle.status).toBe(200);
  const revision = await db().agentConfigRevision.findFirstOrThrow({ where: { agentId: victim.engineer.id } });
  // a task session for DELETE …/sessions to act on
  const task = await db().issue.create({ data: { companyId: victim.company.id, number: 1, identifier: `${victim.company.issuePrefix}-1`, title: "Victim task" } });
  await db().agentTaskSession.create({ data: { companyId: victim.company.id, agentId: victim.engineer.id, issueId: task.id, adapterType: "process", sessionId: "victim-session" } });
  // the victim owner's email settings for their company, for DELETE …/notifications/companies/:companyId to leave alone
  await db().notificationCompanyPreference.create({ data: { userId: victim.owner.id, companyId: victim.company.id, enabled: true, mode: "daily", eventTypes: ["run.failed"] } });
  // something for resume to act on
  await db().agent.update({ where: { id: victim.manager.id }, data: { status: "paused", pauseReason: "board" } });
  return {
    victim, attacker,
    refs: { assetId: upload.body.assetId as string, keyId: key.body.id as string, revisionId: revision.id },
  };
}

export type World = Awaited<ReturnType<typeof twoCompanies>>;

const callers = [
  { kind: "board owner of another company", token: (w: World) => w.attacker.tokens.owner },
  { kind: "CEO agent of another company", token: (w: World) => w.attacker.tokens.ceo },
] as const;

describe("tenancy: another company's caller gets 404 and changes nothing", () => {
  for (const caller of callers) {
    for (const tc of cases) {
      it(`${tc.name} as ${caller.kind}`, async () => {
        const w = await twoCompanies();
        const before = await companySnapshot(w.victim.company.id);
        const api = client(caller.token(w));
        const url = tc.path(w);
        const res = tc.upload
          ? await api.upload(url, { bytes: images.png, name: "logo.png", type: "image/png" })
          : tc.method === "GET" ? await api.get(url)
          : tc.method === "DELETE" ? await api.delete(url)
          : tc.method === "POST" ? await api.post(url, tc.body)
          : tc.method === "PUT" ? await api.put(url, tc.body)
          : await api.patch(url, tc.body);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: "not_found", requestId: res.headers.get("x-request-id") });
        expect(await companySnapshot(w.victim.company.id)).toEqual(before);
      });
    }
  }

  it("the same requests by the victim's own owner succeed, so the 404s above are about tenancy", async () => {
    const w = await twoCompanies();
    const api = client(w.victim.tokens.owner);
    const reads = cases.filter((tc) => tc.method === "GET");
    for (const tc of reads) {
      const res = await api.get(tc.path(w));
      expect(res.status, tc.name).toBe(200);
    }
  });

  it("another company's companies never appear in a list", async () => {
    const w = await twoCompanies();
    for (const token of [w.attacker.tokens.owner, w.attacker.tokens.ceo]) {
      const res = await client(token).get("/api/companies");
      expect(res.status).toBe(200);
      expect(res.body.map((co: { id: string }) => co.id)).toEqual([w.attacker.company.id]);
    }
  });

  it("an id of the caller's own company mixed with another company's key or revision is 404", async () => {
    const w = await twoCompanies();
    const before = await companySnapshot(w.victim.company.id);
    const api = client(w.attacker.tokens.owner);
    const ownAgent = w.attacker.engineer.id;
    const del = await api.delete(`/api/agents/${ownAgent}/keys/${w.refs.keyId}`);
    expect(del.status).toBe(404);
    const rollback = await api.post(`/api/agents/${ownAgent}/config-revisions/${w.refs.revisionId}/rollback`);
    expect(rollback.status).toBe(404);
    const logo = await api.patch(`/api/companies/${w.attacker.company.id}`, { logoAssetId: w.refs.assetId });
    expect(logo.status).toBe(422);
    expect(logo.body.code).toBe("invalid_reference");
    const hire = await api.post(`/api/companies/${w.attacker.company.id}/agents`, { adapterConfig: { command: "true" }, name: "Spy", reportsTo: w.victim.ceo.id });
    expect(hire.status).toBe(422);
    expect(hire.body.code).toBe("invalid_reference");
    expect(await companySnapshot(w.victim.company.id)).toEqual(before);
    expect(await db().agentKey.findUniqueOrThrow({ where: { id: w.refs.keyId } })).toMatchObject({ revokedAt: null });
  });
});
