"use client";

import { useState } from "react";
import type { InstructionsFile } from "@/lib/queries/agents";
import { cn } from "@/lib/cn";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ENTRY, nameProblem, sortFiles } from "@/components/agents/instructions-model";

interface Props {
  files: InstructionsFile[];
  selected: string;
  onSelect: (path: string) => void;
  onChange: (files: InstructionsFile[]) => void;
  canEdit: boolean;
  maxFiles: number;
}

/**
 * The bundle's files: select one, add, rename or remove. AGENTS.md is the entry a run reads, so it
 * keeps its name and goes only as the last file (which empties the bundle).
 */
export function InstructionsFileList({ files, selected, onSelect, onChange, canEdit, maxFiles }: Props) {
  const [naming, setNaming] = useState<{ from: string | null; name: string } | null>(null);
  const problem = naming && naming.name !== naming.from ? nameProblem(naming.name, files, naming.from ?? undefined) : null;
  const commit = () => {
    if (!naming || problem) return;
    const next = naming.from === null
      ? [...files, { path: naming.name, content: "" }]
      : files.map((f) => (f.path === naming.from ? { ...f, path: naming.name } : f));
    onChange(sortFiles(next));
    onSelect(naming.name);
    setNaming(null);
  };
  const remove = (path: string) => {
    onChange(files.filter((f) => f.path !== path));
    if (selected === path) onSelect(ENTRY);
  };

  return (
    <div className="space-y-2">
      <ul className="space-y-0.5" aria-label="Instruction files" data-testid="instruction-files">
        {files.map((f) => (
          <li key={f.path} className={cn("group flex items-center gap-1 rounded-md pr-1", f.path === selected ? "bg-indigo-50" : "hover:bg-slate-50")}>
            {naming?.from === f.path ? (
              <NameInput naming={naming} setNaming={setNaming} commit={commit} problem={problem} />
            ) : (
              <>
                <button type="button" onClick={() => onSelect(f.path)} aria-current={f.path === selected || undefined}
                  className={cn("min-w-0 flex-1 truncate px-2.5 py-1.5 text-left font-mono text-sm", f.path === selected ? "font-medium text-indigo-700" : "text-slate-700")}>
                  {f.path}
                </button>
                {canEdit && f.path !== ENTRY && (
                  <button type="button" className="text-xs text-slate-500 hover:text-slate-800" onClick={() => setNaming({ from: f.path, name: f.path })} aria-label={`Rename ${f.path}`}>Rename</button>
                )}
                {canEdit && (f.path !== ENTRY || files.length === 1) && (
                  <button type="button" className="text-xs text-red-600 hover:text-red-800" onClick={() => remove(f.path)} aria-label={`Remove ${f.path}`}>Remove</button>
                )}
              </>
            )}
          </li>
        ))}
        {naming?.from === null && <li><NameInput naming={naming} setNaming={setNaming} commit={commit} problem={problem} /></li>}
      </ul>
      {canEdit && !naming && files.length < maxFiles && (
        <Button size="sm" variant="ghost" onClick={() => setNaming({ from: null, name: files.length === 0 ? ENTRY : "" })}>+ Add file</Button>
      )}
    </div>
  );
}

function NameInput({ naming, setNaming, commit, problem }: {
  naming: { from: string | null; name: string }; setNaming: (n: { from: string | null; name: string } | null) => void; commit: () => void; problem: string | null;
}) {
  return (
    <div className="w-full space-y-1 p-1">
      <Input
        autoFocus
        aria-label={naming.from ? `New name for ${naming.from}` : "New file name"}
        placeholder="SOUL.md"
        value={naming.name}
        aria-invalid={!!problem && naming.name !== "" || undefined}
        className="h-8 font-mono"
        onChange={(e) => setNaming({ ...naming, name: e.target.value.trim() })}
        onKeyDown={(e) => {
          if (e.key === "Enter") { e.preventDefault(); commit(); }
          if (e.key === "Escape") setNaming(null);
        }}
      />
      {problem && naming.name !== "" && <p className="text-xs text-red-700">{problem}</p>}
      <div className="flex gap-1">
        <Button size="sm" variant="primary" disabled={!!problem || naming.name === ""} onClick={commit}>{naming.from ? "Rename" : "Add"}</Button>
        <Button size="sm" variant="ghost" onClick={() => setNaming(null)}>Cancel</Button>
      </div>
    </div>
  );
}
