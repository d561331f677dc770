"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { fetchWebhookDeliveries, redeliverWebhookDelivery, webhookKeys, type WebhookDeliveryDto } from "@/lib/queries/webhooks";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";

const tone: Record<WebhookDeliveryDto["status"], BadgeTone> = { pending: "amber", delivered: "green", failed: "red" };
const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "—");

/** A subscription's delivery log, newest first, a page at a time ("Show older"), refreshed while anything is pending. */
export function WebhookDeliveries({ companyId, webhookId }: { companyId: string; webhookId: string }) {
  const queryClient = useQueryClient();
  const key = webhookKeys.deliveries(companyId, webhookId);
  const query = useInfiniteQuery({
    queryKey: key, queryFn: ({ pageParam }) => fetchWebhookDeliveries(webhookId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (q) => (q.state.data?.pages.some((p) => p.items.some((d) => d.status === "pending")) ? 2_000 : 10_000),
  });
  const { isPending } = query;
  const deliveries = query.data?.pages.flatMap((p) => p.items);
  const redeliver = useMutation({
    mutationFn: (id: string) => redeliverWebhookDelivery(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  if (isPending) return <p className="px-4 py-3 text-sm text-slate-500">Loading deliveries…</p>;
  if (!deliveries || deliveries.length === 0) return <p className="px-4 py-3 text-sm text-slate-500">No deliveries yet: each event sent to this webhook appears here with its status. Send a test to see one.</p>;
  return (
    <>
      <Table aria-label="Delivery log">
        <THead>
          <tr>
            <TH>Event</TH><TH>Status</TH><TH className="hidden sm:table-cell">Response</TH>
            <TH className="hidden md:table-cell">Attempts</TH><TH className="hidden md:table-cell">When</TH><TH><span className="sr-only">Actions</span></TH>
          </tr>
        </THead>
        <TBody>
          {deliveries.map((d) => (
            <TR key={d.id} data-testid="webhook-delivery" data-event-type={d.eventType} data-status={d.status}>
              <TD className="whitespace-nowrap font-mono text-xs" title={d.eventId}>{d.eventType}</TD>
              <TD><Badge tone={tone[d.status]}>{d.status}</Badge></TD>
              <TD className="hidden max-w-64 truncate text-xs sm:table-cell" title={d.lastError ?? undefined}>
                {d.lastStatusCode ?? "—"}{d.durationMs !== null ? ` · ${d.durationMs} ms` : ""}{d.lastError ? ` · ${d.lastError}` : ""}
              </TD>
              <TD className="hidden text-xs md:table-cell">{d.attempts}</TD>
              <TD className="hidden whitespace-nowrap text-xs md:table-cell">
                {d.status === "pending" ? `next ${time(d.nextAttemptAt)}` : time(d.deliveredAt ?? d.createdAt)}
              </TD>
              <TD className="text-right">
                <Button size="sm" variant="ghost" pending={redeliver.isPending && redeliver.variables === d.id} onClick={() => redeliver.mutate(d.id)}
                  aria-label={`Redeliver ${d.eventType}`}>Redeliver</Button>
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
      {query.hasNextPage && (
        <div className="px-4 py-3">
          <Button variant="secondary" size="sm" onClick={() => query.fetchNextPage()} pending={query.isFetchingNextPage}>Show older deliveries</Button>
        </div>
      )}
    </>
  );
}
