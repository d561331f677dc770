// Backups: taken while writes go on, restored into a fresh database. Writers commit one transaction
// at a time, each adding a company and a cost event (with its rollup) tagged with the writer and a
// sequence number, so any one snapshot holds, per writer, exactly a prefix of its writes, in both
// tables at once; rows the backup's snapshot could not miss (written before it began) must all be
// there, and every table nobody wrote during the backup must come back identical.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { PrismaPg } from "@prisma/adapter-pg";
import { backup } from "@/lib/backup/dump";
import { restore } from "@/lib/backup/restore";
import { MAGIC } from "@/lib/backup/format";
import { sqlTx } from "@/lib/db/client";
import { migrateDeploy } from "@/lib/db/schema-engine.mjs";
import { recordCostEvent } from "@/lib/services/costs";
import { createWorld } from "../factories";
import { client } from "../support/api";

const root = path.resolve(import.meta.dirname, "../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-backup-"));
const databases: string[] = [];

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: inject("adminUrl") });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A new empty database on the test server; its URL. */
async function freshDatabase(): Promise<string> {
  const name = `restore_${process.pid}_${databases.length}_${Math.random().toString(36).slice(2, 6)}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  databases.push(name);
  const url = new URL(inject("adminUrl"));
  url.pathname = `/${name}`;
  return url.toString();
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

/** A digest of every row of a table (optionally filtered), independent of physical order. */
const tableDigest = (url: string, table: string, where = "true") =>
  query<{ n: number; d: string | null }>(url, `SELECT count(*)::int AS n, md5(string_agg(to_jsonb(t)::text, '|' ORDER BY to_jsonb(t)::text)) AS d FROM "${table}" t WHERE ${where}`).then((r) => r[0]);

afterAll(async () => {
  await admin(async (c) => {
    for (const name of databases) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("a backup taken while writes go on restores one snapshot: per writer a prefix of its writes, in every table at once; all else identical", async () => {
    const source = process.env.DATABASE_URL!;
    const w = await createWorld();
    await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Before the backup", description: "ünïcødé\ttab\nnewline \\ backslash" });
    // enough rows that the backup takes a while, so the writers really interleave with it
    await query(source, `INSERT INTO "ActivityLog" (id, "companyId", "actorType", action, "entityType", "entityId", details)
      SELECT uuidv7(), $1::uuid, 'system', 'bulk.row', 'company', $1::text, jsonb_build_object('n', n, 'text', repeat('x', 200)) FROM generate_series(1, 40000) n`, [w.company.id]);
    const committed = [0, 0];
    let writing = true;
    const writer = async (id: number) => {
      for (let i = 1; writing; i++) {
        await sqlTx(async (exec) => {
          await exec(`INSERT INTO "Company" (id, name, "issuePrefix", "updatedAt") VALUES (uuidv7(), $1, $2, now())`, [`w${id}-${i}`, `W${id}X${i}`]);
          await recordCostEvent(exec, { companyId: w.company.id, agentId: w.engineer.id, provider: `w${id}`, model: String(i), costCents: 1 });
        });
        committed[id] = i;
      }
    };
    const writers = [writer(0), writer(1)];
    await new Promise((r) => setTimeout(r, 300));
    const before = [...committed];
    const file = path.join(dir, "live.charter.gz");
    const summary = await backup(source, file);
    const after = [...committed];
    writing = false;
    await Promise.all(writers);
    expect(after[0] + after[1]).toBeGreaterThan(before[0] + before[1]); // writes did go on during the backup
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    const target = await freshDatabase();
    const restored = await restore(target, file, root);
    expect(restored.rows).toEqual(summary.rows);
    expect(restored.migratedAfter).toEqual([]);

    for (const id of [0, 1]) {
      const companies = (await query<{ i: number }>(target, `SELECT split_part(name, '-', 2)::int AS i FROM "Company" WHERE name LIKE $1 ORDER BY 1`, [`w${id}-%`])).map((r) => r.i);
      const events = (await query<{ i: number }>(target, `SELECT model::int AS i FROM "CostEvent" WHERE provider = $1 ORDER BY 1`, [`w${id}`])).map((r) => r.i);
      const k = companies.length;
      expect(companies).toEqual(Array.from({ length: k }, (_, j) => j + 1)); // a prefix, no gaps
      expect(events).toEqual(companies); // the same transactions in both tables
      expect(k).toBeGreaterThanOrEqual(before[id]); // everything committed before the backup began
      expect(k).toBeLessThanOrEqual(after[id]); // nothing committed after it ended
    }
    // the rollup agrees with the events it sums: both read at one instant
    const [sums] = await query<{ events: string; rollup: string; models: string }>(target, `SELECT (SELECT sum("costCents") FROM "CostEvent")::text AS events, (SELECT sum("costCents") FROM "CostRollup")::text AS rollup, (SELECT sum("costCents") FROM "CostModelRollup")::text AS models`);
    expect(sums.rollup).toBe(sums.events);
    expect(sums.models).toBe(sums.events);
    // tables nobody wrote during the backup come back row for row
    const tables = (await query<{ name: string }>(source, `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('Company', 'CostEvent', 'CostRollup', 'CostModelRollup', '_prisma_migrations') ORDER BY 1`)).map((r) => r.name);
    for (const t of tables) expect({ t, ...(await tableDigest(target, t)) }).toEqual({ t, ...(await tableDigest(source, t)) });
    expect(await tableDigest(target, "Company", `name NOT LIKE 'w_-%'`)).toEqual(await tableDigest(source, "Company", `name NOT LIKE 'w_-%'`));
    expect(await tableDigest(target, "CostEvent", `provider NOT LIKE 'w_'`)).toEqual(await tableDigest(source, "CostEvent", `provider NOT LIKE 'w_'`));
    expect(await tableDigest(target, "_prisma_migrations")).toEqual(await tableDigest(source, "_prisma_migrations"));
    // the restored instance works: its live-event trigger is back on
    const [trigger] = await query<{ on: string }>(target, `SELECT string_agg(tgenabled::text, '') AS on FROM pg_trigger WHERE NOT tgisinternal`);
    expect(trigger.on).toMatch(/^O+$/);
  }, 120_000);

  it("refuses a non-empty database, a backup from a newer Charter and a truncated file, leaving the target as it was", async () => {
    const file = path.join(dir, "plain.charter.gz");
    await backup(process.env.DATABASE_URL!, file);
    await expect(restore(process.env.DATABASE_URL!, file, root)).rejects.toThrow(/not empty/);

    const lines = zlib.gunzipSync(fs.readFileSync(file)).toString("utf8").split("\n");
    const header = JSON.parse(lines[1]);
    header.migrations.push({ name: "29991231000000_from_the_future", checksum: "x" });
    const newer = path.join(dir, "newer.charter.gz");
    fs.writeFileSync(newer, zlib.gzipSync([lines[0], JSON.stringify(header), ...lines.slice(2)].join("\n")));
    const target = await freshDatabase();
    await expect(restore(target, newer, root)).rejects.toThrow(/newer Charter/);
    expect(await query(target, `SELECT 1 FROM pg_tables WHERE schemaname = 'public'`)).toEqual([]);

    const truncated = path.join(dir, "truncated.charter.gz");
    // cut inside a table's rows (the load is then mid-COPY when the file ends)
    fs.writeFileSync(truncated, zlib.gzipSync(lines.slice(0, lines.findIndex((l) => l.startsWith('COPY "Agent"')) + 2).join("\n")));
    await expect(restore(target, truncated, root)).rejects.toThrow(/truncated|damaged/);
    // the schema went in, no row did: the same file can be restored again once whole
    const rows = await query<{ n: number }>(target, `SELECT count(*)::int AS n FROM "Company"`);
    expect(rows[0].n).toBe(0);
    await restore(target, file, root);
    expect((await query<{ n: number }>(target, `SELECT count(*)::int AS n FROM "Company"`))[0].n).toBeGreaterThan(0);
    expect(lines[0]).toBe(MAGIC);
  }, 120_000);

  it("a backup of an older schema is restored at its version, then migrated to this one", async () => {
    const old = await freshDatabase();
    const all = fs.readdirSync(path.join(root, "prisma/migrations")).filter((n) => /^\d/.test(n)).sort();
    const older = all.slice(0, -2);
    const migrations = path.join(dir, "older-migrations");
    for (const m of older) fs.cpSync(path.join(root, "prisma/migrations", m), path.join(migrations, m), { recursive: true });
    fs.copyFileSync(path.join(root, "prisma/migrations/migration_lock.toml"), path.join(migrations, "migration_lock.toml"));
    await migrateDeploy(new PrismaPg({ connectionString: old }), { migrationsDir: migrations, schemaPath: path.join(root, "prisma/schema.prisma") });
    await query(old, `INSERT INTO "Company" (id, name, "issuePrefix", "updatedAt") VALUES (uuidv7(), 'Old Co', 'OLDCO', now())`);
    const file = path.join(dir, "older.charter.gz");
    await backup(old, file);
    const target = await freshDatabase();
    const result = await restore(target, file, root);
    expect(result.migratedAfter).toEqual(all.slice(-2));
    expect((await query<{ name: string }>(target, `SELECT name FROM "Company"`)).map((r) => r.name)).toEqual(["Old Co"]);
    const applied = (await query<{ name: string }>(target, `SELECT migration_name AS name FROM _prisma_migrations ORDER BY 1`)).map((r) => r.name);
    expect(applied).toEqual(all);
  }, 120_000);

  it("npx charter backup --out and npx charter restore, against DATABASE_URL", async () => {
    const file = path.join(dir, "cli.charter.gz");
    const run = (args: string[], url: string) => promisify(execFile)(process.execPath, [path.join(root, "scripts/charter.mjs"), ...args], {
      cwd: root, env: { ...process.env, DATABASE_URL: url },
    });
    const made = await run(["backup", "--out", file], process.env.DATABASE_URL!);
    expect(made.stdout).toMatch(/^backup written to .*cli\.charter\.gz: \d+ rows in \d+ tables/);
    const target = await freshDatabase();
    const loaded = await run(["restore", file], target);
    expect(loaded.stdout).toMatch(/^restored \d+ rows in \d+ tables/);
    expect(await tableDigest(target, "Agent")).toEqual(await tableDigest(process.env.DATABASE_URL!, "Agent"));
    await expect(run(["backup"], target)).rejects.toMatchObject({ code: 2 });
  }, 120_000);
});
