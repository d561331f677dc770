// The new-company fields as both company forms read them (the board's dialog and the setup guide).
import { dollarsToCents } from "@/lib/format";
import type { NewCompany } from "@/lib/queries/companies";

const BUDGET_HINT = "Enter an amount in dollars, such as 500 or 49.99";

/** The create body from a company form, or the budget's error when the amount does not parse. */
export function newCompanyFromForm(form: FormData): { input: NewCompany; budgetError: null } | { input: null; budgetError: string } {
  const cents = dollarsToCents(String(form.get("budget") ?? ""));
  if (cents === null) return { input: null, budgetError: BUDGET_HINT };
  const prefix = String(form.get("issuePrefix") ?? "").trim().toUpperCase();
  const description = String(form.get("description") ?? "").trim();
  return {
    budgetError: null,
    input: {
      name: String(form.get("name")).trim(),
      ...(description ? { description } : {}),
      ...(prefix ? { issuePrefix: prefix } : {}),
      budgetMonthlyCents: cents,
    },
  };
}
