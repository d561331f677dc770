// The board inbox's statements on a company of 100,000 issues: read by index, a page's worth of rows
// per kind, names looked up for the page's rows only, and the side bar's count bounded by the cap.
import { describe, expect, it } from "vitest";
import { sql } from "@/lib/db/client";
import { inboxStatements, pageValues } from "@/lib/services/inbox";
import { createWorld } from "../factories";

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; "Actual Loops"?: number; "Actual Rows"?: number; Plans?: PlanNode[] };
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

async function plan(text: string, values: unknown[]) {
  // a prepared statement's generic plan, as the service runs it once PostgreSQL keeps a plan
  const c = await sql().connect();
  try {
    await c.query(`SET plan_cache_mode = force_generic_plan`);
    await c.query(`PREPARE inbox_plan AS ${text}`);
    const literal = (v: unknown) => (v === null ? "NULL" : typeof v === "string" ? c.escapeLiteral(v) : v instanceof Date ? `'${v.toISOString()}'` : String(v));
    const { rows } = await c.query(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE inbox_plan(${values.map(literal).join(", ")})`);
    return nodes((rows[0]["QUERY PLAN"] as Array<{ Plan: PlanNode }>)[0].Plan);
  } finally {
    await c.query("DEALLOCATE ALL; RESET plan_cache_mode").catch(() => {});
    c.release();
  }
}

describe("the board inbox's statements with 100,000 issues", () => {
  it("a page reads a page of rows per kind by index; the count stops at its cap and after 'mark all read' reads nothing old", async () => {
    const w = await createWorld();
    const agents = [w.ceo.id, w.manager.id, w.engineer.id];
    // a seventh of the issues blocked, a twentieth assigned to the owner; 20,000 runs, 40% failed; 10,000 mentions
    await sql().query(
      `INSERT INTO "Issue" (id, "companyId", number, identifier, title, status, priority, "assigneeUserId", "createdAt", "updatedAt")
       SELECT uuidv7(), $1::uuid, n, 'B-' || n, 'Issue ' || n,
              (ARRAY['backlog', 'todo', 'in_progress', 'in_review', 'blocked', 'done', 'cancelled'])[1 + n % 7]::"IssueStatus",
              (ARRAY['critical', 'high', 'medium', 'low'])[1 + n % 4]::"IssuePriority",
              CASE WHEN n % 20 = 0 THEN $2::uuid END, now() - n * interval '1 minute', now() - n * interval '1 minute'
         FROM generate_series(1, 100000) n`,
      [w.company.id, w.owner.id],
    );
    await sql().query(
      `INSERT INTO "HeartbeatRun" (id, "companyId", "agentId", status, "adapterType", "createdAt", "finishedAt")
       SELECT uuidv7(), $1::uuid, ($2::uuid[])[1 + n % 3], (ARRAY['succeeded', 'failed', 'timed_out', 'succeeded', 'succeeded'])[1 + n % 5]::"RunStatus",
              'process', now() - n * interval '1 minute', now() - n * interval '1 minute' + interval '10 seconds'
         FROM generate_series(1, 20000) n`,
      [w.company.id, agents],
    );
    await sql().query(
      `WITH c AS (INSERT INTO "IssueComment" (id, "companyId", "issueId", body, "createdAt", "updatedAt")
                  SELECT uuidv7(), i."companyId", i.id, 'see [@Owner](user://' || $2 || ')', i."createdAt", i."createdAt"
                    FROM "Issue" i WHERE i."companyId" = $1::uuid AND i.number % 10 = 0 RETURNING id, "issueId", "createdAt")
       INSERT INTO "CommentMention" ("companyId", "commentId", "issueId", "userId", "createdAt") SELECT $1::uuid, id, "issueId", $2::uuid, "createdAt" FROM c`,
      [w.company.id, w.owner.id],
    );
    await sql().query(`ANALYZE`);

    const page = await plan(inboxStatements.page, pageValues(w.company.id, w.owner.id, { limit: 50 }));
    expect(page.filter((n) => n["Node Type"] === "Seq Scan" && ["Issue", "HeartbeatRun", "CommentMention", "IssueComment"].includes(n["Relation Name"] ?? "")), "no table scan").toEqual([]);
    // blocked issues: four index scans in time order, each stopping after about a page (of 14,286 blocked)
    const blocked = page.filter((n) => n["Index Name"] === "Issue_companyId_status_priority_updatedAt_id_idx");
    expect(blocked).toHaveLength(4);
    for (const n of blocked) expect(n["Actual Rows"]).toBeLessThan(120);
    // runs and mentions: backwards along their time index, not sorted whole
    for (const index of ["HeartbeatRun_companyId_createdAt_idx", "CommentMention_companyId_userId_createdAt_idx"]) {
      const scan = page.find((n) => n["Index Name"] === index);
      expect(scan, index).toBeDefined();
      expect(scan!["Actual Rows"]).toBeLessThan(120);
    }
    // names and titles: primary-key lookups, once per row of the page (51)
    for (const n of page.filter((n) => n["Index Name"] === "Issue_pkey" || n["Index Name"] === "IssueComment_pkey")) expect(n["Actual Loops"]).toBeLessThanOrEqual(51);

    const count = await plan(inboxStatements.count, [w.company.id, w.owner.id]);
    expect(count.filter((n) => n["Node Type"] === "Seq Scan" && n["Relation Name"] === "Issue")).toEqual([]);
    const [{ unread }] = (await sql().query(inboxStatements.count, [w.company.id, w.owner.id])).rows;
    expect(unread).toBe(100);

    await sql().query(`INSERT INTO "InboxRead" ("companyId", "userId", "itemKey", "readAt") VALUES ($1, $2, '*', now())`, [w.company.id, w.owner.id]);
    const caughtUp = await plan(inboxStatements.count, [w.company.id, w.owner.id]);
    // after "mark all read" the blocked issues' and mentions' index scans find nothing older to read
    for (const n of caughtUp.filter((n) => n["Index Name"] === "Issue_companyId_status_priority_updatedAt_id_idx" || n["Index Name"]?.startsWith("CommentMention_"))) {
      expect(n["Actual Rows"]).toBe(0);
    }
    expect((await sql().query(inboxStatements.count, [w.company.id, w.owner.id])).rows[0].unread).toBe(0);
  }, 120_000);
});
