import type { ReactNode } from "react";
import Link from "next/link";
import { cn } from "@/lib/cn";
import { CharterWordmark } from "@/components/shell/charter-mark";
import { UserMenu } from "@/components/shell/user-menu";
import { StrategyNote } from "@/components/onboarding/strategy-note";
import { onboardingSteps, stepLabels, type OnboardingStep } from "@/components/onboarding/steps";

interface Props {
  step: OnboardingStep;
  user: { name: string; email: string; isInstanceAdmin: boolean };
  company?: { name: string; issuePrefix: string };
  ceoName?: string | null;
  children: ReactNode;
}

/** The guide's frame: where you are in it, a way out, and what to expect of the CEO's first run. */
export function OnboardingShell({ step, user, company, ceoName, children }: Props) {
  const current = onboardingSteps.indexOf(step);
  const exit = company ? `/${company.issuePrefix}/dashboard` : "/companies";
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3 md:px-8">
          <Link href="/companies"><CharterWordmark /></Link>
          <div className="w-64 max-w-[60%]"><UserMenu {...user} /></div>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6 md:px-8 md:py-10">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm text-slate-500">{company ? `Setting up ${company.name}` : "Welcome to Charter"}</p>
            <h1 className="text-xl font-semibold tracking-tight text-slate-900">Set up your first company</h1>
          </div>
          <Link href={exit} className="text-sm font-medium text-slate-500 hover:text-slate-900" data-testid="leave-onboarding">
            {company ? "Leave setup, go to the dashboard" : "Skip setup"}
          </Link>
        </div>
        <ol className="mb-6 grid grid-cols-4 gap-2" aria-label="Setup steps">
          {onboardingSteps.map((s, i) => (
            <li key={s} aria-current={i === current ? "step" : undefined} className="min-w-0">
              <div className={cn("h-1.5 rounded-full", i < current ? "bg-indigo-600" : i === current ? "bg-indigo-400" : "bg-slate-200")} />
              <p className={cn("mt-2 truncate text-xs sm:text-sm", i === current ? "font-semibold text-slate-900" : "text-slate-500")}>
                <span className="tabular-nums">{i + 1}.</span> {stepLabels[s]}
              </p>
            </li>
          ))}
        </ol>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="min-w-0">{children}</div>
          <aside className="order-first space-y-4 lg:order-none">
            <StrategyNote prefix={company?.issuePrefix ?? null} ceoName={ceoName} />
            <p className="px-1 text-xs text-slate-500">
              Every step can be skipped; nothing here is needed to use Charter. Once the company has a CEO this guide is not shown again.
            </p>
          </aside>
        </div>
      </main>
    </div>
  );
}
