// The backup file (format 1): gzip'd UTF-8 text, readable with zcat, in the manner of pg_dump's plain
// format. Line 1 is the magic, line 2 one JSON header (BackupHeader); then per table, in an order
// where every table comes after the tables its foreign keys point to:
//   COPY "Table" ("a", "b") FROM stdin;
//   <the rows in COPY's text format, one per line>
//   \.
// and last one line `-- end {"rows": {table: count}}`, whose absence marks a truncated file. In the
// text format a backslash is always escaped, so a line that is exactly `\.` can only end a table.
import type pg from "pg";

export const MAGIC = "CHARTER BACKUP 1";
export const END_PREFIX = "-- end ";

export interface BackupHeader {
  format: 1;
  createdAt: string;
  /** server_version_num of the PostgreSQL it was taken from */
  serverVersion: number;
  /** the applied migrations, oldest first: the schema the rows fit */
  migrations: { name: string; checksum: string }[];
  tables: { name: string; columns: string[] }[];
  sequences: { name: string; lastValue: string | null }[];
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const copyColumns = (columns: string[]) => columns.map(ident).join(", ");

/** The public schema's tables, each after the tables it references (self-references aside), with their stored columns. */
export async function tablesInDependencyOrder(client: pg.ClientBase): Promise<BackupHeader["tables"]> {
  const { rows } = await client.query<{ name: string; columns: string[]; refs: string[] }>(`
    SELECT c.relname AS name,
           array(SELECT a.attname::text FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '' ORDER BY a.attnum) AS columns,
           array(SELECT DISTINCT r.relname::text FROM pg_constraint k JOIN pg_class r ON r.oid = k.confrelid WHERE k.conrelid = c.oid AND k.contype = 'f' AND k.confrelid <> c.oid) AS refs
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     ORDER BY c.relname`);
  const ordered: BackupHeader["tables"] = [];
  const done = new Set<string>();
  let pending = rows;
  while (pending.length) {
    const ready = pending.filter((t) => t.refs.every((r) => done.has(r)));
    // a cycle of foreign keys (none in Charter's schema): keep going in name order
    const next = ready.length ? ready : [pending[0]];
    for (const t of next) {
      ordered.push({ name: t.name, columns: t.columns });
      done.add(t.name);
    }
    pending = pending.filter((t) => !done.has(t.name));
  }
  return ordered;
}
