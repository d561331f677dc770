// Safe retries: writes declared idempotent take an Idempotency-Key; a retry with the same key from the
// same caller gets the first answer and writes nothing more (lib/http/idempotency.ts).
import { describe, expect, it } from "vitest";
import { db, sql, sqlTx } from "@/lib/db/client";
import { runFenced } from "@/lib/db/write-fence";
import { pruneIdempotencyKeys } from "@/lib/http/idempotency";
import { openApiDocument } from "@/app/api/api-document";
import { client, type ApiResponse } from "../support/api";
import { createWorld } from "../factories";

const cost = (agentId: string, costCents = 40) => ({ agentId, provider: "anthropic", model: "claude", costCents });
const key = () => `k-${crypto.randomUUID()}`;
const withKey = (k: string) => ({ headers: { "Idempotency-Key": k } });

describe("Idempotency-Key", () => {
  it("a retried cost event answers the first answer and is counted once", async () => {
    const w = await createWorld();
    const k = key();
    const url = `/api/companies/${w.company.id}/cost-events`;
    const first = await client(w.tokens.engineer).post(url, cost(w.engineer.id), withKey(k));
    expect(first.status).toBe(201);
    const again = await client(w.tokens.engineer).post(url, cost(w.engineer.id), withKey(k));
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("x-request-id")).toBeTruthy();
    expect(await db().costEvent.count({ where: { companyId: w.company.id } })).toBe(1);
    const rollup = await db().costRollup.aggregate({ where: { companyId: w.company.id }, _sum: { costCents: true } });
    expect(Number(rollup._sum.costCents)).toBe(40);
    // without a key, the same body is a new event
    expect((await client(w.tokens.engineer).post(url, cost(w.engineer.id))).status).toBe(201);
    expect(await db().costEvent.count({ where: { companyId: w.company.id } })).toBe(2);
  });

  it("the same key with another request is 422 idempotency_key_reused and writes nothing", async () => {
    const w = await createWorld();
    const k = key();
    const url = `/api/companies/${w.company.id}/cost-events`;
    await client(w.tokens.engineer).post(url, cost(w.engineer.id), withKey(k));
    const other = await client(w.tokens.engineer).post(url, cost(w.engineer.id, 41), withKey(k));
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("idempotency_key_reused");
    const elsewhere = await client(w.tokens.engineer).post(`/api/issues/00000000-0000-0000-0000-000000000001/comments`, { body: "x" }, withKey(k));
    expect(elsewhere.body.code).toBe("idempotency_key_reused");
    expect(await db().costEvent.count({ where: { companyId: w.company.id } })).toBe(1);
  });

  it("keys are per caller: another caller's same key is its own request", async () => {
    const w = await createWorld();
    const k = key();
    const url = `/api/companies/${w.company.id}/cost-events`;
    expect((await client(w.tokens.engineer).post(url, cost(w.engineer.id), withKey(k))).status).toBe(201);
    const theirs = await client(w.tokens.owner).post(url, cost(w.engineer.id), withKey(k));
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(await db().costEvent.count({ where: { companyId: w.company.id } })).toBe(2);
  });

  it("concurrent duplicates: one write; the others replay it or are told it is in progress (409)", async () => {
    const w = await createWorld();
    const k = key();
    const url = `/api/companies/${w.company.id}/cost-events`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => client(w.tokens.engineer).post(url, cost(w.engineer.id), withKey(k))));
    const created = answers.filter((a) => a.status === 201);
    const busy = answers.filter((a) => a.status === 409);
    expect(created.length + busy.length).toBe(10);
    expect(busy.every((a) => a.body.code === "idempotency_in_progress")).toBe(true);
    expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
    expect(await db().costEvent.count({ where: { companyId: w.company.id } })).toBe(1);
  });

  it("issue creation, comments, wakeups, approval requests and decisions replay their first answer", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    const twice = async (post: () => Promise<ApiResponse>) => {
      const a = await post();
      const b = await post();
      expect(b.status).toBe(a.status);
      expect(b.body).toEqual(a.body);
      expect(b.headers.get("idempotent-replayed")).toBe("true");
      return a;
    };
    const ki = key();
    const issue = await twice(() => owner.post(`/api/companies/${w.company.id}/issues`, { title: "Once" }, withKey(ki)));
    expect(issue.status).toBe(201);
    expect(await db().issue.count({ where: { companyId: w.company.id } })).toBe(1);
    const kc = key();
    await twice(() => owner.post(`/api/issues/${issue.body.id}/comments`, { body: "once" }, withKey(kc)));
    expect(await db().issueComment.count({ where: { issueId: issue.body.id } })).toBe(1);
    const kw = key();
    const wake = await twice(() => owner.post(`/api/agents/${w.engineer.id}/wakeup`, {}, withKey(kw)));
    expect(wake.status).toBe(202);
    expect(await db().wakeRequest.count({ where: { agentId: w.engineer.id } })).toBe(1);
    const ka = key();
    const approval = await twice(() => client(w.tokens.ceo).post(`/api/companies/${w.company.id}/approvals`, { type: "approve_ceo_strategy", requestedByAgentId: w.ceo.id, payload: { plan: "p" } }, withKey(ka)));
    expect(approval.status).toBe(201);
    const kd = key();
    const decided = await twice(() => owner.post(`/api/approvals/${approval.body.id}/approve`, { decisionNote: "ok" }, withKey(kd)));
    expect(decided.body.status).toBe("approved");
    expect(await db().approval.count({ where: { companyId: w.company.id } })).toBe(1);
    // the decision woke the CEO once, not once per attempt
    expect(await db().wakeRequest.count({ where: { agentId: w.ceo.id } })).toBe(1);
  });

  it("a retried routine run answers the first run and fires once", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    const routine = await owner.post(`/api/companies/${w.company.id}/routines`, { name: "Nightly", assigneeAgentId: w.engineer.id });
    expect(routine.status).toBe(201);
    const k = key();
    const first = await owner.post(`/api/routines/${routine.body.id}/run`, {}, withKey(k));
    const again = await owner.post(`/api/routines/${routine.body.id}/run`, {}, withKey(k));
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await db().routineRun.count({ where: { routineId: routine.body.id } })).toBe(1);
    expect(await db().issue.count({ where: { companyId: w.company.id } })).toBe(1);
  });

  it("an error answer is the first answer too (replayed), and a malformed key is 400", async () => {
    const w = await createWorld();
    const k = key();
    const url = `/api/companies/${w.company.id}/cost-events`;
    const bad = { ...cost(w.engineer.id), projectId: "00000000-0000-0000-0000-0000000000aa" };
    const first = await client(w.tokens.engineer).post(url, bad, withKey(k));
    expect(first.status).toBe(422);
    const again = await client(w.tokens.engineer).post(url, bad, withKey(k));
    expect(again.status).toBe(422);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const long = await client(w.tokens.engineer).post(url, cost(w.engineer.id), withKey("x".repeat(256)));
    expect(long.status).toBe(400);
    expect(await db().costEvent.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("a reservation whose request died before writing is taken over; one that wrote without its answer is 409 idempotency_answer_lost", async () => {
    const w = await createWorld();
    const url = `/api/companies/${w.company.id}/cost-events`;
    const scope = `agent:${w.engineer.id}`;
    const died = key();
    const first = await client(w.tokens.engineer).post(url, cost(w.engineer.id), withKey(died));
    // as if the first attempt had died a minute ago before committing: no status, no answer
    await sql().query(`UPDATE "IdempotencyKey" SET status = NULL, body = NULL, "completedAt" = NULL, "createdAt" = now() - interval '1 minute' WHERE scope = $1 AND key = $2`, [scope, died]);
    await db().costEvent.deleteMany({ where: { id: first.body.id } });
    const retried = await client(w.tokens.engineer).post(url, cost(w.engineer.id), withKey(died));
    expect(retried.status).toBe(201);
    expect(await db().costEvent.count({ where: { companyId: w.company.id } })).toBe(1);
    // committed, answer never stored (a crash between the two)
    const lost = key();
    await client(w.tokens.engineer).post(url, cost(w.engineer.id), withKey(lost));
    await sql().query(`UPDATE "IdempotencyKey" SET status = 0, body = NULL, "completedAt" = NULL, "createdAt" = now() - interval '1 minute' WHERE scope = $1 AND key = $2`, [scope, lost]);
    const answer = await client(w.tokens.engineer).post(url, cost(w.engineer.id), withKey(lost));
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe("idempotency_answer_lost");
    expect(await db().costEvent.count({ where: { companyId: w.company.id } })).toBe(2);
  });

  it("a request whose reservation was taken over cannot commit (the write fence)", async () => {
    const w = await createWorld();
    const { rows } = await sql().query(`INSERT INTO "IdempotencyKey" (scope, key, method, path, "requestHash") VALUES ('t', 'k', 'POST', '/p', 'h') RETURNING "createdAt"::text AS token`);
    const write = (token: string) => runFenced({ scope: "t", key: "k", token, passed: false }, () =>
      sqlTx((exec) => exec(`UPDATE "Company" SET name = 'fenced' WHERE id = $1::uuid`, [w.company.id])));
    await expect(write("2000-01-01 00:00:00+00")).rejects.toMatchObject({ code: "idempotency_in_progress" });
    expect((await db().company.findUniqueOrThrow({ where: { id: w.company.id } })).name).not.toBe("fenced");
    await write(rows[0].token);
    expect((await db().company.findUniqueOrThrow({ where: { id: w.company.id } })).name).toBe("fenced");
    expect((await sql().query(`SELECT status FROM "IdempotencyKey" WHERE scope = 't'`)).rows[0].status).toBe(0);
  });

  it("keys older than 24 hours are pruned; newer ones stay", async () => {
    await sql().query(`INSERT INTO "IdempotencyKey" (scope, key, method, path, "requestHash", "createdAt") VALUES
      ('prune', 'old', 'POST', '/p', 'h', now() - interval '25 hours'), ('prune', 'new', 'POST', '/p', 'h', now() - interval '23 hours')`);
    expect(await pruneIdempotencyKeys()).toBeGreaterThanOrEqual(1);
    expect((await sql().query(`SELECT key FROM "IdempotencyKey" WHERE scope = 'prune'`)).rows.map((r) => r.key)).toEqual(["new"]);
  });

  it("the OpenAPI document offers the header on exactly the idempotent writes", () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> };
    const withHeader = Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops)
      .filter(([, op]) => op.parameters?.some((x) => x.name === "Idempotency-Key" && x.in === "header")).map(([m]) => `${m.toUpperCase()} ${p}`));
    expect(withHeader.sort()).toEqual([
      "POST /api/agents/{agentId}/wakeup", "POST /api/approvals/{approvalId}/approve", "POST /api/approvals/{approvalId}/reject",
      "POST /api/approvals/{approvalId}/request-revision", "POST /api/approvals/{approvalId}/resubmit", "POST /api/companies/{companyId}/approvals",
      "POST /api/companies/{companyId}/cost-events", "POST /api/companies/{companyId}/issues", "POST /api/issues/{issueId}/comments", "POST /api/issues/{issueId}/questions",
      "POST /api/issues/{issueId}/review", "POST /api/issues/{issueId}/verifications", "POST /api/issues/{issueId}/work-products", "POST /api/routines/{routineId}/run",
    ]);
  });
});
