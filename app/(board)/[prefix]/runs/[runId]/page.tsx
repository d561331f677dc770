import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { can } from "@/lib/auth/permissions";
import { isUuid } from "@/lib/schemas/common";
import { getRun, getRunLog, getRunTranscript } from "@/lib/services/heartbeat-runs";
import { getAgent } from "@/lib/services/agents/crud";
import { boardPageContext, companyForPrefix, orNotFound, segment } from "@/app/(board)/page-data";
import { RunDetail } from "@/components/runs/run-detail.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Heartbeat run" };

export default async function RunPage({ params }: { params: Promise<{ prefix: string; runId: string }> }) {
  const { prefix, runId: raw } = await params;
  const ctx = await boardPageContext(`/${prefix}/runs/${raw}`);
  const company = await companyForPrefix(prefix);
  const runId = segment(raw);
  if (!isUuid(runId)) notFound();
  const run = await orNotFound(getRun(ctx, runId, company.id));
  const [log, transcript, agent] = await Promise.all([getRunLog(ctx, run.id), getRunTranscript(ctx, run.id), getAgent(ctx, run.agentId)]);
  return (
    <RunDetail
      companyId={company.id}
      prefix={company.issuePrefix}
      agent={{ name: agent.name, urlKey: agent.urlKey }}
      initialRun={run}
      initialLog={log}
      initialTranscript={transcript}
      canCancel={can(ctx.actor, "agent.lifecycle", company.id)}
    />
  );
}
