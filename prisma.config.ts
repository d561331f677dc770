import path from "node:path";
import { defineConfig } from "prisma/config";

// prisma generate must work without a database (CI, postinstall): never throw on a missing URL.
export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://placeholder@localhost:5432/placeholder" },
});
