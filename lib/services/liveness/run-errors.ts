// Why a run failed, read from the sentence it ended with (the adapters' own refusals in
// lib/runtime/adapters and run-workspace.ts): the sweep's wake_failed and the retry budget read the
// same lists, so "failed before its program started" and "not worth retrying" mean one thing each.

/** The agent's configuration cannot start a run: retrying it fails the same way until a person fixes it. */
const configFailures = ["adapterConfig.% is not set%", "could not start %", "the instructions file % cannot be read%"];

/** Failures before the program started that may pass by themselves (a crash, a workspace, the network). */
const otherStartFailures = ["the % adapter failed: %", "the workspace of % could not be made%", "could not reach %"];

// false, never NULL, for a run without an error: NOT of it must keep the row
const likeAny = (patterns: string[], error: string) => `COALESCE(${patterns.map((p) => `${error} LIKE '${p}'`).join(" OR ")}, false)`;

/** True when the run's `error` (SQL) says its agent's configuration stopped it: no retry, no budget spent. */
export const configFailedSql = (error: string) => likeAny(configFailures, error);

/** True when the run's `error` (SQL) says it failed before its program started. */
export const startFailedSql = (error: string) => likeAny([...configFailures, ...otherStartFailures], error);
