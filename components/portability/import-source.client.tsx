"use client";

import { useRef, useState, type ChangeEvent } from "react";
import { readPackage, readPickedFolder, unzipFiles, type ReadPackage, type RawFiles } from "@/lib/portability/browser-package";
import { Field, Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/button";
import { cn } from "@/lib/cn";

export type SourceKind = "folder" | "zip" | "url";

/** A package read in the browser; `token` changes with every read, so a new pick needs a new preview. */
export interface PickedPackage {
  label: string;
  pkg: ReadPackage;
  token: number;
}

export interface SourceState {
  kind: SourceKind;
  picked: PickedPackage | null;
  url: string;
  ref: string;
  path: string;
}

export const EMPTY_SOURCE: SourceState = { kind: "folder", picked: null, url: "", ref: "", path: "" };

const KINDS: { kind: SourceKind; label: string }[] = [
  { kind: "folder", label: "A folder" },
  { kind: "zip", label: "A .zip file" },
  { kind: "url", label: "A git or GitHub URL" },
];

let readCount = 0;

// React passes unknown lower-case attributes through; the DOM typings do not know this one.
const folderPicker = { webkitdirectory: "", directory: "" } as Record<string, string>;

/** Where the package comes from: a folder or zip read here into files, or a URL the server fetches. */
export function ImportSource({ value, onChange, disabled }: { value: SourceState; onChange: (next: SourceState) => void; disabled?: boolean }) {
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function onPick(e: ChangeEvent<HTMLInputElement>) {
    const list = [...(e.target.files ?? [])];
    onChange({ ...value, picked: null });
    setProblem(null);
    if (list.length === 0) return;
    setReading(true);
    try {
      let raw: RawFiles;
      let label: string;
      let links: string[] = [];
      if (value.kind === "zip") {
        ({ files: raw, links } = unzipFiles(new Uint8Array(await list[0].arrayBuffer())));
        label = list[0].name;
      } else {
        raw = await readPickedFolder(list);
        label = list[0].webkitRelativePath.split("/")[0] || "the folder";
      }
      const pkg = readPackage(raw);
      if (!pkg) setProblem(`No COMPANY.md in ${label}: a package's root folder holds one.`);
      else {
        pkg.skipped.push(...links.map((path) => ({ path, reason: "symbolic link" })));
        onChange({ ...value, picked: { label, pkg, token: ++readCount } });
      }
    } catch (err) {
      setProblem(`${value.kind === "zip" ? "This zip" : "This folder"} could not be read: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setReading(false);
    }
  }

  function switchKind(kind: SourceKind) {
    if (input.current) input.current.value = "";
    setProblem(null);
    onChange({ ...value, kind, picked: null });
  }

  return (
    <fieldset disabled={disabled} className="space-y-3">
      <legend className="text-sm font-medium text-fg">Source</legend>
      <div role="radiogroup" aria-label="Source" className="flex flex-wrap gap-x-5 gap-y-2">
        {KINDS.map((k) => (
          <label key={k.kind} className="flex cursor-pointer items-center gap-2 text-sm text-fg">
            <input type="radio" name="import-source" className="size-4 accent-indigo-600" checked={value.kind === k.kind} onChange={() => switchKind(k.kind)} />
            {k.label}
          </label>
        ))}
      </div>
      {value.kind === "url" ? (
        <UrlFields value={value} onChange={onChange} />
      ) : (
        <Field
          label={value.kind === "zip" ? "Package .zip" : "Package folder"} htmlFor="import-file"
          hint={value.kind === "zip" ? "Read here in the browser; the shallowest COMPANY.md marks the package." : "The folder that holds COMPANY.md, or one above it; .git/ is left out."}
        >
          <input
            key={value.kind} ref={input} id="import-file" type="file" onChange={onPick}
            {...(value.kind === "zip" ? { accept: ".zip,application/zip" } : { ...folderPicker, multiple: true })}
            className={cn(
              "block w-full text-sm text-fg-muted file:mr-3 file:rounded-md file:border-0 file:bg-surface-muted file:px-3 file:py-1.5",
              "file:text-sm file:font-medium file:text-fg file:ring-1 file:ring-inset file:ring-line-strong hover:file:bg-surface-hover",
            )}
          />
        </Field>
      )}
      {reading && <p className="flex items-center gap-2 text-sm text-fg-muted" role="status"><Spinner /> Reading the files…</p>}
      {problem && <p className="text-sm text-danger" role="alert">{problem}</p>}
      {value.kind !== "url" && value.picked && <PickedSummary picked={value.picked} />}
    </fieldset>
  );
}

function UrlFields({ value, onChange }: { value: SourceState; onChange: (next: SourceState) => void }) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Field label="Repository URL" htmlFor="import-url" className="sm:col-span-3" hint="https://github.com/<owner>/<repo> (or a tree/… link), or any https://, ssh:// or git:// URL">
        <Input
          id="import-url" type="text" inputMode="url" autoComplete="off" spellCheck={false} value={value.url} required
          onChange={(e) => onChange({ ...value, url: e.target.value })} placeholder="https://github.com/paperclipai/companies/tree/main/gstack"
        />
      </Field>
      <Field label="Ref" htmlFor="import-ref" optional hint="A branch, tag or commit">
        <Input id="import-ref" value={value.ref} autoComplete="off" spellCheck={false} onChange={(e) => onChange({ ...value, ref: e.target.value })} />
      </Field>
      <Field label="Folder" htmlFor="import-path" optional className="sm:col-span-2" hint="The package's folder inside the repository">
        <Input id="import-path" value={value.path} autoComplete="off" spellCheck={false} onChange={(e) => onChange({ ...value, path: e.target.value })} />
      </Field>
    </div>
  );
}

function PickedSummary({ picked }: { picked: PickedPackage }) {
  const count = Object.keys(picked.pkg.files).length;
  return (
    <div className="rounded-md bg-surface-muted px-3 py-2 text-sm text-fg-muted ring-1 ring-inset ring-line" data-testid="picked-package">
      <p className="break-words">
        <span className="font-medium text-fg">{picked.label}</span>: {count} {count === 1 ? "file" : "files"}
        {picked.pkg.root && picked.pkg.root !== picked.label ? <> from <span className="font-mono">{picked.pkg.root}/</span></> : null}
      </p>
      {picked.pkg.skipped.length > 0 && (
        <ul className="mt-1 list-disc pl-5 break-words">
          {picked.pkg.skipped.map((s) => <li key={s.path}><span className="font-mono">{s.path}</span>: {s.reason}, left out</li>)}
        </ul>
      )}
    </div>
  );
}
