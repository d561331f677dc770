"use client";

import { useId, useLayoutEffect, useMemo, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent, type RefObject, type TextareaHTMLAttributes } from "react";
import { cn } from "@/lib/cn";
import { Textarea } from "@/components/ui/input";
import { activeMention, insertMention, matchCandidates, type ActiveMention, type MentionCandidate } from "@/components/editor/mentions";
import { editSpans, storedOffset, toShown, toStored } from "@/components/editor/mention-display";

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "onChange" | "role">;

interface Props extends TextareaProps {
  value: string;
  onChange: (text: string) => void;
  candidates: readonly MentionCandidate[];
  /** files pasted or dropped into the text (`caret`: where, in the stored text); without it they are left to the browser */
  onFiles?: (files: File[], caret: number) => void;
  /** receives the textarea element (the ui Textarea takes no ref) */
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
}

/**
 * A markdown textarea with `@` autocomplete of the company's agents and people (an ARIA combobox:
 * arrows move, Enter or Tab picks, Escape closes and keeps the text; the mouse picks too). A pick
 * shows `@Name`; `value` and `onChange` carry the stored text, where it is the link form the server
 * reads, `[@Name](agent://<id>)` or `[@Name](user://<id>)`.
 */
export function MentionTextarea({ value, onChange, candidates, onFiles, textareaRef, onKeyDown, className, ...rest }: Props) {
  const wrapper = useRef<HTMLDivElement>(null);
  const ref = useRef<HTMLTextAreaElement | null>(null);
  const listId = useId();
  const [caret, setCaret] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [highlight, setHighlight] = useState(0);
  const [dragging, setDragging] = useState(false);
  const pendingCaret = useRef<number | null>(null);

  const shown = useMemo(() => toShown(value), [value]);
  // an `@` that starts a picked mention is not a mention being typed
  const active = useMemo(() => {
    const typed = activeMention(shown.text, caret);
    return typed && !shown.spans.some((s) => s.start === typed.start) ? typed : null;
  }, [shown, caret]);
  const matches = useMemo(() => (active ? matchCandidates(candidates, active.query) : []), [active, candidates]);
  const open = active !== null && active.start !== dismissedAt && matches.length > 0;
  const current = Math.min(highlight, Math.max(0, matches.length - 1));

  useLayoutEffect(() => {
    ref.current = wrapper.current?.querySelector("textarea") ?? null;
    if (textareaRef) textareaRef.current = ref.current;
  });

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && pendingCaret.current !== null) {
      el.setSelectionRange(pendingCaret.current, pendingCaret.current);
      pendingCaret.current = null;
    }
  }, [value]);

  const readCaret = () => setCaret(ref.current?.selectionStart ?? 0);

  function pick(c: MentionCandidate, at: ActiveMention) {
    const next = insertMention(shown.text, at, caret, c);
    const spans = [...editSpans(shown.text, next.text, shown.spans, next.caret), next.span].sort((a, b) => a.start - b.start);
    pendingCaret.current = next.caret;
    setCaret(next.caret);
    setHighlight(0);
    onChange(toStored({ text: next.text, spans }));
    ref.current?.focus();
  }

  function onKey(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (open && active) {
      const keys: Record<string, () => void> = {
        ArrowDown: () => setHighlight((current + 1) % matches.length),
        ArrowUp: () => setHighlight((current - 1 + matches.length) % matches.length),
        Enter: () => pick(matches[current], active),
        Tab: () => pick(matches[current], active),
        // closes the list only: not the dialog around it, and not the text
        Escape: () => setDismissedAt(active.start),
      };
      const act = keys[e.key];
      if (act && !(e.key === "Enter" && (e.metaKey || e.ctrlKey))) {
        e.preventDefault();
        e.stopPropagation();
        act();
        return;
      }
    }
    onKeyDown?.(e);
  }

  function takeFiles(files: FileList | null | undefined, e: ClipboardEvent | DragEvent) {
    if (!onFiles || !files || files.length === 0) return;
    e.preventDefault();
    onFiles([...files], storedOffset(shown.spans, ref.current?.selectionStart ?? shown.text.length));
  }

  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <div ref={wrapper} className="relative">
      <Textarea
        {...rest}
        value={shown.text}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(current) : undefined}
        className={cn(className, dragging && "ring-2 ring-indigo-400")}
        onChange={(e) => {
          onChange(toStored({ text: e.target.value, spans: editSpans(shown.text, e.target.value, shown.spans, e.target.selectionStart) }));
          setCaret(e.target.selectionStart);
          setHighlight(0);
        }}
        onSelect={readCaret}
        onClick={readCaret}
        onKeyDown={onKey}
        onBlur={() => setDismissedAt(active?.start ?? null)}
        onFocus={() => setDismissedAt(null)}
        onPaste={(e) => takeFiles(e.clipboardData?.files, e)}
        onDragOver={(e) => {
          if (onFiles && e.dataTransfer.types.includes("Files")) {
            e.preventDefault();
            setDragging(true);
          }
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          setDragging(false);
          takeFiles(e.dataTransfer?.files, e);
        }}
      />
      {open && active && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Mention an agent or person"
          className="absolute left-0 z-20 mt-1 max-h-64 w-72 max-w-full overflow-y-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-900/10"
        >
          {matches.map((c, i) => (
            <li
              key={`${c.kind}:${c.id}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              className={cn("flex cursor-pointer items-center gap-2 px-3 py-1.5", i === current ? "bg-indigo-50 text-indigo-900" : "text-slate-700")}
              // keep the caret in the text while the mouse picks
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setHighlight(i)}
              onClick={() => pick(c, active)}
            >
              <span className={cn("flex size-5 shrink-0 items-center justify-center rounded-full text-[0.625rem] font-semibold", c.kind === "agent" ? "bg-indigo-100 text-indigo-700" : "bg-slate-200 text-slate-700")} aria-hidden="true">
                {c.name.slice(0, 1).toUpperCase()}
              </span>
              <span className="min-w-0 flex-1 truncate font-medium">{c.name}</span>
              <span className="shrink-0 text-xs text-slate-400">{c.kind === "agent" ? `agent · ${c.detail}` : c.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
