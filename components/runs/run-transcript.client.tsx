"use client";

// A run's parsed transcript: assistant text as markdown, tool calls folded into one line each (open
// one to see its input and what came back), system lines muted, and the final result with its cost.
// Steps arrive with structural sharing, so memoised rows of unchanged steps do not render again when
// new ones come in; rows below the fold skip layout (content-visibility) for runs of many steps.
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { TranscriptStep } from "@/lib/queries/runs";
import { formatCents, formatDateTime } from "@/lib/format";
import { cn } from "@/lib/cn";
import { Badge } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/button";
import { ChevronRightGlyph } from "@/components/ui/glyphs";
import { MarkdownText } from "@/components/markdown/render";
import { elapsed, inputSummary, inputText, transcriptItems } from "@/components/runs/transcript-items";

interface Props {
  prefix: string;
  steps: TranscriptStep[];
  /** the run is queued or running: calls without a result are still working */
  open: boolean;
  startedAt: string | null;
  costCents: number;
  costEstimated: boolean;
}

const AT_BOTTOM_PX = 48;
const TEXT_CAP = 20_000;
const row = "[content-visibility:auto] [contain-intrinsic-size:auto_3rem]";

export function TranscriptSteps({ prefix, steps, open, startedAt, costCents, costEstimated }: Props) {
  const items = useMemo(() => transcriptItems(steps), [steps]);
  const from = startedAt ?? steps[0]?.at ?? null;
  const boxRef = useRef<HTMLDivElement>(null);
  // follow new steps only while the reader is at the bottom (a live run starts there)
  const atBottom = useRef(open);
  const [behind, setBehind] = useState(false);
  const onScroll = useCallback(() => {
    const el = boxRef.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < AT_BOTTOM_PX;
    if (atBottom.current) setBehind(false);
  }, []);
  const count = steps.length;
  useLayoutEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    if (atBottom.current) el.scrollTop = el.scrollHeight;
    else if (open) setBehind(true);
  }, [count, open]);
  const jump = () => {
    const el = boxRef.current;
    if (el) el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setBehind(false);
  };

  if (count === 0) {
    return (
      <p data-testid="run-transcript-empty" className="rounded-md bg-slate-50 px-3 py-6 text-center text-sm text-slate-400 ring-1 ring-inset ring-slate-200">
        {open ? "Waiting for the agent's first output…" : "No transcript: this run printed nothing that could be parsed. The log has whatever it wrote."}
      </p>
    );
  }
  return (
    <div className="relative">
      <div ref={boxRef} onScroll={onScroll} data-testid="run-transcript" className="max-h-[44rem] overflow-y-auto overscroll-contain rounded-md ring-1 ring-inset ring-slate-200">
        <ol className="divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.key} className={row}>
              {item.type === "tool" ? (
                <ToolCall call={item.call} result={item.result} open={open} from={from} />
              ) : item.step.kind === "assistant" ? (
                <AssistantStep step={item.step} prefix={prefix} from={from} />
              ) : item.step.kind === "result" ? (
                <ResultStep step={item.step} prefix={prefix} from={from} costCents={costCents} costEstimated={costEstimated} />
              ) : item.step.kind === "tool_result" ? (
                <LoneResult step={item.step} from={from} />
              ) : (
                <SystemStep step={item.step} from={from} />
              )}
            </li>
          ))}
        </ol>
        {open && (
          <p className="flex items-center gap-2 border-t border-slate-100 px-4 py-2.5 text-xs text-slate-400" role="status">
            <Spinner className="size-3.5" /> Working…
          </p>
        )}
      </div>
      {behind && (
        <button type="button" onClick={jump} className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-code px-3 py-1 text-xs font-medium text-code-fg shadow-md hover:opacity-90">
          New steps below ↓
        </button>
      )}
    </div>
  );
}

function When({ from, at }: { from: string | null; at: string }) {
  return <time dateTime={at} title={formatDateTime(at)} className="shrink-0 font-mono text-[0.6875rem] tabular-nums text-slate-400">{elapsed(from, at)}</time>;
}

const capped = (text: string) => (text.length > TEXT_CAP ? `${text.slice(0, TEXT_CAP)}\n\n… ${(text.length - TEXT_CAP).toLocaleString("en-US")} more characters` : text);

const AssistantStep = memo(function AssistantStep({ step, prefix, from }: { step: TranscriptStep; prefix: string; from: string | null }) {
  return (
    <div className="flex gap-3 px-4 py-3" data-testid="step-assistant">
      <div className="min-w-0 flex-1 text-sm text-slate-800">
        <MarkdownText prefix={prefix}>{capped(step.text ?? "")}</MarkdownText>
      </div>
      <When from={from} at={step.at} />
    </div>
  );
});

const ToolCall = memo(function ToolCall({ call, result, open, from }: { call: TranscriptStep; result: TranscriptStep | null; open: boolean; from: string | null }) {
  const [expanded, setExpanded] = useState(false);
  const summary = inputSummary(call.input);
  const failed = !!result?.isError;
  return (
    <div data-testid="step-tool" className={cn(failed && "bg-red-50/40")}>
      <button
        type="button"
        onClick={() => setExpanded((v) => !v)}
        aria-expanded={expanded}
        className="flex w-full min-w-0 items-center gap-2 px-4 py-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
      >
        <ChevronRightGlyph className={cn("size-3.5 shrink-0 text-slate-400 transition-transform", expanded && "rotate-90")} />
        <span className="max-w-[45%] shrink-0 truncate rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs font-medium text-slate-700">{call.toolName || "tool"}</span>
        <span className="min-w-0 flex-1 truncate font-mono text-xs text-slate-500" title={summary}>{summary}</span>
        {failed ? (
          <Badge tone="red">error</Badge>
        ) : !result && open ? (
          <Spinner className="size-3.5 shrink-0 text-slate-400" />
        ) : !result ? (
          <span className="shrink-0 text-xs text-slate-400">no result</span>
        ) : null}
        <When from={from} at={call.at} />
      </button>
      {expanded && (
        <div className="space-y-3 px-3 pb-3 sm:pl-9 sm:pr-4">
          <div>
            <h4 className="mb-1 text-[0.6875rem] font-medium uppercase tracking-wide text-slate-500">Input</h4>
            <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-words rounded-md bg-code px-3 py-2 font-mono text-xs leading-relaxed text-code-fg">
              {capped(inputText(call.input))}
            </pre>
          </div>
          <div>
            <h4 className={cn("mb-1 text-[0.6875rem] font-medium uppercase tracking-wide", failed ? "text-red-700" : "text-slate-500")}>
              {failed ? "Error" : "Output"}
            </h4>
            {result ? (
              <pre className={cn("max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-md px-3 py-2 font-mono text-xs leading-relaxed", failed ? "bg-red-950 text-red-100" : "bg-slate-50 text-slate-800 ring-1 ring-inset ring-slate-200")}>
                {result.output ? capped(result.output) : "(empty)"}
              </pre>
            ) : (
              <p className="text-xs text-slate-400">{open ? "Still running…" : "The run ended before this call returned."}</p>
            )}
          </div>
        </div>
      )}
    </div>
  );
});

const LoneResult = memo(function LoneResult({ step, from }: { step: TranscriptStep; from: string | null }) {
  return (
    <div className="flex gap-3 px-4 py-2" data-testid="step-tool-result">
      <pre className={cn("max-h-60 min-w-0 flex-1 overflow-auto whitespace-pre-wrap break-words font-mono text-xs", step.isError ? "text-red-700" : "text-slate-600")}>
        {capped(step.output || step.text || "(empty result)")}
      </pre>
      <When from={from} at={step.at} />
    </div>
  );
});

const SYSTEM_PREVIEW = 240;

const SystemStep = memo(function SystemStep({ step, from }: { step: TranscriptStep; from: string | null }) {
  const [full, setFull] = useState(false);
  const text = step.text || (step.input ? JSON.stringify(step.input) : "");
  const long = text.length > SYSTEM_PREVIEW;
  return (
    <div className="flex gap-3 px-4 py-1.5" data-testid="step-system">
      <p className={cn("min-w-0 flex-1 whitespace-pre-wrap break-words font-mono text-[0.6875rem] leading-relaxed", step.isError ? "text-red-600" : "text-slate-400")}>
        {long && !full ? `${text.slice(0, SYSTEM_PREVIEW)}…` : capped(text)}
        {long && (
          <button type="button" onClick={() => setFull((v) => !v)} className="ml-1.5 font-sans text-slate-500 underline underline-offset-2 hover:text-slate-700">
            {full ? "less" : "more"}
          </button>
        )}
      </p>
      <When from={from} at={step.at} />
    </div>
  );
});

interface ResultFacts {
  costUsd?: number | null;
  estimated?: boolean;
  numTurns?: number | null;
  usage?: Array<{ inputTokens?: number; outputTokens?: number }> | Record<string, unknown> | null;
}

const usdPrecise = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 4 });
const tokens = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(n >= 100_000 ? 0 : 1)}k` : n.toLocaleString("en-US"));

/** What the result line said: its cost (the CLI's own, or Charter's estimate), turns and tokens. */
function resultFacts(step: TranscriptStep, run: { costCents: number; costEstimated: boolean }) {
  const f = (step.input && typeof step.input === "object" ? step.input : {}) as ResultFacts;
  const fromStep = typeof f.costUsd === "number";
  const estimated = fromStep ? f.estimated === true : run.costEstimated;
  const cost = fromStep ? usdPrecise.format(f.costUsd as number) : formatCents(run.costCents);
  const parts: string[] = [];
  if (typeof f.numTurns === "number") parts.push(`${f.numTurns} ${f.numTurns === 1 ? "turn" : "turns"}`);
  if (Array.isArray(f.usage) && f.usage.length > 0) {
    const inTok = f.usage.reduce((n, u) => n + (u.inputTokens ?? 0), 0);
    const outTok = f.usage.reduce((n, u) => n + (u.outputTokens ?? 0), 0);
    parts.push(`${tokens(inTok)} in / ${tokens(outTok)} out tokens`);
  }
  return { cost, estimated, detail: parts.join(" · ") };
}

const ResultStep = memo(function ResultStep({ step, prefix, from, costCents, costEstimated }: {
  step: TranscriptStep; prefix: string; from: string | null; costCents: number; costEstimated: boolean;
}) {
  const facts = resultFacts(step, { costCents, costEstimated });
  return (
    <div className={cn("px-4 py-3", step.isError ? "bg-red-50" : "bg-emerald-50/60")} data-testid="step-result">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge tone={step.isError ? "red" : "green"}>{step.isError ? "Ended with an error" : "Result"}</Badge>
        <span className="text-xs text-slate-700" data-testid="step-result-cost">
          Cost{" "}
          {facts.estimated ? (
            <span className="tabular-nums" title="Estimated: priced by Charter from its table of model prices (the CLI printed tokens but no price)">
              ≈ {facts.cost} <span className="text-slate-500">est.</span>
            </span>
          ) : (
            <span className="tabular-nums">{facts.cost}</span>
          )}
        </span>
        {facts.detail && <span className="text-xs text-slate-500">{facts.detail}</span>}
        <span className="flex-1" />
        <When from={from} at={step.at} />
      </div>
      {step.text && (
        <div className="mt-2 text-sm text-slate-800">
          <MarkdownText prefix={prefix}>{capped(step.text)}</MarkdownText>
        </div>
      )}
    </div>
  );
});
