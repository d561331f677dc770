// Month-to-date spend has one definition (charter_agent_month_spend, charter_company_month_spend):
// the Prisma-side readers, the budget lock and every hand-written statement sum through it, over the
// UTC month that monthDays names.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db, sql } from "@/lib/db/client";
import { agentsSpendCents, companiesSpendCents, companySpendCents, monthDays } from "@/lib/services/spend";
import { createAgent, createCompany } from "../factories";

const root = path.resolve(import.meta.dirname, "../..");
const NO_PROJECT = "00000000-0000-0000-0000-000000000000";
const now = new Date("2026-03-15T12:00:00Z");

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = `${dir}/${name}`;
    if (rel === "lib/generated") continue;
    if (statSync(path.join(root, rel)).isDirectory()) sources(rel, out);
    else if (/\.(ts|tsx|mjs)$/.test(name)) out.push(rel);
  }
  return out;
}

async function spendWorld() {
  const company = await createCompany();
  const [a, b] = [await createAgent(company.id), await createAgent(company.id)];
  const stranger = await createCompany();
  const s = await createAgent(stranger.id);
  const row = (companyId: string, agentId: string, day: string, costCents: number) => ({ companyId, agentId, day: new Date(`${day}T00:00:00Z`), projectId: NO_PROJECT, costCents });
  await db().costRollup.createMany({
    data: [
      row(company.id, a.id, "2026-02-28", 1000), // the month before
      row(company.id, a.id, "2026-03-01", 10),
      row(company.id, a.id, "2026-03-31", 20),
      row(company.id, a.id, "2026-04-01", 5000), // the month after
      row(company.id, b.id, "2026-03-10", 300),
      row(stranger.id, s.id, "2026-03-10", 7000),
    ],
  });
  return { company, a, b, stranger };
}

describe("month-to-date spend", () => {
  it("is the current UTC month's days, first day in, next month's first day out", () => {
    expect(monthDays(now)).toEqual(["2026-03-01", "2026-04-01"]);
    expect(monthDays(new Date("2026-12-31T23:59:59.999Z"))).toEqual(["2026-12-01", "2027-01-01"]);
  });

  it("reads the same through the Prisma-side readers and the SQL functions", async () => {
    const { company, a, b, stranger } = await spendWorld();
    expect(await companySpendCents(db(), company.id, now)).toBe(330);
    expect(await companiesSpendCents(db(), [company.id, stranger.id], now)).toEqual(new Map([[company.id, 330], [stranger.id, 7000]]));
    expect(await agentsSpendCents(db(), company.id, [a.id, b.id], now)).toEqual(new Map([[a.id, 30], [b.id, 300]]));
    const [from, to] = monthDays(now);
    const { rows } = await sql().query(
      `SELECT (SELECT cents FROM charter_agent_month_spend($1::uuid, $2::uuid, $3::date, $4::date)) AS agent,
              (SELECT cents FROM charter_agent_month_spend($1::uuid, $2::uuid, $3::date, $4::date, '2026-03-31'::date, $5::uuid)) AS "agentOther",
              (SELECT cents FROM charter_company_month_spend($1::uuid, $3::date, $4::date)) AS company,
              (SELECT cents FROM charter_company_month_spend($1::uuid, $3::date, $4::date, '2026-03-10'::date, $6::uuid, $5::uuid)) AS "companyOther"`,
      [company.id, a.id, from, to, NO_PROJECT, b.id],
    );
    expect(rows[0]).toEqual({ agent: 30, agentOther: 10, company: 330, companyOther: 30 });
  });

  it("is inlined into the statements that call it (no function call per row)", async () => {
    const { rows } = await sql().query(`EXPLAIN (VERBOSE) SELECT (SELECT cents FROM charter_agent_month_spend($1::uuid, $1::uuid, '2026-03-01', '2026-04-01')),
                                              (SELECT cents FROM charter_company_month_spend($1::uuid, '2026-03-01', '2026-04-01'))`, [NO_PROJECT]);
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    expect(plan).toContain("CostRollup");
    expect(plan).not.toMatch(/charter_(agent|company)_month_spend/);
  });

  it("is summed nowhere else: the budget lock calls the functions, and no source sums CostRollup itself", async () => {
    const { rows } = await sql().query(`SELECT pg_get_functiondef('charter_budget_lock'::regproc) AS def`);
    expect(rows[0].def).toContain("charter_agent_month_spend(");
    expect(rows[0].def).toContain("charter_company_month_spend(");
    expect(rows[0].def).not.toMatch(/FROM\s+"CostRollup"/);
    const readers = ["lib", "app", "scripts"].flatMap((d) => sources(d)).filter((f) => {
      const text = readFileSync(path.join(root, f), "utf8");
      return /FROM\s+"CostRollup"/.test(text) || /costRollup\.(aggregate|groupBy|findMany)/.test(text);
    });
    // cost reports read arbitrary ranges of whole days (not the month's spend)
    expect(readers, "sum a month's spend with charter_agent_month_spend / charter_company_month_spend").toEqual(["lib/services/cost-reports.ts"]);
  });
});
