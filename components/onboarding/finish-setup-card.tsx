import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { stepHref } from "@/components/onboarding/steps";

/** On the dashboard of a company without a CEO: the guide's way back in. Gone once a CEO exists. */
export function FinishSetupCard({ prefix, companyName }: { prefix: string; companyName: string }) {
  return (
    <section
      aria-labelledby="finish-setup-title" data-testid="finish-setup"
      className="mb-6 flex flex-col gap-4 rounded-lg border border-indigo-200 bg-indigo-50/70 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <h2 id="finish-setup-title" className="text-sm font-semibold text-indigo-950">Finish setting up {companyName}</h2>
        <p className="mt-1 text-sm text-slate-600">
          It has no CEO yet. Hire one, give the company a goal and a first issue, and watch the CEO&rsquo;s first run.
        </p>
      </div>
      <Link href={stepHref(prefix, "ceo")} className={buttonClasses("primary", "md", "self-start sm:self-auto")}>Continue setup</Link>
    </section>
  );
}
