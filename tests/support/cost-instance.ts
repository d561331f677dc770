// A second Charter instance for the budget concurrency tests: its own process and its own pg pool,
// recording cost events through the same service the API route uses. It reads one JSON array of
// events per line on stdin, records them all at once and answers each batch with one JSON line.
import readline from "node:readline";
import { recordReportedCost, type CostEventInput } from "@/lib/services/costs";

const outcome = (r: Awaited<ReturnType<typeof recordReportedCost>>) => ({
  spentMonthlyCents: r.budget.state?.agentSpentCents ?? 0, pausedAgentIds: r.budget.pausedAgentIds,
});

for await (const line of readline.createInterface({ input: process.stdin })) {
  const events = JSON.parse(line) as CostEventInput[];
  const answers = await Promise.all(events.map((e) => recordReportedCost(e).then(outcome, (err: Error) => ({ error: err.message }))));
  process.stdout.write(`${JSON.stringify(answers)}\n`);
}
