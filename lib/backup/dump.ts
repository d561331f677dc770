// `npx charter backup`: a consistent copy of the whole instance. Every table is read through COPY
// inside one REPEATABLE READ READ ONLY transaction, so the file holds exactly one snapshot: a row
// committed while the backup runs is either in it with everything committed before it, or not at all.
// Independent of any pg_dump on the machine (the embedded PostgreSQL ships none, and a pg_dump older
// than the server refuses it). Written to `<out>.partial` and renamed when complete.
import fs from "node:fs";
import { once } from "node:events";
import zlib from "node:zlib";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { copyColumns, END_PREFIX, ident, MAGIC, tablesInDependencyOrder, type BackupHeader } from "@/lib/backup/format";

export interface BackupSummary {
  file: string;
  bytes: number;
  rows: Record<string, number>;
  migrations: number;
}

async function write(gz: zlib.Gzip, chunk: string | Buffer) {
  if (gz.destroyed) throw gz.errored ?? new Error("the backup was abandoned");
  if (!gz.write(chunk)) await once(gz, "drain");
}

export class BackupTooLarge extends Error {}

/** Streams one table's rows into the file; returns how many (COPY's text format: one line per row). */
async function copyTable(client: pg.Client, gz: zlib.Gzip, table: BackupHeader["tables"][number]): Promise<number> {
  await write(gz, `COPY ${ident(table.name)} (${copyColumns(table.columns)}) FROM stdin;\n`);
  const stream = client.query(copyTo(`COPY ${ident(table.name)} (${copyColumns(table.columns)}) TO STDOUT`));
  let rows = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
    await write(gz, chunk);
  }
  await write(gz, "\\.\n");
  return rows;
}

async function snapshotHeader(client: pg.Client): Promise<BackupHeader> {
  const meta = await client.query<{ v: number; at: Date }>(`SELECT current_setting('server_version_num')::int AS v, now() AS at`);
  const migrations = await client.query<{ name: string; checksum: string }>(
    `SELECT migration_name AS name, checksum FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
  );
  const sequences = await client.query<{ name: string; lastValue: string | null }>(
    `SELECT sequencename AS name, last_value::text AS "lastValue" FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
  );
  return {
    format: 1, createdAt: meta.rows[0].at.toISOString(), serverVersion: meta.rows[0].v, migrations: migrations.rows,
    tables: await tablesInDependencyOrder(client), sequences: sequences.rows,
  };
}

/** `maxBytes`: the file may not grow past this (a scheduled backup's share of the disk); it is abandoned then. */
export async function backup(url: string, out: string, opts: { maxBytes?: number } = {}): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const partial = `${out}.partial`;
  const gz = zlib.createGzip();
  const file = fs.createWriteStream(partial, { mode: 0o600 });
  gz.pipe(file);
  // a failure (the cap below, a full disk) is read back from gz.errored by the next write
  gz.on("error", () => {});
  file.on("error", (e) => gz.destroy(e));
  let written = 0;
  gz.on("data", (chunk: Buffer) => {
    written += chunk.length;
    if (opts.maxBytes !== undefined && written > opts.maxBytes) gz.destroy(new BackupTooLarge(`the backup passed its limit of ${opts.maxBytes} bytes`));
  });
  try {
    // the snapshot is taken by the transaction's first statement; everything below reads it
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const header = await snapshotHeader(client);
    if (header.migrations.length === 0) throw new Error("the database has no Charter schema (no applied migrations)");
    await write(gz, `${MAGIC}\n${JSON.stringify(header)}\n`);
    const rows: Record<string, number> = {};
    for (const table of header.tables) rows[table.name] = await copyTable(client, gz, table);
    await write(gz, `${END_PREFIX}${JSON.stringify({ rows })}\n`);
    await client.query("COMMIT");
    gz.end();
    await once(file, "close");
    fs.renameSync(partial, out);
    return { file: out, bytes: fs.statSync(out).size, rows, migrations: header.migrations.length };
  } catch (e) {
    const cause = gz.errored ?? e;
    gz.destroy();
    file.destroy();
    fs.rmSync(partial, { force: true });
    throw cause;
  } finally {
    await client.end().catch(() => {});
  }
}
