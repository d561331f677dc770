"use client";

// "Test environment": asks the server what a run of this agent would meet (its command, working
// directory, instructions file, URL, CLI version) without starting one, and lists each check.
import { useMutation } from "@tanstack/react-query";
import { testAgentEnvironment, type EnvironmentCheck } from "@/lib/queries/agents";
import { Button } from "@/components/ui/button";
import { ApiErrorAlert } from "@/components/forms/api-error";

const checkLabels: Record<string, string> = {
  command: "Command", cwd: "Working directory", instructions: "Instructions file", version: "CLI version", url: "Endpoint", secret: "Signing secret",
};

export function TestEnvironment({ agentId, note }: { agentId: string; note?: string }) {
  const test = useMutation({ mutationFn: () => testAgentEnvironment(agentId) });
  const result = test.data;
  return (
    <div className="space-y-3" data-testid="test-environment">
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => test.mutate()} pending={test.isPending}>Test environment</Button>
        {result && !test.isPending && (
          <span role="status" className={result.ok ? "text-sm font-medium text-emerald-700" : "text-sm font-medium text-red-700"}>
            {result.ok ? "Ready to run" : `${result.checks.filter((c) => !c.ok).length} of ${result.checks.length} checks failed`}
          </span>
        )}
        {note && !result && <span className="text-xs text-slate-500">{note}</span>}
      </div>
      <ApiErrorAlert error={test.error} />
      {result && <CheckList checks={result.checks} />}
    </div>
  );
}

function CheckList({ checks }: { checks: EnvironmentCheck[] }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200" aria-label="Environment checks">
      {checks.map((c) => (
        <li key={c.name} className="flex items-start gap-3 px-3 py-2 text-sm" data-check={c.name} data-ok={c.ok}>
          <span aria-hidden="true" className={c.ok ? "mt-0.5 text-emerald-600" : "mt-0.5 text-red-600"}>{c.ok ? "✓" : "✗"}</span>
          <div className="min-w-0">
            <p className="font-medium text-slate-800">{checkLabels[c.name] ?? c.name}<span className="sr-only">{c.ok ? ": passed" : ": failed"}</span></p>
            <p className="break-words text-xs text-slate-600">{c.message}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
