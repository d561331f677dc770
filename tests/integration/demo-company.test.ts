// The demo company end to end: POST /api/demo-companies makes it, and the real runtime runs
// scripts/demo-agent.mjs for its agents, which call the real route handlers over HTTP (a small
// server here hands each request to them) until the first task is done, with comments, a
// delegated sub-issue and cost events on the way.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import type { Worker } from "@/lib/runtime/worker";
import { call, client } from "../support/api";
import { startWorker, waitFor } from "../support/runtime";
import { createBoardUser, createWorld } from "../factories";

let server: http.Server;
let worker: Worker;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      try {
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        const headers = Object.fromEntries(Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === "string"));
        const answer = await call(req.method!, req.url!, { headers, rawBody: body });
        res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" }).end(Buffer.from(answer.bytes));
      } catch (e) {
        res.writeHead(599).end(String(e));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  process.env.PUBLIC_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  resetEnvCache();
  worker = await startWorker();
});
afterAll(async () => {
  await worker.stop();
  server.close();
});

describe("POST /api/demo-companies", () => {
  it("makes a company whose scripted agents take the first task to done through the API, delegating and reporting cost", async () => {
    const admin = await createBoardUser({ isInstanceAdmin: true });
    const made = await client(admin.token).post("/api/demo-companies", {});
    expect(made.status).toBe(201);
    const { company, agents, issue, boardPath } = made.body;
    expect(company).toMatchObject({ name: "Demo company", issuePrefix: "DEMO" });
    expect(agents.map((a: { role: string }) => a.role)).toEqual(["ceo", "engineer"]);
    const [ceo, engineer] = agents;
    expect(engineer.reportsTo).toBe(ceo.id);
    expect(ceo.adapterConfig).toMatchObject({ command: process.execPath, args: [expect.stringMatching(/\/scripts\/demo-agent\.mjs$/)] });
    expect(issue).toMatchObject({ identifier: "DEMO-1", status: "todo", assigneeAgentId: ceo.id });
    expect(boardPath).toBe("/DEMO/issues/DEMO-1");
    // the one who clicked owns it, and the CEO's strategy is approved in their name
    expect(await db().membership.findFirst({ where: { companyId: company.id, userId: admin.user.id, role: "owner" } })).not.toBeNull();
    expect(await db().approval.findFirst({ where: { companyId: company.id, type: "approve_ceo_strategy", status: "approved", requestedByAgentId: ceo.id, decidedByUserId: admin.user.id } })).not.toBeNull();

    const done = await waitFor(async () => {
      const row = await db().issue.findUniqueOrThrow({ where: { id: issue.id } });
      return row.status === "done" ? row : null;
    }, "the demo's first task to be done", 90_000);
    expect(done.assigneeAgentId).toBe(ceo.id);

    const subs = await db().issue.findMany({ where: { companyId: company.id, parentId: issue.id } });
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ identifier: "DEMO-2", status: "done", assigneeAgentId: engineer.id, createdByAgentId: ceo.id });

    const comments = await db().issueComment.findMany({ where: { companyId: company.id }, orderBy: { createdAt: "asc" } });
    const on = (issueId: string, agentId: string) => comments.filter((c) => c.issueId === issueId && c.authorAgentId === agentId).map((c) => c.body);
    expect(on(issue.id, ceo.id)).toEqual([expect.stringContaining("Plan:"), expect.stringContaining("Reviewed DEMO-2")]);
    expect(on(issue.id, engineer.id)).toEqual([expect.stringContaining("DEMO-2 is done")]);
    expect(on(subs[0].id, engineer.id)).toEqual([expect.stringContaining("Here is my work"), "Done."]);

    const costs = await db().costEvent.findMany({ where: { companyId: company.id }, orderBy: { createdAt: "asc" } });
    expect(costs.map((c) => [c.agentId, c.provider, c.costCents])).toEqual([[ceo.id, "demo", 2], [engineer.id, "demo", 3], [ceo.id, "demo", 1]]);
    expect(costs.every((c) => c.runId !== null)).toBe(true);
    // the CEO's last run ends just after its PATCH
    const runs = await waitFor(async () => {
      const all = await db().heartbeatRun.findMany({ where: { companyId: company.id } });
      return all.every((r) => !["queued", "running"].includes(r.status)) && all;
    }, "the demo's runs to end");
    expect(runs.map((r) => r.status).sort()).toEqual(["succeeded", "succeeded", "succeeded"]);
    // each run's log says what the script did, step by step
    const [first] = runs.filter((r) => r.agentId === ceo.id).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const log = (await client(admin.token).get(`/api/heartbeat-runs/${first.id}/log`)).body.content;
    expect(log).toContain("I am Ada (ceo), woken for: assignment");
    expect(log).toContain("checked out DEMO-1");
    expect(log).toContain("delegated DEMO-2 to Grace");
    const spend = await client(admin.token).get(`/api/companies/${company.id}`);
    expect(spend.body.spentMonthlyCents).toBe(6);
  });

  it("makes a new company under a new prefix each time", async () => {
    const admin = await createBoardUser({ isInstanceAdmin: true });
    const first = (await client(admin.token).post("/api/demo-companies")).body.company.issuePrefix;
    const second = (await client(admin.token).post("/api/demo-companies", {})).body.company.issuePrefix;
    expect(first).not.toBe(second);
    expect([first, second].every((p: string) => p.startsWith("DEM"))).toBe(true);
  });

  it("is for instance admins only, takes no fields, and changes nothing when refused", async () => {
    const w = await createWorld();
    const before = await db().company.count();
    const owner = await client(w.tokens.owner).post("/api/demo-companies", {});
    expect(owner.status).toBe(403);
    expect((await client(w.tokens.ceo).post("/api/demo-companies", {})).status).toBe(403);
    expect((await client(null).post("/api/demo-companies", {})).status).toBe(401);
    const admin = await createBoardUser({ isInstanceAdmin: true });
    const bad = await client(admin.token).post("/api/demo-companies", { name: "Mine" });
    expect(bad.status).toBe(400);
    expect(await db().company.count()).toBe(before);
  });
});
