"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";

/** A read-only value, wrapped so all of it shows, with a Copy button (tokens, URLs). */
export function CopyField({ value, label }: { value: string; label: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // no clipboard permission (plain http, old browser): select the text so Ctrl+C works
      const el = document.getElementById(id) as HTMLTextAreaElement | null;
      el?.select();
      return;
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  }
  return (
    <div className="space-y-2">
      <textarea
        id={id}
        readOnly
        value={value}
        aria-label={label}
        rows={Math.min(4, Math.ceil(value.length / 44))}
        onFocus={(e) => e.currentTarget.select()}
        className="block w-full resize-none break-all rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs leading-relaxed text-slate-800"
      />
      <Button onClick={copy} variant="secondary" size="sm">{copied ? "Copied" : "Copy to clipboard"}</Button>
    </div>
  );
}
