// Applies prisma/migrations to DATABASE_URL (same semantics as `prisma migrate deploy`).
import { migrateUrl } from "../lib/db/schema-engine.mjs";

if (!process.env.DATABASE_URL) {
  console.error("DATABASE_URL is not set");
  process.exit(1);
}
const res = await migrateUrl(process.env.DATABASE_URL);
console.log(JSON.stringify({ applied: res.appliedMigrationNames }));
