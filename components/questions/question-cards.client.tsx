"use client";

// The open questions agents asked the board, as cards answerable in place: one button per option (its
// effect named), the board's own words when the question allows them, and Decline. Shown in the inbox
// (the company's) and on the issue page (the issue's); nothing is rendered when none is open.
import Link from "next/link";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerQuestion, declineQuestion, fetchOpenQuestions, questionKeys, type Question, type QuestionScope } from "@/lib/queries/questions";
import { formatDateTime } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Textarea } from "@/components/ui/input";
import { ApiErrorAlert } from "@/components/forms/api-error";

type Effect = NonNullable<Question["options"][number]["effect"]>;

/** What choosing an option will do to the issue, in words. */
function effectWords(e: Effect | undefined, agentName: (id: string) => string): string | null {
  if (!e) return null;
  switch (e.kind) {
    case "set_status": return `moves the issue to ${e.status.replace(/_/g, " ")}`;
    case "assign": return `assigns it to ${agentName(e.agentId)}`;
    case "comment": return "posts a comment";
    case "create_subissue": return `creates the sub-issue “${e.title}”`;
    case "cancel": return "cancels the issue";
  }
}

function QuestionCard({ q, prefix, agentName, canAnswer, onDone }: {
  q: Question; prefix: string; agentName: (id: string) => string; canAnswer: boolean; onDone: () => Promise<void>;
}) {
  const [text, setText] = useState("");
  const answer = useMutation({ mutationFn: (optionId?: string) => answerQuestion(q.id, { ...(optionId ? { optionId } : {}), ...(text.trim() ? { text: text.trim() } : {}) }), onSuccess: onDone });
  const decline = useMutation({ mutationFn: () => declineQuestion(q.id, text.trim() || undefined), onSuccess: onDone });
  const busy = answer.isPending || decline.isPending;
  const asker = q.askedByAgentId ? agentName(q.askedByAgentId) : "A board member";
  return (
    <li className="space-y-3 px-4 py-3" data-testid="question-card" data-question-id={q.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-xs text-slate-500">
        <span>
          <span className="font-medium text-slate-700">{asker}</span> asks on{" "}
          <Link href={`/${prefix}/issues/${q.issueIdentifier}`} className="font-medium text-indigo-700 hover:underline">{q.issueIdentifier}</Link>
        </span>
        {q.expiresAt && <span>Expires {formatDateTime(q.expiresAt)}{q.defaultOptionId ? ` (then “${q.options.find((o) => o.id === q.defaultOptionId)?.label ?? q.defaultOptionId}”)` : ""}</span>}
      </div>
      <p className="whitespace-pre-wrap break-words text-sm font-medium text-slate-900">{q.prompt}</p>
      {canAnswer ? (
        <>
          <div className="flex flex-wrap gap-2" role="group" aria-label="Options">
            {q.options.map((o) => {
              const does = effectWords(o.effect, agentName);
              return (
                <Button key={o.id} size="sm" variant="secondary" disabled={busy} onClick={() => answer.mutate(o.id)} title={does ?? undefined} className="h-auto! min-h-8 max-w-full shrink! whitespace-normal! break-words py-1 text-left">
                  <span>{o.label}{does && <span className="block text-[11px] font-normal text-slate-500">{does}</span>}</span>
                </Button>
              );
            })}
          </div>
          <div className="space-y-2">
            <Textarea aria-label={q.allowText ? "Your answer or reason" : "Reason to decline"} placeholder={q.allowText ? "In your own words (optional)…" : "Why you decline (optional)…"}
              value={text} onChange={(e) => setText(e.target.value)} className="min-h-14 text-sm" />
            <div className="flex flex-wrap gap-2">
              {q.allowText && <Button size="sm" variant="primary" disabled={busy || !text.trim()} onClick={() => answer.mutate(undefined)}>Answer in words</Button>}
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => decline.mutate()}>Decline</Button>
            </div>
          </div>
          <ApiErrorAlert error={answer.error ?? decline.error} />
        </>
      ) : <p className="text-xs text-slate-500">Waiting for a board member to answer.</p>}
    </li>
  );
}

export function QuestionCards({ companyId, prefix, scope, agents, canAnswer }: {
  companyId: string; prefix: string; scope: QuestionScope; agents: { id: string; name: string }[]; canAnswer: boolean;
}) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: questionKeys.open(companyId, scope), queryFn: () => fetchOpenQuestions(companyId, scope) });
  const names = new Map(agents.map((a) => [a.id, a.name]));
  const agentName = (id: string) => names.get(id) ?? "an agent";
  const onDone = async () => {
    // the answer may change the issue, its comments and sub-issues, the inbox and the activity: all under the company
    await queryClient.invalidateQueries({ queryKey: ["companies", companyId] });
  };
  const open = query.data ?? [];
  if (open.length === 0) return null;
  return (
    <Card className="overflow-hidden p-0" data-testid="question-cards">
      <h2 className="border-b border-slate-200 px-4 py-2.5 text-sm font-semibold text-slate-900">
        {open.length === 1 ? "A question for the board" : `${open.length} questions for the board`}
      </h2>
      <ul className="divide-y divide-slate-100">
        {open.map((q) => <QuestionCard key={q.id} q={q} prefix={prefix} agentName={agentName} canAnswer={canAnswer} onDone={onDone} />)}
      </ul>
    </Card>
  );
}
