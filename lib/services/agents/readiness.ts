// Whether an agent's adapter can run, in a phrase the board shows as "cannot run: <reason>"
// (docs/decisions/0106-agent-readiness.md). Cheap enough for every agent of a list: the
// stored config, the server's filesystem (memoised for a few seconds), and for an `http` agent the
// outcome of its last wake, read in one statement for the whole page. No network call.
import { Prisma, type Agent } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import type { Tx } from "@/lib/services/context";
import { readAdapterConfig, type AdapterConfig } from "@/lib/runtime/config";
import { fileChecks } from "@/lib/runtime/adapter-checks";

interface Readiness {
  ok: boolean;
  /** why it cannot run, in a phrase: "no command is set" */
  reason: string | null;
}

type ConfigOf = Pick<Agent, "adapterType" | "adapterConfig">;

const READY: Readiness = { ok: true, reason: null };
const cannot = (reason: string): Readiness => ({ ok: false, reason });

/**
 * The error of the agent's last finished run when that run failed after its config last changed;
 * for `http` agents only: their run succeeds on any 2xx, so a failed one is a wake that was not
 * delivered (unreachable, refused, an error status). `a` and `c` are SQL expressions of the
 * agent's id and company id.
 */
export const lastFailedWakeSql = (a: string, c: string) => `(
  SELECT coalesce(r.error, 'it failed') FROM (
    SELECT h.status, h.error, h."finishedAt" FROM "HeartbeatRun" h
     WHERE h."companyId" = ${c} AND h."agentId" = ${a} AND h."finishedAt" IS NOT NULL AND h."adapterType" = 'http'
     ORDER BY h."createdAt" DESC LIMIT 1) r
   WHERE r.status = 'failed'
     AND r."finishedAt" > coalesce((SELECT max(v."createdAt") FROM "AgentConfigRevision" v WHERE v."companyId" = ${c} AND v."agentId" = ${a}), '-infinity'::timestamptz))`;

const MEMO_MS = 10_000;
const memo = new Map<string, { at: number; value: Promise<Readiness> }>();

/** The filesystem's answer for one local config, shared by every agent configured alike for a few seconds. */
function localReadiness(adapterType: string, cfg: AdapterConfig): Promise<Readiness> {
  const key = JSON.stringify([adapterType, cfg.command, cfg.args, cfg.cwd, cfg.env?.PATH, cfg.instructionsFilePath]);
  const now = Date.now();
  const hit = memo.get(key);
  if (hit && now - hit.at < MEMO_MS) return hit.value;
  if (memo.size > 1000) memo.clear();
  const value = fileChecks(adapterType, cfg).then(({ checks }) => {
    const bad = checks.find((c) => !c.ok);
    if (!bad) return READY;
    if (bad.name === "command") return cannot(bad.message.startsWith("adapterConfig.command") ? "no command is set" : bad.message);
    return cannot(`${bad.name === "cwd" ? "its working directory" : "its instructions file"} ${bad.message}`);
  });
  memo.set(key, { at: now, value });
  return value;
}

/** One agent's readiness; `lastFailedWake` is lastFailedWakeSql's answer for it (http only). */
export function readinessOf(agent: ConfigOf, lastFailedWake: string | null): Promise<Readiness> {
  const cfg = readAdapterConfig(agent.adapterConfig);
  if (agent.adapterType !== "http") return localReadiness(agent.adapterType, cfg);
  if (!cfg.url) return Promise.resolve(cannot("no URL is set"));
  if (!cfg.secret) return Promise.resolve(cannot("no signing secret is set"));
  if (lastFailedWake) return Promise.resolve(cannot(`its last wake failed (${lastFailedWake})`));
  return Promise.resolve(READY);
}

/** Readiness of a company's agents by id: one statement for the http agents among them, none otherwise. */
export async function agentsReadiness(db: Db | Tx, companyId: string, agents: Array<ConfigOf & Pick<Agent, "id">>): Promise<Map<string, Readiness>> {
  const httpIds = agents.filter((a) => a.adapterType === "http").map((a) => a.id);
  const failed = new Map<string, string>();
  if (httpIds.length) {
    const rows = await db.$queryRaw<Array<{ id: string; error: string | null }>>`
      SELECT a.id::text AS id, ${Prisma.raw(lastFailedWakeSql("a.id", "c.id"))} AS error
        FROM unnest(${httpIds}::uuid[]) AS a(id), (SELECT ${companyId}::uuid AS id) c`;
    for (const r of rows) if (r.error) failed.set(r.id, r.error);
  }
  const entries = await Promise.all(agents.map(async (a) => [a.id, await readinessOf(a, failed.get(a.id) ?? null)] as const));
  return new Map(entries);
}
