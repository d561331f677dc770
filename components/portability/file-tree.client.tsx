"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { Badge, type BadgeTone } from "@/components/ui/badge";

export interface InventoryFile {
  path: string;
  kind: string;
}

interface Folder {
  name: string;
  path: string;
  folders: Folder[];
  files: InventoryFile[];
  /** every file path under it, for select all / none */
  all: string[];
}

function buildTree(files: InventoryFile[]): Folder {
  const root: Folder = { name: "", path: "", folders: [], files: [], all: [] };
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const parts = file.path.split("/");
    let at = root;
    at.all.push(file.path);
    for (const part of parts.slice(0, -1)) {
      const path = at.path ? `${at.path}/${part}` : part;
      let next = at.folders.find((f) => f.name === part);
      if (!next) at.folders.push((next = { name: part, path, folders: [], files: [], all: [] }));
      next.all.push(file.path);
      at = next;
    }
    at.files.push(file);
  }
  return root;
}

const kindTone: Record<string, BadgeTone> = { company: "indigo", agent: "violet", project: "blue", issue: "amber", extension: "gray", other: "gray" };

/** Small trees open whole; large ones open their top level only, so the page stays short. */
const OPEN_ALL_UP_TO = 40;

/**
 * The package's files as folders that fold, each file and each folder with a checkbox: a folder's
 * box selects or clears everything under it and shows "some" when only part is selected.
 */
export function FileTree({ files, selected, onChange }: { files: InventoryFile[]; selected: Set<string>; onChange: (next: Set<string>) => void }) {
  const tree = useMemo(() => buildTree(files), [files]);
  const [closed, setClosed] = useState<Set<string>>(() => new Set(files.length > OPEN_ALL_UP_TO ? tree.folders.flatMap(nestedFolders) : []));
  const toggleFolder = (path: string) => setClosed((prev) => {
    const next = new Set(prev);
    if (!next.delete(path)) next.add(path);
    return next;
  });
  const setMany = (paths: string[], on: boolean) => {
    const next = new Set(selected);
    for (const p of paths) if (on) next.add(p); else next.delete(p);
    onChange(next);
  };
  return (
    <ul className="space-y-0.5 text-sm" aria-label="Package files">
      <FolderItems folder={tree} depth={0} selected={selected} closed={closed} onToggleFolder={toggleFolder} onSet={setMany} />
    </ul>
  );
}

const nestedFolders = (f: Folder): string[] => f.folders.flatMap((c) => [c.path, ...nestedFolders(c)]);

interface ItemsProps {
  folder: Folder;
  depth: number;
  selected: Set<string>;
  closed: Set<string>;
  onToggleFolder: (path: string) => void;
  onSet: (paths: string[], on: boolean) => void;
}

function FolderItems({ folder, depth, ...rest }: ItemsProps) {
  return (
    <>
      {folder.folders.map((f) => <FolderRow key={f.path} folder={f} depth={depth} {...rest} />)}
      {folder.files.map((file) => (
        <li key={file.path} style={{ paddingLeft: `${depth * 1.25 + 1.875}rem` }}>
          <label className="flex min-w-0 cursor-pointer items-center gap-2 rounded px-1.5 py-1 hover:bg-surface-hover">
            <input
              type="checkbox" className="size-4 shrink-0 accent-indigo-600" checked={rest.selected.has(file.path)}
              onChange={(e) => rest.onSet([file.path], e.target.checked)} data-path={file.path}
            />
            <span className="min-w-0 break-all font-mono text-xs text-fg">{file.path.slice(file.path.lastIndexOf("/") + 1)}</span>
            <Badge tone={kindTone[file.kind] ?? "gray"} className="ml-auto">{file.kind}</Badge>
          </label>
        </li>
      ))}
    </>
  );
}

function FolderRow({ folder, depth, ...rest }: ItemsProps) {
  const open = !rest.closed.has(folder.path);
  const count = folder.all.filter((p) => rest.selected.has(p)).length;
  const box = useRef<HTMLInputElement>(null);
  const some = count > 0 && count < folder.all.length;
  useEffect(() => {
    if (box.current) box.current.indeterminate = some;
  }, [some]);
  return (
    <li>
      <div className="flex min-w-0 items-center gap-1.5 rounded px-1.5 py-0.5 hover:bg-surface-hover" style={{ paddingLeft: `${depth * 1.25 + 0.125}rem` }}>
        <button
          type="button" onClick={() => rest.onToggleFolder(folder.path)} aria-expanded={open}
          aria-label={`${open ? "Fold" : "Unfold"} ${folder.path}/`}
          className="grid size-6 shrink-0 place-items-center rounded text-fg-subtle hover:bg-surface-muted hover:text-fg"
        >
          <svg viewBox="0 0 20 20" className={cn("size-3.5 transition-transform", open && "rotate-90")} aria-hidden="true" fill="currentColor">
            <path d="M7 5l6 5-6 5V5z" />
          </svg>
        </button>
        <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-2">
          <input
            ref={box} type="checkbox" className="size-4 shrink-0 accent-indigo-600"
            checked={count === folder.all.length} aria-checked={some ? "mixed" : count === folder.all.length}
            onChange={() => rest.onSet(folder.all, count < folder.all.length)}
            aria-label={`All files in ${folder.path}/`}
          />
          <span className="min-w-0 break-all font-mono text-xs font-medium text-fg">{folder.name}/</span>
          <span className="ml-auto shrink-0 text-xs text-fg-subtle tabular-nums">{count}/{folder.all.length}</span>
        </label>
      </div>
      {open && (
        <ul className="space-y-0.5">
          <FolderItems folder={folder} depth={depth + 1} {...rest} />
        </ul>
      )}
    </li>
  );
}
