"use client";

// The board's colour theme in the browser. The preference lives on <html data-theme-pref> (set by the
// root layout from the user's saved choice) and the theme in effect on <html data-theme> (set by the
// script in <head>); this module reads both and changes them, and saves the choice for the user.
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { apiSend } from "@/lib/queries/fetcher";

export type ThemePreference = "system" | "light" | "dark";
export type ResolvedTheme = "light" | "dark";

export const themePreferences: ThemePreference[] = ["system", "light", "dark"];

const darkQuery = "(prefers-color-scheme: dark)";

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme", "data-theme-pref"] });
  return () => observer.disconnect();
}

function readPreference(): ThemePreference {
  const pref = document.documentElement.dataset.themePref;
  return pref === "light" || pref === "dark" ? pref : "system";
}

const readResolved = (): ResolvedTheme => (document.documentElement.dataset.theme === "dark" ? "dark" : "light");

/** Applies a preference at once (the <head> script keeps following the system setting under "system"). */
function applyTheme(pref: ThemePreference): void {
  const root = document.documentElement;
  root.dataset.themePref = pref;
  root.dataset.theme = pref === "dark" || (pref === "system" && matchMedia(darkQuery).matches) ? "dark" : "light";
}

/**
 * A 404 or 403 that Next sends as an error shell is drawn in the browser, where the <head> script
 * never runs: when no theme is in effect, follow the preference (and the system setting) from here.
 */
export function useThemeWithoutHeadScript(): void {
  useEffect(() => {
    if (document.documentElement.dataset.theme) return;
    const media = matchMedia(darkQuery);
    const apply = () => applyTheme(readPreference());
    apply();
    media.addEventListener("change", apply);
    return () => media.removeEventListener("change", apply);
  }, []);
}

export interface ThemeControls {
  /** the user's choice */
  theme: ThemePreference;
  /** what the page shows now */
  resolvedTheme: ResolvedTheme;
  /** applies the choice at once and saves it for the user; rejects when saving failed */
  setTheme: (theme: ThemePreference) => Promise<void>;
  /** the other of light and dark, from what the page shows now */
  toggleTheme: () => Promise<void>;
}

export function useTheme(): ThemeControls {
  const theme = useSyncExternalStore(subscribe, readPreference, () => "system" as const);
  const resolvedTheme = useSyncExternalStore(subscribe, readResolved, () => "light" as const);
  const setTheme = useCallback(async (next: ThemePreference) => {
    applyTheme(next);
    await apiSend("PATCH", "/api/board/me", { theme: next });
  }, []);
  const toggleTheme = useCallback(() => setTheme(readResolved() === "dark" ? "light" : "dark"), [setTheme]);
  return { theme, resolvedTheme, setTheme, toggleTheme };
}
