// Scheduled backups (off unless CHARTER_BACKUP_DIR is set): the worker's periodic duties call this;
// when the newest backup in the folder is older than CHARTER_BACKUP_INTERVAL_HOURS it writes a new
// one, then keeps the newest CHARTER_BACKUP_KEEP within CHARTER_BACKUP_MAX_BYTES. It never fills the
// disk: a backup starts only with room for twice the last one plus a reserve left free, and is
// abandoned the moment it would pass the room it was given.
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { backup } from "@/lib/backup/dump";

/** Left free on the backup folder's disk whatever happens. */
const RESERVE_BYTES = 512 * 1024 ** 2;
const NAME = /^charter-\d{8}T\d{6}Z\.charter\.gz$/;

interface Kept {
  file: string;
  size: number;
  mtimeMs: number;
}

function kept(dir: string): Kept[] {
  return fs.readdirSync(dir).filter((n) => NAME.test(n)).map((n) => {
    const st = fs.statSync(path.join(dir, n));
    return { file: path.join(dir, n), size: st.size, mtimeMs: st.mtimeMs };
  }).sort((a, b) => b.mtimeMs - a.mtimeMs || b.file.localeCompare(a.file));
}

function prune(dir: string, keep: number, maxBytes: number): void {
  let total = 0;
  kept(dir).forEach((b, i) => {
    total += b.size;
    if (i > 0 && (i >= keep || total > maxBytes)) fs.rmSync(b.file, { force: true });
  });
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z");

let running = false;

/** Writes a backup if one is due; returns its file, or null (not configured, not due, no room, already running). */
export async function scheduledBackup(now = new Date()): Promise<string | null> {
  const e = env();
  if (!e.CHARTER_BACKUP_DIR || !e.DATABASE_URL || running) return null;
  const dir = path.resolve(e.CHARTER_BACKUP_DIR);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const newest = kept(dir)[0];
  if (newest && now.getTime() - newest.mtimeMs < e.CHARTER_BACKUP_INTERVAL_HOURS * 3_600_000) return null;
  const disk = fs.statfsSync(dir);
  const free = disk.bavail * disk.bsize;
  const room = Math.min(e.CHARTER_BACKUP_MAX_BYTES, free - RESERVE_BYTES);
  if (room < 2 * (newest?.size ?? 0) || room <= 0) {
    log.error("scheduled backup skipped: not enough free space", { dir, freeBytes: free, lastBackupBytes: newest?.size ?? 0 });
    return null;
  }
  running = true;
  try {
    const out = path.join(dir, `charter-${stamp(now)}.charter.gz`);
    await backup(e.DATABASE_URL, out, { maxBytes: room });
    fs.utimesSync(out, now, now);
    prune(dir, e.CHARTER_BACKUP_KEEP, e.CHARTER_BACKUP_MAX_BYTES);
    log.info("scheduled backup written", { file: out });
    return out;
  } finally {
    running = false;
  }
}
