import { formatBudget, formatCents, spendPercent } from "@/lib/format";
import { ProgressBar } from "@/components/ui/progress";

/**
 * Month-to-date spend against a monthly budget (0 = no limit), with the 80 % / 100 % thresholds.
 * `pausedByCompany`: the company's budget paused the agent, which the page says once; the meter then
 * does not explain the pause again.
 */
export function BudgetMeter({ spent, budget, subject = "agent", pausedByCompany = false }: { spent: number; budget: number; subject?: string; pausedByCompany?: boolean }) {
  const pct = spendPercent(spent, budget);
  if (pct === null) {
    return (
      <div>
        <p className="text-2xl font-semibold tabular-nums text-slate-900">{formatCents(spent)}</p>
        <p className="mt-1 text-sm text-slate-500">spent this month · no monthly limit</p>
      </div>
    );
  }
  const tone = pct >= 100 ? "red" : pct >= 80 ? "amber" : "indigo";
  return (
    <div className="space-y-3">
      <div className="flex items-baseline justify-between gap-4">
        <p className="tabular-nums">
          <span className="text-2xl font-semibold text-slate-900">{formatCents(spent)}</span>
          <span className="text-sm text-slate-500"> of {formatBudget(budget)} this month</span>
        </p>
        <span className={pct >= 80 ? "text-sm font-medium text-amber-700" : "text-sm text-slate-500"}>{pct}%</span>
      </div>
      <ProgressBar percent={pct} tone={tone} label="Budget used this month" className="h-2.5" />
      {pct >= 100 && pausedByCompany ? (
        <p className="text-xs text-red-700">Its own budget is used up as well.</p>
      ) : pct >= 100 ? (
        <p className="text-xs text-red-700">The budget is used up: the {subject} is paused until the budget is raised or a new month starts.</p>
      ) : pct >= 80 ? (
        <p className="text-xs text-amber-700">Past 80% of the budget. At 100% the {subject} is paused automatically.</p>
      ) : (
        <p className="text-xs text-slate-500">{formatCents(Math.max(0, budget - spent))} left. Resets on the 1st (UTC).</p>
      )}
    </div>
  );
}
