"use client";

// One EventSource per board tab on the company's live events. Each change invalidates the TanStack
// Query keys of what changed (so open lists, badges and details re-read it), and is re-broadcast as
// a window event for server-rendered parts that refresh themselves (LiveRefresh).
import { useEffect } from "react";
import { useQueryClient, type Query, type QueryClient, type QueryKey } from "@tanstack/react-query";

export interface LiveChange {
  companyId: string;
  entityType: string;
  entityId: string;
  action: string;
}

export const LIVE_EVENT = "charter:change";

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

// entity type → the key segments under ["companies", id] that hold its queries (the inbox holds
// blocked and assigned issues, mentions, paused agents and failed runs)
const segments: Record<string, string[]> = {
  agent: ["agents", "inbox"],
  issue: ["issues", "inbox"],
  heartbeat_run: ["runs", "agents", "inbox"],
};

/** Resolves once the query has no fetch in flight. */
function settled(client: QueryClient, query: Query): Promise<void> {
  return new Promise((resolve) => {
    const cache = client.getQueryCache();
    const stop = cache.subscribe((e) => {
      // a query dropped from the cache has nothing left to read again
      if (e.query !== query || (e.type !== "removed" && query.state.fetchStatus !== "idle")) return;
      stop();
      resolve();
    });
  });
}

/**
 * Marks the queries under `queryKey` stale and re-reads the ones on screen. A read already in flight
 * is not cancelled (it may be a page the user asked for, "Show older runs", which a cancelled fetch
 * drops): it lands, and its query is read once more after it, since it may have begun before the change.
 */
function reread(client: QueryClient, queryKey: QueryKey) {
  const inFlight = client.getQueryCache().findAll({ queryKey, fetchStatus: "fetching" });
  void client.invalidateQueries({ queryKey }, { cancelRefetch: false });
  for (const query of inFlight) {
    void settled(client, query).then(() => client.invalidateQueries({ queryKey: query.queryKey, exact: true }, { cancelRefetch: false }));
  }
}

function invalidate(client: QueryClient, change: LiveChange) {
  // one event per transcript step: the run page refetches its transcript itself, coalescing bursts
  if (change.action === "run.transcript") return;
  if (change.action === "run.log") {
    reread(client, ["companies", change.companyId, "runs", "detail", change.entityId, "log"]);
    return;
  }
  const keys = segments[change.entityType];
  if (!keys || change.action === "resync") {
    reread(client, ["companies", change.companyId]);
    return;
  }
  for (const k of keys) reread(client, ["companies", change.companyId, k]);
}

export function LiveEvents({ companyId }: { companyId: string }) {
  const client = useQueryClient();
  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = RETRY_MIN_MS;
    // the page was rendered before this stream opened: what changed in between is read again on
    // the first `ready`, as after a gap
    let missed = true;
    const onChange = (e: MessageEvent<string>) => {
      let change: LiveChange;
      try {
        change = JSON.parse(e.data) as LiveChange;
      } catch {
        return;
      }
      invalidate(client, change);
      window.dispatchEvent(new CustomEvent<LiveChange>(LIVE_EVENT, { detail: change }));
    };
    const onReady = () => {
      delay = RETRY_MIN_MS;
      // changes may have been missed while the stream was away (or before it first opened): read everything again
      if (missed) invalidate(client, { companyId, entityType: "company", entityId: companyId, action: "resync" });
      missed = false;
    };
    const open = () => {
      source = new EventSource(`/api/companies/${companyId}/events`);
      source.addEventListener("change", onChange);
      source.addEventListener("ready", onReady);
      source.onerror = () => {
        missed = true;
        // EventSource reconnects by itself after a stream that ended, but gives up for good on an
        // answer that is not a 200 event stream (a proxy's 502, a server restarting): open a new one
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        timer = setTimeout(open, delay);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      };
    };
    open();
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, [client, companyId]);
  return null;
}
