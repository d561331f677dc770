// First-run setup: company → CEO → goal and first issue → run. One route for every step, so the
// wizard has no company side bar before it has a company; the step and the company are in the URL,
// so a reload resumes where the user was and each step reads its state afresh from the services.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { listAgents } from "@/lib/services/agents/crud";
import { getIssueDetail } from "@/lib/services/issues/queries";
import { boardPageContext, companyForPrefix, orNotFound } from "@/app/(board)/page-data";
import { OnboardingShell } from "@/components/onboarding/onboarding-shell";
import { CompanyStep } from "@/components/onboarding/company-step.client";
import { DemoCompanyCard } from "@/components/onboarding/demo-card.client";
import { CeoStep } from "@/components/onboarding/ceo-step.client";
import { GoalStep } from "@/components/onboarding/goal-step.client";
import { RunStep } from "@/components/onboarding/run-step.client";
import { parseStep, type OnboardingStep } from "@/components/onboarding/steps";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Set up your company" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

export default async function OnboardingPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const prefix = one(sp.company);
  const query = new URLSearchParams(Object.entries(sp).filter((e): e is [string, string] => typeof e[1] === "string")).toString();
  const ctx = await boardPageContext(`/onboarding${query ? `?${query}` : ""}`);
  // only instance admins create companies (POST /api/companies); anyone else has nothing to set up here
  if (!prefix) {
    if (!ctx.actor.isInstanceAdmin) redirect("/companies");
    return (
      <OnboardingShell step="company" user={ctx.actor}>
        <div className="space-y-6"><CompanyStep /><DemoCompanyCard /></div>
      </OnboardingShell>
    );
  }

  const company = await companyForPrefix(prefix);
  const ceos = await listAgents(ctx, company.id, { role: "ceo", limit: 10 });
  const ceo = ceos.items.find((a) => a.status !== "terminated") ?? null;
  const step: OnboardingStep | null = parseStep(one(sp.step)) ?? (ceo ? null : "ceo");
  // once the company has a CEO the guide is not offered again: entering it without a step goes home
  if (!step || step === "company") redirect(`/${company.issuePrefix}/dashboard`);

  const shell = { step, user: ctx.actor, company: { name: company.name, issuePrefix: company.issuePrefix }, ceoName: ceo?.name ?? null };
  const ceoSummary = ceo && { id: ceo.id, name: ceo.name, urlKey: ceo.urlKey, status: ceo.status, adapterType: ceo.adapterType };
  if (step === "ceo") {
    return <OnboardingShell {...shell}><CeoStep companyId={company.id} prefix={company.issuePrefix} ceo={ceoSummary} /></OnboardingShell>;
  }
  if (step === "goal") {
    return <OnboardingShell {...shell}><GoalStep companyId={company.id} prefix={company.issuePrefix} ceoName={ceo?.name ?? null} /></OnboardingShell>;
  }
  const issueRef = one(sp.issue);
  const issue = issueRef ? await orNotFound(getIssueDetail(ctx, issueRef, company.id)) : null;
  return (
    <OnboardingShell {...shell}>
      <RunStep
        prefix={company.issuePrefix}
        ceo={ceoSummary}
        issue={issue && { id: issue.id, identifier: issue.identifier, title: issue.title, assigneeAgentId: issue.assigneeAgentId }}
      />
    </OnboardingShell>
  );
}
