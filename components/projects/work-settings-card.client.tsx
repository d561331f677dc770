"use client";

// A project's work settings: how each issue gets its workspace, how its branch is named,
// the command Charter runs to verify an issue before done, and who reviews it. Only the board writes
// them (PATCH /api/projects/:projectId with the API's own field names).
import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { projectKeys, updateProject, type ProjectDto } from "@/lib/queries/projects";
import type { ProjectWorkSettings, ReviewRule, VerificationCommand, WorkspacePolicy } from "@/lib/queries/workspaces";
import { activityKeys } from "@/lib/queries/activity";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Checkbox, Field, Input, Select, Textarea } from "@/components/ui/input";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";
import type { DirectoryMaps } from "@/components/issues/directory";

const DEFAULT_TEMPLATE_HINT = "charter/{identifier}-{slug}";
const DEFAULT_TIMEOUT_SEC = 900;
const policyWords: Record<WorkspacePolicy, string> = {
  git_worktree: "A git worktree and branch per issue",
  shared: "The workspace's folder as it is, shared by every issue",
};

function workSettingsOf(project: ProjectDto): ProjectWorkSettings {
  const p = project as ProjectDto & Partial<ProjectWorkSettings>;
  return { workspacePolicy: p.workspacePolicy ?? null, branchTemplate: p.branchTemplate ?? null, verification: p.verification ?? null, review: p.review ?? null };
}

const commandLine = (v: VerificationCommand) => [v.command, ...(v.args ?? [])].join(" ");

function reviewerName(review: ReviewRule, maps: DirectoryMaps) {
  if (!review) return "Nobody";
  return review.kind === "board" ? "The board" : maps.agent.get(review.agentId)?.name ?? "An agent no longer listed";
}

export function WorkSettingsCard({ companyId, project, maps, canWrite }: { companyId: string; project: ProjectDto; maps: DirectoryMaps; canWrite: boolean }) {
  const [editing, setEditing] = useState(false);
  const s = workSettingsOf(project);
  return (
    <Card data-testid="work-settings">
      <CardHeader
        title="Work settings"
        description="Where each issue's runs work, and what done requires."
        actions={canWrite && !editing && <Button size="sm" onClick={() => setEditing(true)}>Edit settings</Button>}
      />
      {editing ? (
        <WorkSettingsForm companyId={companyId} project={project} settings={s} maps={maps} onDone={() => setEditing(false)} />
      ) : (
        <CardBody>
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-fg-muted">Workspace per issue</dt>
            <dd className="text-fg">{s.workspacePolicy ? policyWords[s.workspacePolicy] : "Chosen from the primary workspace (a worktree when it is a git repository)"}</dd>
            <dt className="text-fg-muted">Branch names</dt>
            <dd className="break-all font-mono text-xs text-fg">{s.branchTemplate ?? DEFAULT_TEMPLATE_HINT}</dd>
            <dt className="text-fg-muted">Verification</dt>
            <dd className="text-fg" data-testid="work-settings-verification">
              {s.verification ? <><code className="break-all font-mono text-xs">{commandLine(s.verification)}</code> <span className="text-fg-muted">(at most {s.verification.timeoutSec ?? DEFAULT_TIMEOUT_SEC} s)</span></> : "None: done needs no check"}
            </dd>
            <dt className="text-fg-muted">Reviewer</dt>
            <dd className="text-fg" data-testid="work-settings-reviewer">{reviewerName(s.review, maps)}</dd>
          </dl>
        </CardBody>
      )}
    </Card>
  );
}

type Patch = Partial<ProjectWorkSettings>;

/** The form's values as the API's fields; only what changed is sent, so the activity log names exactly that. */
function readPatch(form: FormData, before: ProjectWorkSettings): Patch {
  const text = (k: string) => String(form.get(k) ?? "").trim();
  const patch: Patch = {};
  const policy = (text("workspacePolicy") || null) as WorkspacePolicy | null;
  if (policy && policy !== before.workspacePolicy) patch.workspacePolicy = policy;
  // empty means the default template, which GET answers for a project that sets none
  const template = text("branchTemplate") || null;
  if ((template ?? DEFAULT_TEMPLATE_HINT) !== (before.branchTemplate ?? DEFAULT_TEMPLATE_HINT)) patch.branchTemplate = template;
  const verification: VerificationCommand | null = form.get("verify") === "on" ? {
    command: text("command"),
    args: String(form.get("args") ?? "").split("\n").map((a) => a.trim()).filter(Boolean),
    timeoutSec: Number(text("timeoutSec") || DEFAULT_TIMEOUT_SEC),
  } : null;
  if (JSON.stringify(verification) !== JSON.stringify(before.verification && { args: [], timeoutSec: DEFAULT_TIMEOUT_SEC, ...before.verification })) patch.verification = verification;
  const reviewer = text("reviewer");
  const review: ReviewRule = reviewer === "" ? null : reviewer === "board" ? { kind: "board" } : { kind: "agent", agentId: reviewer };
  if (JSON.stringify(review) !== JSON.stringify(before.review)) patch.review = review;
  return patch;
}

function WorkSettingsForm({ companyId, project, settings: s, maps, onDone }: {
  companyId: string; project: ProjectDto; settings: ProjectWorkSettings; maps: DirectoryMaps; onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [verify, setVerify] = useState(s.verification !== null);
  const save = useMutation({
    mutationFn: (patch: Patch) => updateProject(project.id, patch),
    onSuccess: async (updated) => {
      queryClient.setQueryData(projectKeys.detail(companyId, project.id), updated);
      onDone();
      await queryClient.invalidateQueries({ queryKey: activityKeys.all(companyId), refetchType: "none" });
    },
  });
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const patch = readPatch(new FormData(e.currentTarget), s);
    if (Object.keys(patch).length === 0) return onDone();
    save.mutate(patch);
  }
  const err = save.error;
  const errs = (f: string) => fieldErrors(err, f);
  const reviewValue = !s.review ? "" : s.review.kind === "board" ? "board" : s.review.agentId;
  return (
    <form onSubmit={onSubmit} className="space-y-4 px-5 py-4" aria-label="Work settings">
      <ApiErrorAlert error={err} fields={["workspacePolicy", "branchTemplate", "verification", "verification.command", "verification.args", "verification.timeoutSec", "review", "review.agentId"]} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Workspace per issue" htmlFor="ws-policy" errors={errs("workspacePolicy")}>
          <Select id="ws-policy" name="workspacePolicy" defaultValue={s.workspacePolicy ?? ""}>
            {!s.workspacePolicy && <option value="">From the primary workspace</option>}
            <option value="git_worktree">Git worktree per issue</option>
            <option value="shared">Shared folder</option>
          </Select>
        </Field>
        <Field label="Branch template" htmlFor="ws-branch" optional hint="{identifier}, {number} and {slug} are filled in." errors={errs("branchTemplate")}>
          <Input id="ws-branch" name="branchTemplate" defaultValue={s.branchTemplate ?? ""} placeholder={DEFAULT_TEMPLATE_HINT} maxLength={200} className="font-mono" />
        </Field>
      </div>
      <Checkbox name="verify" checked={verify} onChange={(e) => setVerify(e.target.checked)} label="Verify before done" hint="Charter runs the command in the issue's workspace when it moves to In review; done needs it to pass on the branch's head." />
      {verify && (
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <Field label="Command" htmlFor="ws-command" hint="Run without a shell. For a pipeline, name a shell here (sh) and pass -c and the script as arguments." errors={[...errs("verification"), ...errs("verification.command")]}>
            <Input id="ws-command" name="command" defaultValue={s.verification?.command ?? ""} required maxLength={4096} className="font-mono" placeholder="npm" />
          </Field>
          <Field label="Timeout (s)" htmlFor="ws-timeout" errors={errs("verification.timeoutSec")}>
            <Input id="ws-timeout" name="timeoutSec" type="number" min={1} max={7200} defaultValue={s.verification?.timeoutSec ?? DEFAULT_TIMEOUT_SEC} required />
          </Field>
          <Field label="Arguments" htmlFor="ws-args" optional hint="One per line." errors={errs("verification.args")} className="sm:col-span-2">
            <Textarea id="ws-args" name="args" defaultValue={(s.verification?.args ?? []).join("\n")} rows={3} className="font-mono" placeholder={"test"} />
          </Field>
        </div>
      )}
      <Field label="Reviewer" htmlFor="ws-reviewer" hint="Done also needs the reviewer's approval. An agent is woken to review; the board reviews on the issue's page." errors={[...errs("review"), ...errs("review.agentId")]}>
        <Select id="ws-reviewer" name="reviewer" defaultValue={reviewValue}>
          <option value="">Nobody</option>
          <option value="board">The board</option>
          {maps.assignable.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
          {s.review?.kind === "agent" && !maps.assignable.some((a) => a.id === reviewValue) && <option value={reviewValue}>{reviewerName(s.review, maps)}</option>}
        </Select>
      </Field>
      <div className="flex justify-end gap-2">
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" pending={save.isPending}>Save settings</Button>
      </div>
    </form>
  );
}
