// The pause as the runtime reads it, in SQL: the wake claim, timer heartbeats and routine fires each
// test this one fragment, so "paused" means the same everywhere.
export const INSTANCE_PAUSE_KEY = "instance.pause";

/** True while the company of `alias` (a "Company" row) or the whole instance is paused. */
export const pausedSql = (alias: string) =>
  `(${alias}."pausedAt" IS NOT NULL OR EXISTS (SELECT 1 FROM "InstanceSetting" WHERE key = '${INSTANCE_PAUSE_KEY}'))`;
