import type { WorkspaceDto, WorkspaceInput } from "@/lib/queries/projects";
import { Field, Input } from "@/components/ui/input";
import { fieldErrors } from "@/components/forms/api-error";

/**
 * A workspace's four fields, named `<prefix>name`, `<prefix>cwd`… so that a form can hold them next
 * to its own. `errorPath` is where the API reports them ("workspace." inside a new project).
 */
export function WorkspaceFields({ idPrefix, error, errorPath = "", initial }: { idPrefix: string; error: unknown; errorPath?: string; initial?: WorkspaceDto }) {
  const errs = (f: string) => fieldErrors(error, `${errorPath}${f}`);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Directory" htmlFor={`${idPrefix}cwd`} hint="A local path agents work in." errors={errs("cwd")}>
        <Input id={`${idPrefix}cwd`} name={`${idPrefix}cwd`} defaultValue={initial?.cwd ?? ""} placeholder="/srv/fleet-dashboard" className="font-mono text-[0.8125rem]" />
      </Field>
      <Field label="Repository" htmlFor={`${idPrefix}repoUrl`} hint="A directory, a repository, or both." errors={errs("repoUrl")}>
        <Input id={`${idPrefix}repoUrl`} name={`${idPrefix}repoUrl`} defaultValue={initial?.repoUrl ?? ""} placeholder="https://github.com/acme/fleet" className="font-mono text-[0.8125rem]" />
      </Field>
      <Field label="Branch or ref" htmlFor={`${idPrefix}repoRef`} optional errors={errs("repoRef")}>
        <Input id={`${idPrefix}repoRef`} name={`${idPrefix}repoRef`} defaultValue={initial?.repoRef ?? ""} placeholder="main" className="font-mono text-[0.8125rem]" />
      </Field>
      <Field label="Workspace name" htmlFor={`${idPrefix}name`} optional hint="Defaults to the directory or repository name." errors={errs("name")}>
        <Input id={`${idPrefix}name`} name={`${idPrefix}name`} defaultValue={initial?.name ?? ""} maxLength={200} />
      </Field>
    </div>
  );
}

/** The workspace typed into WorkspaceFields, or null when every field is empty. Empty fields are left out. */
export function readWorkspace(form: FormData, idPrefix: string): WorkspaceInput | null {
  const get = (f: string) => String(form.get(`${idPrefix}${f}`) ?? "").trim();
  const out: WorkspaceInput = {};
  for (const f of ["name", "cwd", "repoUrl", "repoRef"] as const) if (get(f)) out[f] = get(f);
  return Object.keys(out).length ? out : null;
}
