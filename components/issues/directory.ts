"use client";

// The names behind the ids an issue carries (assignee, project, goal, labels, comment authors):
// small lists the page loads once on the server and hands to its client parts.
import { useMemo } from "react";

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
