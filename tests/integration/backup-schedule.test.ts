// Scheduled backups: off by default, one per interval, the newest kept within the count and the
// size cap, and a backup that would pass its room abandoned without a trace.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scheduledBackup } from "@/lib/backup/schedule";
import { resetEnvCache } from "@/lib/env";
import { createWorld } from "../factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-scheduled-"));
const settings = ["CHARTER_BACKUP_DIR", "CHARTER_BACKUP_INTERVAL_HOURS", "CHARTER_BACKUP_KEEP", "CHARTER_BACKUP_MAX_BYTES"];

function configure(values: Record<string, string>) {
  for (const k of settings) delete process.env[k];
  Object.assign(process.env, values);
  resetEnvCache();
}

afterEach(() => configure({}));

const files = (d: string) => fs.readdirSync(d).sort();
const hours = (h: number) => new Date(Date.UTC(2026, 10, 1) + h * 3_600_000);

describe("scheduled backups", () => {
  it("are off unless a folder is set", async () => {
    configure({});
    expect(await scheduledBackup()).toBeNull();
  });

  it("write one per interval and keep the newest CHARTER_BACKUP_KEEP", async () => {
    await createWorld();
    const d = path.join(dir, "keep");
    configure({ CHARTER_BACKUP_DIR: d, CHARTER_BACKUP_INTERVAL_HOURS: "24", CHARTER_BACKUP_KEEP: "2" });
    expect(await scheduledBackup(hours(0))).toMatch(/charter-20261101T000000Z\.charter\.gz$/);
    expect(await scheduledBackup(hours(23))).toBeNull(); // not due
    expect(await scheduledBackup(hours(24))).not.toBeNull();
    expect(await scheduledBackup(hours(48))).not.toBeNull();
    expect(files(d)).toEqual(["charter-20261102T000000Z.charter.gz", "charter-20261103T000000Z.charter.gz"]);
  }, 60_000);

  it("abandon a backup that would pass the size cap, leaving no partial file", async () => {
    const d = path.join(dir, "cap");
    configure({ CHARTER_BACKUP_DIR: d, CHARTER_BACKUP_MAX_BYTES: String(1024 * 1024) });
    // rows of incompressible text, so the backup is surely larger than 1 MiB
    const { sql } = await import("@/lib/db/client");
    const w = await createWorld();
    await sql().query(`INSERT INTO "ActivityLog" (id, "companyId", "actorType", action, "entityType", "entityId", details)
      SELECT uuidv7(), $1::uuid, 'system', 'bulk.row', 'company', $1::text, jsonb_build_object('r', md5(n::text) || md5((n + 1)::text)) FROM generate_series(1, 60000) n`, [w.company.id]);
    await expect(scheduledBackup(hours(0))).rejects.toThrow(/limit/);
    expect(files(d)).toEqual([]);
  }, 60_000);
});
