// Live events across instances (docs/design.md §2): one dedicated LISTEN connection per app process on
// `charter_events` (raised by the ActivityLog trigger and by run log appends, in the writing
// transaction), fanned out in memory to the SSE streams of each company. After a reconnect every
// subscriber gets a `resync`, since events may have been missed meanwhile.
import pg from "pg";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { CONNECT_TIMEOUT_MS } from "@/lib/db/client";

export interface LiveEvent {
  companyId: string;
  entityType: string;
  entityId: string;
  action: string;
  activityId?: string;
}

type Listener = (event: LiveEvent) => void;

// While the database is away, try again every second at most (a refused connection costs nothing),
// so streams hear of changes again within about a second of its return.
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 1_000;

export class EventHub {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();
  private retryMs = RETRY_MIN_MS;
  private closed = false;

  constructor(private readonly url: () => string) {}

  /** Resolves once this process is listening, so nothing committed afterwards is missed. */
  async subscribe(companyId: string, fn: Listener): Promise<() => void> {
    let set = this.listeners.get(companyId);
    if (!set) this.listeners.set(companyId, (set = new Set()));
    set.add(fn);
    const unsubscribe = () => {
      set.delete(fn);
      if (set.size === 0 && this.listeners.get(companyId) === set) this.listeners.delete(companyId);
    };
    try {
      await this.ensureConnected();
    } catch (e) {
      unsubscribe();
      throw e;
    }
    return unsubscribe;
  }

  get subscriberCount(): number {
    let n = 0;
    for (const s of this.listeners.values()) n += s.size;
    return n;
  }

  private ensureConnected(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url(), connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    client.on("notification", (n) => this.dispatch(n.payload));
    client.on("error", () => this.lost(client));
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      await client.query("LISTEN charter_events");
    } catch (e) {
      await client.end().catch(() => {});
      throw e;
    }
    this.client = client;
    this.retryMs = RETRY_MIN_MS;
  }

  private dispatch(payload: string | undefined) {
    if (!payload) return;
    let event: LiveEvent;
    try {
      event = JSON.parse(payload) as LiveEvent;
    } catch {
      return;
    }
    for (const fn of this.listeners.get(event.companyId) ?? []) fn(event);
  }

  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    if (this.closed) return;
    log.warn("live events lost their database connection; reconnecting");
    const retry = () => {
      if (this.closed || this.listeners.size === 0) return;
      this.ensureConnected().then(
        () => {
          for (const [companyId, set] of this.listeners) {
            for (const fn of set) fn({ companyId, entityType: "company", entityId: companyId, action: "resync" });
          }
        },
        () => {
          this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
          setTimeout(retry, this.retryMs).unref();
        },
      );
    };
    setTimeout(retry, this.retryMs).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}

const g = globalThis as unknown as { __charterEvents?: EventHub };

/** This process's hub (created on first use). */
export function eventHub(): EventHub {
  g.__charterEvents ??= new EventHub(() => {
    const url = env().DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set");
    return url;
  });
  return g.__charterEvents;
}

/** Tests point the process at another database: drop the hub with its connection. */
export async function resetEventHub(): Promise<void> {
  const hub = g.__charterEvents;
  g.__charterEvents = undefined;
  await hub?.close();
}

const KEEPALIVE_MS = 25_000;

/**
 * The answer to a new stream while the database is unavailable: an event stream that only asks the
 * browser to come back in two seconds, and ends. EventSource reconnects after a stream that ends,
 * but gives up for good on any answer that is not a 200 event stream, such as a 503.
 */
export function sseRetryLater(requestId: string | null): Response {
  return new Response("retry: 2000\n\nevent: unavailable\ndata: {\"code\":\"unavailable\"}\n\n", {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", ...(requestId ? { "x-request-id": requestId } : {}) },
  });
}

/**
 * A Server-Sent Events stream of one company's events: `ready` once listening, then one `change`
 * event per change ({companyId, entityType, entityId, action}), and a comment every 25 s so proxies
 * keep the connection open. Ends when the client goes away.
 */
export function sseResponse(hub: EventHub, companyId: string, signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      send("retry: 2000\n\n");
      let unsubscribe: () => void;
      try {
        unsubscribe = await hub.subscribe(companyId, (e) => send(`event: change\ndata: ${JSON.stringify(e)}\n\n`));
      } catch {
        send(`event: error\ndata: {"error":"live events are unavailable"}\n\n`);
        controller.close();
        return;
      }
      const keepalive = setInterval(() => send(": keepalive\n\n"), KEEPALIVE_MS);
      keepalive.unref();
      let done = false;
      cleanup = () => {
        if (done) return;
        done = true;
        clearInterval(keepalive);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      if (signal.aborted) return cleanup();
      signal.addEventListener("abort", cleanup, { once: true });
      send(`event: ready\ndata: ${JSON.stringify({ companyId })}\n\n`);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform: compression would hold events back
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
}
