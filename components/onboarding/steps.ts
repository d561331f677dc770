// The guide's steps, in order; the URL's ?step= names one (the company step has no company yet).
export const onboardingSteps = ["company", "ceo", "goal", "run"] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

export const stepLabels: Record<OnboardingStep, string> = {
  company: "Company",
  ceo: "CEO",
  goal: "Goal and first issue",
  run: "First run",
};

export function parseStep(raw: string | undefined): OnboardingStep | null {
  return onboardingSteps.find((s) => s === raw) ?? null;
}

/** Where a step of a company's guide lives. */
export function stepHref(prefix: string, step: Exclude<OnboardingStep, "company">, extra: Record<string, string> = {}) {
  return `/onboarding?${new URLSearchParams({ company: prefix, step, ...extra })}`;
}
