"use client";

import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { createLabel, updateLabel, type LabelDto, type LabelInput } from "@/lib/queries/labels";
import { cn } from "@/lib/cn";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog.client";
import { Field, Input } from "@/components/ui/input";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";
import { LabelChip } from "@/components/issues/label-chips";

/** The API's default colour first, then a palette that stays readable as a small dot on white. */
const LABEL_COLORS = ["#6b7280", "#dc2626", "#ea580c", "#d97706", "#65a30d", "#059669", "#0891b2", "#2563eb", "#4f46e5", "#7c3aed", "#c026d3", "#db2777"];
const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

type Editing = { mode: "create" } | { mode: "edit"; label: LabelDto };

/** New label, or rename and recolour one; a name the company already uses is the API's 409, shown here. */
export function LabelDialog({ companyId, editing, onClose, onSaved }: {
  companyId: string; editing: Editing | null; onClose: () => void; onSaved: (label: LabelDto) => void;
}) {
  return (
    <Dialog
      open={editing !== null}
      onClose={onClose}
      title={editing?.mode === "edit" ? `Edit label “${editing.label.name}”` : "New label"}
      className="max-w-md"
    >
      {editing && <LabelForm key={editing.mode === "edit" ? editing.label.id : "new"} companyId={companyId} editing={editing} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function LabelForm({ companyId, editing, onClose, onSaved }: { companyId: string; editing: Editing; onClose: () => void; onSaved: (label: LabelDto) => void }) {
  const current = editing.mode === "edit" ? editing.label : null;
  const [name, setName] = useState(current?.name ?? "");
  const [color, setColor] = useState(current?.color ?? LABEL_COLORS[0]);
  const save = useMutation({
    mutationFn: (input: LabelInput) => {
      if (!current) return createLabel(companyId, input);
      // only what changed, so a recolour never trips over the name check
      const patch: Partial<LabelInput> = {};
      if (input.name !== current.name) patch.name = input.name;
      if (input.color.toLowerCase() !== current.color.toLowerCase()) patch.color = input.color;
      return updateLabel(current.id, patch);
    },
    onSuccess: onSaved,
  });
  const colorValid = HEX.test(color);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim() || !colorValid) return;
    save.mutate({ name: name.trim(), color });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label={current ? "Edit label" : "New label"}>
      <Field label="Name" htmlFor="label-name" errors={fieldErrors(save.error, "name")}>
        <Input id="label-name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} autoFocus autoComplete="off" placeholder="bug, security, customer…" />
      </Field>
      <Field label="Colour" htmlFor="label-color" errors={colorValid ? fieldErrors(save.error, "color") : ["must be a hex colour such as #1f6feb"]}>
        <div className="space-y-2.5">
          <div className="flex flex-wrap gap-1.5" role="radiogroup" aria-label="Palette">
            {LABEL_COLORS.map((c) => {
              const chosen = c === color.toLowerCase();
              return (
                <button
                  key={c}
                  type="button"
                  role="radio"
                  aria-checked={chosen}
                  aria-label={c}
                  title={c}
                  onClick={() => setColor(c)}
                  className={cn("size-6 rounded-full ring-offset-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600", chosen && "ring-2 ring-slate-900")}
                  style={{ backgroundColor: c }}
                />
              );
            })}
          </div>
          <div className="flex items-center gap-2">
            <input
              type="color"
              value={colorValid && color.length === 7 ? color : "#000000"}
              onChange={(e) => setColor(e.target.value)}
              aria-label="Pick any colour"
              className="h-9 w-10 cursor-pointer rounded-md border-0 bg-white p-1 ring-1 ring-inset ring-slate-300"
            />
            <Input id="label-color" value={color} onChange={(e) => setColor(e.target.value.trim())} aria-invalid={!colorValid || undefined} maxLength={7} className="w-28 font-mono" spellCheck={false} />
            <span className="ml-auto text-xs text-slate-500">Preview</span>
            <LabelChip label={{ id: "preview", name: name.trim() || "label", color: colorValid ? color : "#6b7280" }} />
          </div>
        </div>
      </Field>
      <ApiErrorAlert error={save.error} fields={["name", "color"]} />
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" pending={save.isPending} disabled={!name.trim() || !colorValid}>
          {current ? "Save label" : "Create label"}
        </Button>
      </DialogActions>
    </form>
  );
}
