import Link from "next/link";
import type { CompanyDto } from "@/lib/dto/companies";
import { formatBudget, formatCents, spendPercent, statusLabels } from "@/lib/format";
import { Badge } from "@/components/ui/badge";
import { ProgressBar } from "@/components/ui/progress";
import { CompanyLogo } from "@/components/companies/company-logo";

export function CompanyCard({ company: c }: { company: CompanyDto }) {
  const pct = spendPercent(c.spentMonthlyCents, c.budgetMonthlyCents);
  return (
    <Link
      href={`/${c.issuePrefix}/agents`}
      data-testid="company-card"
      className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white p-5 shadow-xs transition hover:border-slate-300 hover:shadow-md"
    >
      {c.brandColor && <span className="absolute inset-x-0 top-0 h-1" style={{ backgroundColor: c.brandColor }} aria-hidden="true" />}
      <div className="flex items-start gap-3">
        <CompanyLogo name={c.name} logoUrl={c.logoUrl} brandColor={c.brandColor} size="md" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-slate-900 group-hover:text-indigo-700">{c.name}</h2>
          <p className="font-mono text-xs text-slate-500">{c.issuePrefix}</p>
        </div>
        {c.status !== "active" && <Badge tone={c.status === "paused" ? "amber" : "gray"}>{statusLabels[c.status] ?? c.status}</Badge>}
      </div>
      <p className="mt-3 line-clamp-2 min-h-10 text-sm text-slate-600">{c.description || <span className="text-slate-400">No description</span>}</p>
      <div className="mt-4 border-t border-slate-100 pt-3 text-xs text-slate-500">
        {pct === null ? (
          <span>{formatCents(c.spentMonthlyCents)} spent this month · no budget limit</span>
        ) : (
          <div className="space-y-1.5">
            <div className="flex justify-between">
              <span>{formatCents(c.spentMonthlyCents)} of {formatBudget(c.budgetMonthlyCents)}</span>
              <span>{pct}%</span>
            </div>
            <ProgressBar percent={pct} tone={pct >= 100 ? "red" : pct >= 80 ? "amber" : "indigo"} label="Budget used this month" />
          </div>
        )}
      </div>
    </Link>
  );
}
