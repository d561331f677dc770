"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Button } from "@/components/ui/button";

// what Tab can reach inside a dialog
const tabbable = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab past the last control comes back to the first, and Shift+Tab past the first to the last: a modal
 * <dialog> makes the page behind it inert, but Chromium still lets Tab leave it for the browser's own UI.
 */
function keepTabInside(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== "Tab") return;
  const controls = [...e.currentTarget.querySelectorAll<HTMLElement>(tabbable)].filter((el) => el.getClientRects().length > 0);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first) return;
  const at = document.activeElement;
  if (e.shiftKey && (at === first || at === e.currentTarget)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && at === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * A modal on the native <dialog> element: the page behind is inert, Tab stays inside and Escape closes it. Its
 * content mounts only while open, so forms inside start fresh every time, and only once the dialog
 * shows, so a field's autoFocus can take the focus (React focuses it on mount; inside a closed
 * dialog that focus would be lost).
 */
export function Dialog({ open, onClose, title, description, children, className, side }: {
  open: boolean; onClose: () => void; title: ReactNode; description?: ReactNode; children: ReactNode; className?: string;
  /** "start": a drawer along the screen's left edge, as tall as the screen (the phone's menu) */
  side?: "start";
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    setShown(open);
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      // only while open: the shortcuts stay off while a modal shows (components/shortcuts/keymap.ts)
      aria-modal={open || undefined}
      onClose={onClose}
      onKeyDown={keepTabInside}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className={cn(
        side === "start" ? "my-0 ml-0 h-dvh max-h-dvh w-72 max-w-[calc(100%-3rem)]" : "m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl",
        "bg-white p-0 text-left text-slate-900 shadow-2xl ring-1 ring-slate-900/10",
        "backdrop:bg-slate-900/40 backdrop:backdrop-blur-[1px]",
        className,
      )}
    >
      {open && shown && (
        <div className={cn("flex flex-col", side === "start" ? "h-full" : "max-h-[calc(100vh-4rem)]")}>
          <div className={cn("flex items-start justify-between gap-4 border-b border-slate-100", side === "start" ? "px-4 py-3" : "px-6 py-4")}>
            <div>
              <h2 id={titleId} className="text-base font-semibold">{title}</h2>
              {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
            </div>
            <button type="button" onClick={onClose} className="-mr-2 rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600" aria-label="Close">
              <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                <path d="M5 5l10 10M15 5L5 15" />
              </svg>
            </button>
          </div>
          <div className={cn("overflow-y-auto", side === "start" ? "flex-1 p-3" : "px-6 py-5")}>{children}</div>
        </div>
      )}
    </dialog>
  );
}

/** Footer row for the buttons of a dialog's form. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex justify-end gap-2">{children}</div>;
}

/** "Are you sure?" for destructive actions; the confirm button shows the action's progress. */
export function ConfirmDialog({ open, onClose, onConfirm, title, children, confirmLabel, pending, error, destructive = true }: {
  open: boolean; onClose: () => void; onConfirm: () => void; title: ReactNode; children: ReactNode; confirmLabel: string; pending?: boolean; error?: ReactNode; destructive?: boolean;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} className="max-w-md">
      <div className="text-sm text-slate-600">{children}</div>
      {error && <div className="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">{error}</div>}
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant={destructive ? "destructive" : "primary"} onClick={onConfirm} pending={pending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
