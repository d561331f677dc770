// What planning an import reads: the package, what the target already holds, who asks, and how.
import type { PackageModel } from "@/lib/portability/import/read";

export interface TargetState {
  /** null: a new company */
  companyId: string | null;
  companyName: string;
  /** live agents (not terminated): names collide case-insensitively */
  agents: { id: string; name: string }[];
  projects: { id: string; name: string }[];
  goals: { id: string; title: string }[];
  /** routines collide by name, case-insensitively */
  routines: { id: string; name: string }[];
  ceoId: string | null;
  /** an agent caller's imported agents wait for approval when this is set */
  requireApproval: boolean;
}

export interface PlanContext {
  pkg: PackageModel;
  state: TargetState;
  caller: "board" | "agent";
  include: { company: boolean; agents: boolean; projects: boolean; issues: boolean };
  strategy: "rename" | "skip";
  /** schedules are checked against this moment */
  now: Date;
}

export interface RequiredSecret {
  key: string;
  agentSlug: string | null;
  requirement: "required" | "optional";
  declaredIn: string;
}

/** `Name 2`, `Name 3`, … : the first the target does not hold, within `max` characters. */
export function freeName(name: string, max: number, taken: (candidate: string) => boolean): string {
  for (let i = 2; ; i++) {
    const suffix = ` ${i}`;
    const candidate = `${name.slice(0, max - suffix.length)}${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}

export const slugify = (text: string) =>
  text.normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) || "item";
