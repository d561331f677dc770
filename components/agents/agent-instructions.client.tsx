"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { activityKeys } from "@/lib/queries/activity";
import { agentKeys, fetchInstructions, saveInstructions, type InstructionsBundle, type InstructionsFile } from "@/lib/queries/agents";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/cn";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { MarkdownText } from "@/components/markdown/render";
import { InstructionsFileList } from "@/components/agents/instructions-file-list.client";
import { bundleBytes, eolOf, ENTRY, MAX_BYTES, MAX_FILES, withEol } from "@/components/agents/instructions-model";

interface Props {
  companyId: string;
  prefix: string;
  agentId: string;
  initial: InstructionsBundle;
  canEdit: boolean;
  /** the adapter names its own instructions file: runs use that one, not the bundle */
  instructionsFilePath: string | null;
}

/**
 * The agent's managed instructions: its files, a markdown editor with a preview, and save (PUT of the
 * whole bundle, a config revision). Files keep their exact text: one left alone is sent back as
 * loaded, and an edited one keeps its line endings (a textarea only knows "\n").
 */
export function AgentInstructions({ companyId, prefix, agentId, initial, canEdit, instructionsFilePath }: Props) {
  const queryClient = useQueryClient();
  const { data: saved } = useQuery({ queryKey: agentKeys.instructions(companyId, agentId), queryFn: () => fetchInstructions(agentId), initialData: initial });
  const [draft, setDraft] = useState<InstructionsFile[] | null>(null);
  const files = draft ?? saved.files;
  const [selected, setSelected] = useState<string>(ENTRY);
  const [mode, setMode] = useState<"write" | "preview">("write");
  const current = files.find((f) => f.path === selected) ?? files[0];
  const save = useMutation({
    mutationFn: (next: InstructionsFile[]) => saveInstructions(agentId, next),
    onSuccess: async (bundle) => {
      queryClient.setQueryData(agentKeys.instructions(companyId, agentId), bundle);
      setDraft(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: agentKeys.revisions(companyId, agentId) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all(companyId) }),
      ]);
    },
  });
  const edit = (next: InstructionsFile[]) => {
    save.reset();
    setDraft(next);
  };
  const bytes = bundleBytes(files);

  return (
    <Card data-testid="agent-instructions">
      <CardHeader
        title="Instructions"
        description={`${files.length} ${files.length === 1 ? "file" : "files"} · ${(bytes / 1024).toFixed(1)} of ${MAX_BYTES / 1024} KiB${saved.updatedAt ? ` · saved ${formatDateTime(saved.updatedAt)}` : ""}`}
        actions={canEdit && (
          <>
            {draft && <Button size="sm" variant="ghost" onClick={() => { setDraft(null); save.reset(); }}>Discard</Button>}
            <Button size="sm" variant="primary" disabled={!draft} pending={save.isPending} onClick={() => draft && save.mutate(draft)}>Save</Button>
          </>
        )}
      />
      <div className="space-y-4 px-5 py-4">
        <Alert tone="warning" title="Not redacted">
          These files are stored and shown exactly as written, to everyone who can see this agent, and exported with the company. Do not put secrets here.
        </Alert>
        {instructionsFilePath && (
          <Alert tone="info" title="Runs use another file">
            The adapter configuration names an instructions file (<span className="font-mono">{instructionsFilePath}</span>): runs read that file, not these.
          </Alert>
        )}
        {save.isSuccess && !draft && <p role="status" data-testid="instructions-saved" className="text-sm text-emerald-700">Saved: a new configuration revision records it.</p>}
        {save.error && (
          <Alert tone="error" title="Not saved">
            {save.error.message}
            {"details" in save.error && Array.isArray(save.error.details) && save.error.details.length > 0 && (
              <ul className="mt-1 list-disc pl-5">{save.error.details.map((d, i) => <li key={i}>{d.message}</li>)}</ul>
            )}
          </Alert>
        )}
        {files.length === 0 ? (
          <EmptyState
            title="No managed instructions"
            action={canEdit && <Button variant="primary" onClick={() => { edit([{ path: ENTRY, content: "" }]); setSelected(ENTRY); }}>Create AGENTS.md</Button>}
          >
            An agent&apos;s instructions are AGENTS.md plus sibling markdown files (SOUL.md, HEARTBEAT.md…). Runs get them as files when the adapter names no instructions file of its own.
          </EmptyState>
        ) : (
          <div className="grid gap-4 md:grid-cols-[14rem_1fr]">
            <InstructionsFileList files={files} selected={current?.path ?? ENTRY} onSelect={setSelected} onChange={edit} canEdit={canEdit} maxFiles={MAX_FILES} />
            {current && (
              <FileEditor key={current.path} file={current} prefix={prefix} mode={mode} setMode={setMode} readOnly={!canEdit}
                onChange={(content) => edit(files.map((f) => (f.path === current.path ? { ...f, content } : f)))} />
            )}
          </div>
        )}
      </div>
    </Card>
  );
}

function FileEditor({ file, prefix, mode, setMode, readOnly, onChange }: {
  file: InstructionsFile; prefix: string; mode: "write" | "preview"; setMode: (m: "write" | "preview") => void; readOnly: boolean; onChange: (content: string) => void;
}) {
  const eol = eolOf(file.content);
  return (
    <div className="min-w-0 space-y-2">
      <div role="tablist" aria-label={`${file.path} view`} className="flex gap-1 border-b border-slate-200">
        {(["write", "preview"] as const).map((m) => (
          <button key={m} type="button" role="tab" aria-selected={mode === m} onClick={() => setMode(m)}
            className={cn("-mb-px border-b-2 px-3 py-1.5 text-sm font-medium", mode === m ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-500 hover:text-slate-800")}>
            {m === "write" ? (readOnly ? "Source" : "Write") : "Preview"}
          </button>
        ))}
        <span className="ml-auto self-center font-mono text-xs text-slate-500">{file.path}{eol === "\r\n" ? " · CRLF" : ""}</span>
      </div>
      {mode === "write" ? (
        <textarea
          aria-label={`Content of ${file.path}`}
          className="block h-[28rem] w-full resize-y rounded-md border-0 px-3 py-2 font-mono text-sm text-slate-900 ring-1 ring-inset ring-slate-300 focus:outline-none focus:ring-2 focus:ring-indigo-600 read-only:bg-slate-50"
          value={file.content.replace(/\r\n/g, "\n")}
          readOnly={readOnly}
          spellCheck={false}
          onChange={(e) => onChange(withEol(e.target.value, eol))}
        />
      ) : (
        <div className="min-h-[28rem] rounded-md bg-white px-4 py-3 ring-1 ring-inset ring-slate-200" data-testid="instructions-preview">
          {file.content.trim() ? <MarkdownText prefix={prefix}>{file.content}</MarkdownText> : <p className="text-sm text-slate-400">Empty.</p>}
        </div>
      )}
    </div>
  );
}
