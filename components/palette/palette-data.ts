"use client";

// What the palette searches: the company's agents and projects (small lists, shared with their
// pages' caches) and its issues through the list API's indexed word search, asked once typing pauses.
import { useEffect, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { agentKeys, fetchAgents } from "@/lib/queries/agents";
import { fetchProjects, projectKeys } from "@/lib/queries/projects";
import { fetchIssuePage, issueKeys } from "@/lib/queries/issues";
import { hasSearchWord } from "@/lib/schemas/common";

const SEARCH_DEBOUNCE_MS = 200;
const PALETTE_ISSUE_LIMIT = 8;

/** `value` once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

export function usePaletteData(companyId: string, open: boolean, search: string) {
  const agents = useQuery({ queryKey: agentKeys.list(companyId), queryFn: () => fetchAgents(companyId), enabled: open, staleTime: 30_000 });
  const projects = useQuery({ queryKey: projectKeys.list(companyId), queryFn: () => fetchProjects(companyId), enabled: open, staleTime: 30_000 });
  const q = useDebounced(search.trim().slice(0, 200), SEARCH_DEBOUNCE_MS);
  const searching = open && hasSearchWord(q);
  const issues = useQuery({
    queryKey: [...issueKeys.all(companyId), "palette", q],
    queryFn: () => fetchIssuePage(companyId, { q }, null, PALETTE_ISSUE_LIMIT),
    enabled: searching,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  return {
    agents: agents.data ?? [],
    projects: projects.data ?? [],
    issues: searching ? (issues.data?.items ?? []) : [],
    // typed but not asked yet, or asked and not answered
    issuesLoading: hasSearchWord(search) && (search.trim() !== q || issues.isFetching),
    issuesError: searching && issues.isError ? issues.error.message : null,
  };
}
