// Reads a Server-Sent Events answer of a route handler as it streams.
import { NextRequest } from "next/server";
import { GET } from "@/app/api/companies/[companyId]/events/route";

export interface SseEvent {
  event: string;
  data: any;
}

export async function openEvents(companyRef: string, token: string) {
  const abort = new AbortController();
  const req = new NextRequest(new URL(`http://charter.test/api/companies/${companyRef}/events`), {
    headers: { authorization: `Bearer ${token}` }, signal: abort.signal,
  });
  const res = await GET(req, { params: Promise.resolve({ companyId: companyRef }) });
  const events: SseEvent[] = [];
  let buffer = "";
  const streaming = (res.headers.get("content-type") ?? "").includes("event-stream");
  const reader = streaming ? res.body?.getReader() : undefined;
  const pump = (async () => {
    if (!reader) return;
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let i: number;
      while ((i = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
    }
  })();
  const waitFor = async (pred: (e: SseEvent) => boolean, what: string, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find(pred);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no SSE event: ${what} (got ${JSON.stringify(events.map((e) => e.data.action ?? e.event))})`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  if (res.status === 200) await waitFor((e) => e.event === "ready", "ready");
  return {
    res, events, waitFor,
    close: async () => {
      abort.abort();
      await reader?.cancel().catch(() => {});
      await pump;
    },
  };
}
