"use client";

import Link from "next/link";
import { useMemo, useState, type FormEvent, type ReactNode } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createGoal, fetchGoals, goalKeys, updateGoal, type GoalDto, type GoalPatch, type NewGoal } from "@/lib/queries/goals";
import { activityKeys } from "@/lib/queries/activity";
import { humanize, markdownPreview } from "@/lib/format";
import { cn } from "@/lib/cn";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog, DialogActions } from "@/components/ui/dialog.client";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, Input, Select, Textarea } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { PlusGlyph } from "@/components/ui/glyphs";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";
import { AgentAvatar } from "@/components/agents/agent-icon";
import { GoalLevel, GoalStatusBadge } from "@/components/goals/goal-badges";
import type { AgentRef } from "@/components/issues/directory";

interface Props {
  companyId: string;
  prefix: string;
  initialGoals: GoalDto[];
  agents: AgentRef[];
  levels: string[];
  statuses: string[];
  canWrite: boolean;
}

type Editing = { mode: "create"; parentId: string | null } | { mode: "edit"; goal: GoalDto };

/** The goal tree (company > team > agent > task) by parent; status changes in place. */
export function GoalsView({ companyId, prefix, initialGoals, agents, levels, statuses, canWrite }: Props) {
  const { data: goals } = useQuery({ queryKey: goalKeys.list(companyId), queryFn: () => fetchGoals(companyId), initialData: initialGoals });
  const [editing, setEditing] = useState<Editing | null>(null);
  const children = useMemo(() => {
    const ids = new Set(goals.map((g) => g.id));
    const map = new Map<string | null, GoalDto[]>();
    for (const g of goals) {
      const parent = g.parentId && ids.has(g.parentId) ? g.parentId : null;
      map.set(parent, [...(map.get(parent) ?? []), g]);
    }
    return map;
  }, [goals]);
  const agentById = useMemo(() => new Map(agents.map((a) => [a.id, a])), [agents]);

  const newButton = canWrite ? (
    <Button variant="primary" onClick={() => setEditing({ mode: "create", parentId: null })}>
      <PlusGlyph />
      New goal
    </Button>
  ) : null;
  const active = goals.filter((g) => g.status === "active").length;

  return (
    <>
      <PageHeader
        title="Goals"
        description={goals.length === 0 ? "What the company is working toward." : `${goals.length} ${goals.length === 1 ? "goal" : "goals"}, ${active} active. Company goals break down into team, agent and task goals.`}
        actions={goals.length > 0 ? newButton : undefined}
      />
      {goals.length === 0 ? (
        <EmptyState icon={<TargetGlyph />} title="No goals yet" action={newButton}>
          Start with a company goal; projects and issues then say which goal they serve.
        </EmptyState>
      ) : (
        <Card className="py-2">
          <Tree
            nodes={children.get(null) ?? []}
            depth={0}
            childrenOf={(id) => children.get(id) ?? []}
            render={(g) => (
              <GoalRow
                goal={g}
                owner={g.ownerAgentId ? agentById.get(g.ownerAgentId) : undefined}
                companyId={companyId}
                prefix={prefix}
                statuses={statuses}
                canWrite={canWrite}
                onAddChild={() => setEditing({ mode: "create", parentId: g.id })}
                onEdit={() => setEditing({ mode: "edit", goal: g })}
              />
            )}
          />
        </Card>
      )}
      {canWrite && (
        <Dialog
          open={editing !== null}
          onClose={() => setEditing(null)}
          title={editing?.mode === "edit" ? "Edit goal" : editing?.parentId ? "New sub-goal" : "New goal"}
          className="max-w-xl"
        >
          {editing && <GoalForm companyId={companyId} editing={editing} goals={goals} agents={agents} levels={levels} statuses={statuses} onDone={() => setEditing(null)} />}
        </Dialog>
      )}
    </>
  );
}

function Tree({ nodes, depth, childrenOf, render }: { nodes: GoalDto[]; depth: number; childrenOf: (id: string) => GoalDto[]; render: (g: GoalDto) => ReactNode }) {
  return (
    <ul className={cn(depth > 0 && "ml-5 border-l border-slate-200 pl-3")} data-testid={depth === 0 ? "goal-tree" : undefined}>
      {nodes.map((g) => (
        <li key={g.id} id={`goal-${g.id}`} className="scroll-mt-6" data-testid="goal-node">
          {render(g)}
          {childrenOf(g.id).length > 0 && <Tree nodes={childrenOf(g.id)} depth={depth + 1} childrenOf={childrenOf} render={render} />}
        </li>
      ))}
    </ul>
  );
}

function GoalRow({ goal, owner, companyId, prefix, statuses, canWrite, onAddChild, onEdit }: {
  goal: GoalDto; owner: AgentRef | undefined; companyId: string; prefix: string; statuses: string[]; canWrite: boolean; onAddChild: () => void; onEdit: () => void;
}) {
  const queryClient = useQueryClient();
  const status = useMutation({
    mutationFn: (next: string) => updateGoal(goal.id, { status: next }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: goalKeys.all(companyId) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all(companyId), refetchType: "none" }),
      ]);
    },
  });
  return (
    <div className="group flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-md px-4 py-2.5 hover:bg-slate-50 [:target>&]:bg-indigo-50/70">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className={cn("font-medium text-slate-900", goal.status === "cancelled" && "text-slate-500 line-through")}>{goal.title}</span>
          <GoalLevel level={goal.level} />
        </p>
        {goal.description && <p className="mt-0.5 truncate text-xs text-slate-500" title={goal.description}>{markdownPreview(goal.description)}</p>}
        {status.error && <p className="mt-0.5 text-xs text-red-600" role="alert">{status.error.message}</p>}
      </div>
      {owner && (
        <Link href={`/${prefix}/agents/${owner.urlKey}`} className="flex items-center gap-1.5 text-xs text-slate-600 hover:text-indigo-700">
          <AgentAvatar icon={owner.icon} role={owner.role} size="xs" />
          {owner.name}
        </Link>
      )}
      {canWrite ? (
        <div className="w-32">
          <Select aria-label={`Status of ${goal.title}`} value={goal.status} disabled={status.isPending} onChange={(e) => status.mutate(e.target.value)} className="h-8 text-xs">
            {statuses.map((s) => <option key={s} value={s}>{humanize(s)}</option>)}
          </Select>
        </div>
      ) : (
        <GoalStatusBadge status={goal.status} />
      )}
      {canWrite && (
        <div className="flex gap-1">
          <Button size="sm" variant="ghost" onClick={onAddChild} aria-label={`Add a sub-goal to ${goal.title}`}><PlusGlyph className="size-3.5" />Sub-goal</Button>
          <Button size="sm" variant="ghost" onClick={onEdit}>Edit</Button>
        </div>
      )}
    </div>
  );
}

/** Goals that may not become `goalId`'s parent: itself and everything below it (a cycle). */
function selfAndBelow(goalId: string, goals: GoalDto[]): Set<string> {
  const out = new Set([goalId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const g of goals) {
      if (g.parentId && out.has(g.parentId) && !out.has(g.id)) {
        out.add(g.id);
        grew = true;
      }
    }
  }
  return out;
}

const childLevel: Record<string, string> = { company: "team", team: "agent", agent: "task", task: "task" };

function GoalForm({ companyId, editing, goals, agents, levels, statuses, onDone }: {
  companyId: string; editing: Editing; goals: GoalDto[]; agents: AgentRef[]; levels: string[]; statuses: string[]; onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const goal = editing.mode === "edit" ? editing.goal : null;
  const parentId = goal ? goal.parentId : editing.mode === "create" ? editing.parentId : null;
  const parent = goals.find((g) => g.id === parentId);
  const excluded = goal ? selfAndBelow(goal.id, goals) : new Set<string>();
  const mutation = useMutation({
    mutationFn: (input: NewGoal) => (goal ? updateGoal(goal.id, input as GoalPatch) : createGoal(companyId, input)),
    onSuccess: async () => {
      onDone();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: goalKeys.all(companyId) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all(companyId), refetchType: "none" }),
      ]);
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (k: string) => String(form.get(k) ?? "").trim();
    const next: NewGoal = {
      title: text("title"),
      description: String(form.get("description") ?? ""),
      level: text("level"),
      status: text("status"),
      parentId: text("parentId") || null,
      ownerAgentId: text("ownerAgentId") || null,
    };
    if (!goal) return mutation.mutate(next);
    // an edit sends only what changed, so the activity log names exactly that
    const patch = Object.fromEntries(Object.entries(next).filter(([k, v]) => goal[k as keyof GoalDto] !== v)) as GoalPatch;
    if (Object.keys(patch).length === 0) return onDone();
    mutation.mutate(patch as NewGoal);
  }

  const err = mutation.error;
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label={goal ? "Edit goal" : "New goal"}>
      <ApiErrorAlert error={err} fields={["title", "description", "level", "status", "parentId", "ownerAgentId"]} />
      <Field label="Title" htmlFor="goal-title" errors={fieldErrors(err, "title")}>
        <Input id="goal-title" name="title" defaultValue={goal?.title} required maxLength={200} autoFocus placeholder="Ship the v1 platform" />
      </Field>
      <Field label="Description" htmlFor="goal-description" optional errors={fieldErrors(err, "description")}>
        <Textarea id="goal-description" name="description" defaultValue={goal?.description} rows={3} maxLength={10_000} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Level" htmlFor="goal-level" errors={fieldErrors(err, "level")}>
          <Select id="goal-level" name="level" defaultValue={goal?.level ?? (parent ? childLevel[parent.level] : "company")}>
            {levels.map((l) => <option key={l} value={l}>{humanize(l)}</option>)}
          </Select>
        </Field>
        <Field label="Status" htmlFor="goal-status" errors={fieldErrors(err, "status")}>
          <Select id="goal-status" name="status" defaultValue={goal?.status ?? "active"}>
            {statuses.map((s) => <option key={s} value={s}>{humanize(s)}</option>)}
          </Select>
        </Field>
        <Field label="Parent goal" htmlFor="goal-parent" errors={fieldErrors(err, "parentId")}>
          <Select id="goal-parent" name="parentId" defaultValue={parentId ?? ""}>
            <option value="">None (top level)</option>
            {goals.filter((g) => !excluded.has(g.id)).map((g) => <option key={g.id} value={g.id}>{g.title}</option>)}
          </Select>
        </Field>
        <Field label="Owner" htmlFor="goal-owner" optional errors={fieldErrors(err, "ownerAgentId")}>
          <Select id="goal-owner" name="ownerAgentId" defaultValue={goal?.ownerAgentId ?? ""}>
            <option value="">Nobody</option>
            {agents.filter((a) => a.status !== "terminated" || a.id === goal?.ownerAgentId).map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
          </Select>
        </Field>
      </div>
      <DialogActions>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" pending={mutation.isPending}>{goal ? "Save goal" : "Create goal"}</Button>
      </DialogActions>
    </form>
  );
}

function TargetGlyph() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.75" aria-hidden="true">
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1" />
    </svg>
  );
}
