// The activity row has one home (lib/services/activity.ts): the Prisma path (recordActivity) and the
// SQL fragment every hand-written statement uses (insertActivitySql) write the same row.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db, sqlTx } from "@/lib/db/client";
import { actorFromBearer } from "@/lib/auth/actor";
import { uuidv7 } from "@/lib/ids";
import { actorRef, insertActivitySql, recordActivity, systemActorSql } from "@/lib/services/activity";
import { createWorld } from "../factories";

const root = path.resolve(import.meta.dirname, "../..");
const home = "lib/services/activity.ts";

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = `${dir}/${name}`;
    if (rel === "lib/generated" || name === "node_modules") continue;
    if (statSync(path.join(root, rel)).isDirectory()) sources(rel, out);
    else if (/\.(ts|tsx|mjs|cjs)$/.test(name)) out.push(rel);
  }
  return out;
}

describe("the activity row", () => {
  it("is inserted by hand only through insertActivitySql, and through Prisma only by recordActivity", () => {
    const files = ["lib", "app", "scripts"].flatMap((d) => sources(d));
    const byHand = files.filter((f) => f !== home && /INSERT\s+INTO\s+"ActivityLog"/i.test(readFileSync(path.join(root, f), "utf8")));
    const byPrisma = files.filter((f) => f !== home && /\.activityLog\.(create|createMany|upsert)\b/.test(readFileSync(path.join(root, f), "utf8")));
    expect(byHand, "write the row with insertActivitySql (lib/services/activity.ts)").toEqual([]);
    expect(byPrisma, "write the row with recordActivity (lib/services/activity.ts)").toEqual([]);
    expect(files.filter((f) => readFileSync(path.join(root, f), "utf8").includes("insertActivitySql(")).length).toBeGreaterThanOrEqual(6);
  });

  it("is the same row whether recordActivity or insertActivitySql writes it", async () => {
    const w = await createWorld();
    const actor = (await actorFromBearer(w.tokens.engineer))!;
    const input = { companyId: w.company.id, action: "issue.created", entityType: "issue", entityId: w.engineer.id, details: { title: "Fix", n: 3, nested: { ok: true } } };
    await db().$transaction((tx) => recordActivity(tx, actor, input));
    const { actorType, actorId } = actorRef(actor);
    const fragment = insertActivitySql({ id: "$1", companyId: "$2", actorType: "$3", actorId: "$4", action: "$5", entityType: "$6", entityId: "$7", details: "$8" });
    await sqlTx((exec) => exec(fragment, [uuidv7(), input.companyId, actorType, actorId, input.action, input.entityType, input.entityId, JSON.stringify(input.details)]));
    const rows = await db().activityLog.findMany({ where: { companyId: w.company.id, action: "issue.created" }, orderBy: { id: "asc" } });
    expect(rows).toHaveLength(2);
    const shape = ({ id: _id, createdAt: _at, ...rest }: (typeof rows)[number]) => rest;
    expect(shape(rows[1])).toEqual(shape(rows[0]));
    expect(rows[0].actorType).toBe("agent");
  });

  it("writes one row per row of its source, as Charter when the actor is the system", async () => {
    const w = await createWorld();
    const ids = [w.ceo.id, w.manager.id];
    const fragment = insertActivitySql(
      { id: "src.id", companyId: "$1", ...systemActorSql, action: "'agent.paused'", entityType: "'agent'", entityId: 'src."entityId"', details: "jsonb_build_object('reason', 'budget')" },
      `unnest($2::uuid[], $3::text[]) AS src(id, "entityId")`,
    );
    await sqlTx((exec) => exec(fragment, [w.company.id, ids.map(() => uuidv7()), ids]));
    const rows = await db().activityLog.findMany({ where: { companyId: w.company.id, action: "agent.paused" } });
    expect(rows.map((r) => r.entityId).sort()).toEqual([...ids].sort());
    expect(rows.every((r) => r.actorType === "system" && r.actorId === null && (r.details as { reason: string }).reason === "budget")).toBe(true);
    expect(actorRef(null)).toEqual({ actorType: "system", actorId: null });
  });
});
