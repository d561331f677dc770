// `npx charter restore`: loads a backup (lib/backup/format.ts) into an empty database. The database
// first gets the schema the backup was taken at (its own migrations, which this code must know: a
// backup from a newer Charter is refused), then every table is loaded through COPY in one
// transaction (all or nothing; the tables' own triggers, e.g. live-event notifications, held off),
// row counts are checked against the file's, and last the migrations the backup predates are applied.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { once } from "node:events";
import zlib from "node:zlib";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { PrismaPg } from "@prisma/adapter-pg";
import { listMigrations, migrateDeploy, migrateUrl } from "@/lib/db/schema-engine.mjs";
import { copyColumns, END_PREFIX, ident, MAGIC, type BackupHeader } from "@/lib/backup/format";

export interface RestoreSummary {
  rows: Record<string, number>;
  /** migrations applied after the data, because the backup predates them */
  migratedAfter: string[];
}

type Lines = () => Promise<string | null>;

function lineReader(file: string): Lines {
  const it = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
  return async () => {
    const r = await it.next();
    return r.done ? null : r.value;
  };
}

/** The backup's migrations must all be this code's; returns the ones it lacks (applied after the data). */
async function newerMigrations(header: BackupHeader, root: string): Promise<string[]> {
  const local = (await listMigrations(path.join(root, "prisma/migrations"))).migrationDirectories.map((d: { path: string }) => d.path);
  const unknown = header.migrations.filter((m) => !local.includes(m.name));
  if (unknown.length) throw new Error(`the backup is from a newer Charter (migration ${unknown[0].name} is unknown here): restore it with that version or later`);
  return local.filter((name: string) => !header.migrations.some((m) => m.name === name));
}

/** Gives the empty database the backup's schema: the backup's migrations only, from this code's migration files. */
async function applyBackupSchema(client: pg.Client, url: string, header: BackupHeader, root: string) {
  const { rows } = await client.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`);
  if (rows.length) {
    // only a database that already has exactly this schema and no rows (a failed restore, a fresh start) is taken
    const applied = rows.some((r) => r.name === "_prisma_migrations")
      ? (await client.query<{ name: string }>(`SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY 1`)).rows.map((r) => r.name)
      : [];
    const same = applied.join("\n") === header.migrations.map((m) => m.name).join("\n");
    for (const { name } of rows) {
      if (name === "_prisma_migrations") continue;
      const { rowCount } = await client.query(`SELECT 1 FROM ${ident(name)} LIMIT 1`);
      if (rowCount) throw new Error(`the database is not empty (table ${name} has rows): restore into an empty database`);
    }
    if (!same) throw new Error("the database has another schema version than the backup: restore into a database without tables");
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-restore-"));
  try {
    for (const m of header.migrations) fs.cpSync(path.join(root, "prisma/migrations", m.name), path.join(dir, m.name), { recursive: true });
    fs.copyFileSync(path.join(root, "prisma/migrations/migration_lock.toml"), path.join(dir, "migration_lock.toml"));
    await migrateDeploy(new PrismaPg({ connectionString: url }), { migrationsDir: dir, schemaPath: path.join(root, "prisma/schema.prisma") });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Streams one table's lines (up to `\.`) into COPY FROM; returns the rows loaded. */
async function loadTable(client: pg.Client, next: Lines, table: BackupHeader["tables"][number]): Promise<number> {
  const statement = `COPY ${ident(table.name)} (${copyColumns(table.columns)}) FROM stdin;`;
  const line = await next();
  if (line !== statement) throw new Error(`the backup is damaged: expected the rows of ${table.name}`);
  const stream = client.query(copyFrom(statement.slice(0, -1)));
  try {
    let batch = "";
    for (let row = await next(); row !== "\\."; row = await next()) {
      if (row === null) throw new Error(`the backup is truncated (in the rows of ${table.name})`);
      batch += `${row}\n`;
      if (batch.length >= 65_536) {
        if (!stream.write(batch)) await once(stream, "drain");
        batch = "";
      }
    }
    stream.end(batch);
    await once(stream, "finish");
    return stream.rowCount;
  } catch (e) {
    // abort the COPY (CopyFail), or the connection stays in it and the ROLLBACK never runs
    const closed = once(stream, "close").catch(() => {});
    stream.destroy(e as Error);
    await closed;
    throw e;
  }
}

async function loadData(client: pg.Client, next: Lines, header: BackupHeader): Promise<Record<string, number>> {
  await client.query("BEGIN");
  try {
    for (const t of header.tables) await client.query(`ALTER TABLE ${ident(t.name)} DISABLE TRIGGER USER`);
    // the migrations just applied wrote their own rows; the backup's history replaces them
    await client.query(`TRUNCATE _prisma_migrations`);
    const rows: Record<string, number> = {};
    for (const t of header.tables) rows[t.name] = await loadTable(client, next, t);
    const end = await next();
    if (!end?.startsWith(END_PREFIX)) throw new Error("the backup is truncated (no end line)");
    const expected = (JSON.parse(end.slice(END_PREFIX.length)) as { rows: Record<string, number> }).rows;
    for (const [name, n] of Object.entries(expected)) {
      if (rows[name] !== n) throw new Error(`the backup is damaged: ${name} has ${rows[name]} rows, the file says ${n}`);
    }
    for (const t of header.tables) await client.query(`ALTER TABLE ${ident(t.name)} ENABLE TRIGGER USER`);
    for (const s of header.sequences) {
      if (s.lastValue !== null) await client.query(`SELECT setval($1::regclass, $2::bigint)`, [ident(s.name), s.lastValue]);
    }
    await client.query("COMMIT");
    return rows;
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw e;
  }
}

export async function restore(url: string, file: string, root: string): Promise<RestoreSummary> {
  const next = lineReader(file);
  if ((await next()) !== MAGIC) throw new Error("not a Charter backup (or one of a newer format)");
  const header = JSON.parse((await next()) ?? "null") as BackupHeader;
  const migratedAfter = await newerMigrations(header, root);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await applyBackupSchema(client, url, header, root);
    const rows = await loadData(client, next, header);
    if (migratedAfter.length) await migrateUrl(url, root);
    return { rows, migratedAfter };
  } finally {
    await client.end().catch(() => {});
  }
}
