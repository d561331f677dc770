// Replacement for `prisma migrate dev --create-only` (the CLI's engine cannot be downloaded here):
// diffs the schema snapshot taken at the last migration against prisma/schema.prisma and writes the
// SQL as a new migration. Usage: npm run db:migrate:new -- <name>
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { diffScript } from "../lib/db/schema-engine.mjs";
import { startEmbeddedPostgres } from "../lib/db/embedded-postgres.mjs";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]+/gi, "_").toLowerCase();
if (!name) {
  console.error("usage: npm run db:migrate:new -- <name>");
  process.exit(1);
}
const migrationsDir = path.resolve("prisma/migrations");
const schemaPath = path.resolve("prisma/schema.prisma");
const snapshotPath = path.join(migrationsDir, "schema.snapshot.prisma");
const snapshot = fs.existsSync(snapshotPath) ? fs.readFileSync(snapshotPath, "utf8") : null;
const from = snapshot ? { tag: "schemaDatamodel", files: [{ path: snapshotPath, content: snapshot }] } : { tag: "empty" };

// The engine insists on a live connection even for a datamodel-to-datamodel diff.
let embedded = null;
let url = process.env.DATABASE_URL;
if (!url) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-migrate-"));
  fs.chmodSync(dir, 0o755);
  embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, "pg"), fast: true, log: () => {} });
  url = embedded.url;
}
try {
  const res = await diffScript(new PrismaPg({ connectionString: url }), { from, schemaPath });
  const sql = res.stdout ?? "";
  if (!sql.trim() || sql.includes("This is an empty migration")) {
    console.log("No schema changes.");
  } else {
    const ts = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = path.join(migrationsDir, `${ts}_${name}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "migration.sql"), sql);
    fs.writeFileSync(path.join(migrationsDir, "migration_lock.toml"), 'provider = "postgresql"\n');
    fs.copyFileSync(schemaPath, snapshotPath);
    console.log(`wrote ${path.relative(process.cwd(), dir)}/migration.sql: review it, then commit it with schema.snapshot.prisma`);
  }
} finally {
  if (embedded) {
    await embedded.stop();
    fs.rmSync(path.dirname(embedded.dataDir), { recursive: true, force: true });
  }
}
