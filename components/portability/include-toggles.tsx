import type { PackageInclude } from "@/lib/queries/portability";
import { Checkbox } from "@/components/ui/input";

const PARTS: { key: keyof PackageInclude; label: string; hint: string }[] = [
  { key: "company", label: "Company", hint: "Settings, logo and goals" },
  { key: "agents", label: "Agents", hint: "With their instructions" },
  { key: "projects", label: "Projects", hint: "With repository workspaces" },
  { key: "issues", label: "Issues", hint: "Tasks travel only when asked" },
];

/** What a package holds: the four switches export and import share. */
export function IncludeToggles({ idPrefix, value, onChange, disabled }: {
  idPrefix: string; value: PackageInclude; onChange: (next: PackageInclude) => void; disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-medium text-fg">Include</legend>
      <div className="mt-2 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {PARTS.map((p) => (
          <Checkbox
            key={p.key} id={`${idPrefix}-include-${p.key}`} label={p.label} hint={p.hint}
            checked={value[p.key]} onChange={(e) => onChange({ ...value, [p.key]: e.target.checked })}
          />
        ))}
      </div>
    </fieldset>
  );
}
