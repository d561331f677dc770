// Per test file: a fresh database cloned from the migrated template; dropped afterwards.
import { afterAll, beforeAll, inject } from "vitest";
import pg from "pg";
import { resetEnvCache } from "@/lib/env";
import { disconnectDb } from "@/lib/db/client";

const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const adminUrl = inject("adminUrl");

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE charter_template`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  process.env.SESSION_SECRET ??= "test-session-secret-test-session-secret";
  process.env.LOG_LEVEL ??= "error";
  resetEnvCache();
});

afterAll(async () => {
  await disconnectDb();
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
});
