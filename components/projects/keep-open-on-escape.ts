import type { KeyboardEvent } from "react";

/**
 * Escape in a dialog's form closes the dialog (the native <dialog> cancels), losing what was typed.
 * Escape in a select (the native one, typed into to pick, or an open picker) means "leave the
 * picker", so it must not reach the dialog: keeping its default keeps the dialog and the form.
 */
export function keepOpenOnEscapeInPickers(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== "Escape") return;
  const target = e.target as HTMLElement;
  if (target.tagName === "SELECT" || target.closest("[aria-expanded='true'], [role='group'], [role='listbox']")) e.preventDefault();
}
