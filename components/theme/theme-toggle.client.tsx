"use client";

import { useState } from "react";
import { cn } from "@/lib/cn";
import { themePreferences, useTheme, type ThemePreference } from "@/components/theme/use-theme.client";

const labels: Record<ThemePreference, string> = { system: "System", light: "Light", dark: "Dark" };

/** The side bar's theme switch: system, light or dark, kept for the user. */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  const [error, setError] = useState<string | null>(null);
  const choose = (pref: ThemePreference) => {
    setError(null);
    setTheme(pref).catch(() => setError("Could not save the theme; it applies until you reload"));
  };
  return (
    <div className={className}>
      <div role="group" aria-label="Theme" className="flex rounded-md bg-slate-200/70 p-0.5 text-xs font-medium">
        {themePreferences.map((pref) => (
          <button
            key={pref}
            type="button"
            aria-pressed={theme === pref}
            onClick={() => choose(pref)}
            className={cn(
              "min-h-6 flex-1 rounded px-2 py-1 transition-colors",
              theme === pref ? "bg-surface text-fg shadow-xs" : "text-fg-muted hover:text-fg",
            )}
          >
            {labels[pref]}
          </button>
        ))}
      </div>
      <p role="status" className="empty:hidden mt-1 text-xs text-danger">{error}</p>
    </div>
  );
}
