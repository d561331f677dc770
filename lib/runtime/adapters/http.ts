// `http`: POST the wake as JSON to adapterConfig.url, signed with HMAC-SHA256 over
// "<timestamp>.<body>" with adapterConfig.secret (header X-Charter-Signature: t=<unix>,v1=<hex>).
// Any 2xx is a succeeded run, anything else a failed one. The body's wake.context carries what the
// wake already knows (the issue, the waking comment, the decided approval, the wake's source).
import { createHmac } from "node:crypto";
import type { Adapter } from "@/lib/runtime/adapters/types";
import { failed } from "@/lib/runtime/adapters/types";

const MAX_RESPONSE_LOG = 64 * 1024;

export function signBody(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export const httpAdapter: Adapter = async (ctx) => {
  const cfg = ctx.run.adapterConfig;
  if (!cfg.url) return failed("adapterConfig.url is not set: nowhere to deliver the wake");
  if (!cfg.secret) return failed("adapterConfig.secret is not set: wakes are only sent signed");
  const { run } = ctx;
  const body = JSON.stringify({
    runId: run.runId, agentId: run.agentId, companyId: run.companyId,
    // context: what the wake already knows (lib/runtime/wake-context.ts), as the CLIs get it in their prompt
    wake: { reason: run.reason, taskId: run.issueId, commentId: run.commentId, approvalId: run.approvalId, payload: run.payload, context: ctx.wake },
    env: ctx.serviceEnv,
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const timeout = AbortSignal.timeout(ctx.timeoutMs);
  ctx.log(`POST ${cfg.url}\n`);
  try {
    const res = await fetch(cfg.url, {
      method: "POST", body, redirect: "manual", signal: AbortSignal.any([ctx.signal, timeout]),
      headers: { ...cfg.headers, "content-type": "application/json", "x-charter-run-id": run.runId, "x-charter-signature": signBody(cfg.secret, timestamp, body) },
    });
    const text = await res.text();
    ctx.log(`HTTP ${res.status}\n${text.slice(0, MAX_RESPONSE_LOG)}${text.length > MAX_RESPONSE_LOG ? "\n…" : ""}\n`);
    if (res.ok) return { status: "succeeded", exitCode: null, error: null, usage: [] };
    return { status: "failed", exitCode: null, error: `the agent's endpoint answered HTTP ${res.status}`, usage: [] };
  } catch (e) {
    if (ctx.signal.aborted) return { status: "cancelled", exitCode: null, error: "cancelled", usage: [] };
    if (timeout.aborted) return { status: "timed_out", exitCode: null, error: "timed out waiting for the agent's endpoint", usage: [] };
    return failed(`could not reach ${cfg.url}: ${(e as Error).cause instanceof Error ? ((e as Error).cause as Error).message : (e as Error).message}`);
  }
};
