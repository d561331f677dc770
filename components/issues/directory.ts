"use client";

// The names behind the ids an issue carries (assignee, project, goal, labels, comment authors):
// small lists the page loads once on the server and hands to its client parts.
import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { fetchAgents } from "@/lib/queries/agents";
import { fetchProjects } from "@/lib/queries/projects";
import { fetchGoals } from "@/lib/queries/goals";
import { fetchLabels } from "@/lib/queries/labels";
import { fetchMembers } from "@/lib/queries/members";

export interface AgentRef { id: string; name: string; urlKey: string; role: string; icon: string | null; status: string }
export interface ProjectRef { id: string; name: string; status: string }
export interface GoalRef { id: string; title: string; level: string; status: string; parentId: string | null }
export interface LabelRef { id: string; name: string; color: string }

export interface Directory {
  agents: AgentRef[];
  projects: ProjectRef[];
  goals: GoalRef[];
  labels: LabelRef[];
  /** board users' names by id (the company's members and the viewer) */
  users: Record<string, string>;
}

export function useDirectoryMaps(d: Directory) {
  return useMemo(() => ({
    agent: new Map(d.agents.map((a) => [a.id, a])),
    project: new Map(d.projects.map((p) => [p.id, p])),
    goal: new Map(d.goals.map((g) => [g.id, g])),
    label: new Map(d.labels.map((l) => [l.id, l])),
    /** agents that can take work, for pickers */
    assignable: d.agents.filter((a) => a.status !== "terminated" && a.status !== "pending_approval"),
  }), [d]);
}

export type DirectoryMaps = ReturnType<typeof useDirectoryMaps>;

/**
 * The same directory read through the API, for a dialog opened from any page (the palette's and
 * the `c` key's new issue): asked when first needed, then kept like any other query.
 */
export function useCompanyDirectory(companyId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["companies", companyId, "directory"],
    enabled,
    staleTime: 60_000,
    queryFn: async (): Promise<Directory> => {
      const [agents, projects, goals, labels, members] = await Promise.all([
        fetchAgents(companyId), fetchProjects(companyId), fetchGoals(companyId), fetchLabels(companyId), fetchMembers(companyId),
      ]);
      return {
        agents: agents.map((a) => ({ id: a.id, name: a.name, urlKey: a.urlKey, role: a.role, icon: a.icon, status: a.status })),
        projects: projects.map((p) => ({ id: p.id, name: p.name, status: p.status })),
        goals: goals.map((g) => ({ id: g.id, title: g.title, level: g.level, status: g.status, parentId: g.parentId })),
        labels: labels.map((l) => ({ id: l.id, name: l.name, color: l.color })),
        users: Object.fromEntries(members.map((m) => [m.userId, m.name])),
      };
    },
  });
}
