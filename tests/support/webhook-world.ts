// A company with one webhook subscription to a local receiver, and events fanned out to it.
import { db } from "@/lib/db/client";
import { uuidv7 } from "@/lib/ids";
import { fanOutWebhooks } from "@/lib/services/webhooks/fan-out";
import { client } from "./api";
import { createWorld } from "../factories";

export async function subscribe(url: string, extra: Record<string, unknown> = {}) {
  const w = await createWorld();
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/webhooks`, { url, eventTypes: ["issue.created"], ...extra });
  if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${JSON.stringify(res.body)}`);
  return { w, sub: res.body as { id: string; secret: string } };
}

/** `n` issue.created events of the company, fanned out in one relay transaction; their ids in order. */
export async function fanOut(companyId: string, n: number): Promise<string[]> {
  const events = Array.from({ length: n }, (_, i) => ({
    id: uuidv7(), companyId, type: "issue.created" as const, occurredAt: new Date(), subjectType: "issue", subjectId: uuidv7(),
    actorType: "system" as const, actorId: null,
    data: { issueId: uuidv7(), identifier: `T-${i}`, title: `Event ${i}`, status: "todo", priority: "medium", assigneeAgentId: null, parentId: null },
  }));
  await db().$transaction((tx) => fanOutWebhooks(tx, events));
  return events.map((e) => e.id);
}
