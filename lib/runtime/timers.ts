// The optional timer heartbeat (runtimeConfig.heartbeat, off by default). Checked on the worker's
// fallback poll: an enabled agent whose last heartbeat is older than its interval gets a `timer`
// wake, unless nothing is assigned to it (and wakeWhenIdle is not set): then no wake is recorded at
// all, so an idle company costs nothing. A paused company's (or instance's) timers queue nothing.
import { sql, sqlTx } from "@/lib/db/client";
import { readRuntimeConfig } from "@/lib/runtime/config";
import { requestWake } from "@/lib/services/wakeups";
import { pausedSql } from "@/lib/services/pause/sql";

interface TimerAgent {
  id: string;
  companyId: string;
  runtimeConfig: unknown;
}

export async function fireTimers(): Promise<number> {
  const { rows } = await sql().query<TimerAgent>(
    `SELECT a.id::text, a."companyId"::text AS "companyId", a."runtimeConfig" FROM "Agent" a
       JOIN "Company" c ON c.id = a."companyId" AND c.status = 'active' AND NOT ${pausedSql("c")}
      WHERE a."runtimeConfig" @> '{"heartbeat": {"enabled": true}}' AND a.status IN ('idle', 'error')`,
  );
  let fired = 0;
  for (const agent of rows) {
    const cfg = readRuntimeConfig(agent.runtimeConfig).heartbeat;
    if (!cfg.enabled) continue;
    fired += await sqlTx(async (exec) => {
      // one timer wake per interval, however many workers poll
      await exec(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))::text`, [`timer:${agent.id}`]);
      const [due] = await exec(
        `SELECT (SELECT coalesce(max("createdAt"), '-infinity') FROM "HeartbeatRun" WHERE "companyId" = $1::uuid AND "agentId" = $2::uuid) < now() - make_interval(secs => $3::int)
            AND (SELECT coalesce(max("createdAt"), '-infinity') FROM "WakeRequest" WHERE "companyId" = $1::uuid AND "agentId" = $2::uuid AND reason = 'timer') < now() - make_interval(secs => $3::int)
            AND ($4::boolean OR EXISTS (SELECT 1 FROM "Issue" WHERE "companyId" = $1::uuid AND "assigneeAgentId" = $2::uuid AND status IN ('todo', 'in_progress')))
            AS due`,
        [agent.companyId, agent.id, cfg.intervalSec, cfg.wakeWhenIdle],
      );
      if (!due.due) return 0;
      await requestWake(exec, { companyId: agent.companyId, agentId: agent.id, reason: "timer", source: `timer every ${cfg.intervalSec}s`, payload: { wakeReason: "timer" } });
      return 1;
    });
  }
  return fired;
}
