"use client";

import { agentIcons } from "@/lib/icons";
import { cn } from "@/lib/cn";
import { AgentIcon } from "@/components/agents/agent-icon";

/** A grid of the allowed agent icons as one radio group (arrow keys move between them). */
export function IconPicker({ value, onChange, name = "icon" }: { value: string; onChange: (icon: string) => void; name?: string }) {
  return (
    <div role="radiogroup" aria-label="Icon" className="grid grid-cols-8 gap-1 rounded-md bg-slate-50 p-1.5 ring-1 ring-inset ring-slate-200 sm:grid-cols-12">
      {agentIcons.map((icon) => (
        <label
          key={icon}
          title={icon}
          className={cn(
            "flex aspect-square cursor-pointer items-center justify-center rounded-md text-slate-500 transition-colors hover:bg-white hover:text-slate-900",
            "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500",
            value === icon && "bg-white text-indigo-600 shadow-xs ring-1 ring-indigo-300",
          )}
        >
          <input type="radio" name={name} value={icon} checked={value === icon} onChange={() => onChange(icon)} className="sr-only" aria-label={icon} />
          <AgentIcon icon={icon} className="size-[18px]" />
        </label>
      ))}
    </div>
  );
}
