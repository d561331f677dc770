import Link from "next/link";

/**
 * Said before anything runs: a CEO's first checkout is refused until the board approves its
 * strategy (the strategy gate), so the user knows that block is the design, and where to act on it.
 */
export function StrategyNote({ prefix, ceoName }: { prefix: string | null; ceoName?: string | null }) {
  const ceo = ceoName ?? "The CEO";
  const approvals = prefix ? `/${prefix}/approvals` : null;
  return (
    <section aria-labelledby="strategy-note-title" className="rounded-lg border border-indigo-100 bg-indigo-50/60 px-4 py-3.5 text-sm text-slate-700" data-testid="strategy-note">
      <h2 id="strategy-note-title" className="font-semibold text-indigo-950">First, a strategy for you to approve</h2>
      <p className="mt-1.5">
        {ceo}&rsquo;s first work is a strategy for the company&rsquo;s goal, sent to the board (you) for approval.
        Until you approve it, the CEO cannot start tasks: its first attempt to take an issue is refused
        because the strategy is not approved yet. That is expected.
      </p>
      <p className="mt-1.5">
        The request appears under{" "}
        {approvals ? <Link href={approvals} className="font-medium text-indigo-700 underline-offset-2 hover:underline">Approvals</Link> : <span className="font-medium">Approvals</span>}
        ; approve it there, or ask for a revision, and the CEO carries on.
      </p>
    </section>
  );
}
