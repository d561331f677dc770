// A drain's keep-alive pool against a receiver that closes kept connections: the request that meets a
// connection the receiver reset before answering is sent again once, on a fresh connection, within
// the same attempt; a reset of a fresh connection, or after an answer began, stays a failed attempt.
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { sendAgent, sendWebhook } from "@/lib/services/webhooks/send";

const allowPrivate = (on: boolean) => { process.env.CHARTER_WEBHOOK_ALLOW_PRIVATE = on ? "1" : "0"; resetEnvCache(); };
afterEach(() => allowPrivate(false));

const BODY = "{}";
const OK = "HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: keep-alive\r\n\r\n";

/**
 * A raw receiver: each connection is answered by `onRequest` with its request number on that
 * connection (1, 2, …); it returns what to do: answer 200, or reset the connection unanswered (RST).
 */
async function rawReceiver(onRequest: (nOnConnection: number) => "ok" | "reset" | "partial-reset") {
  let connections = 0;
  let requests = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffered = "";
    let n = 0;
    socket.on("data", (chunk) => {
      buffered += chunk.toString("latin1");
      // the drain's requests are small: one is whole when its headers and the 2-byte body are in
      while (buffered.includes("\r\n\r\n") && buffered.slice(buffered.indexOf("\r\n\r\n") + 4).length >= BODY.length) {
        buffered = buffered.slice(buffered.indexOf("\r\n\r\n") + 4 + BODY.length);
        n += 1;
        requests += 1;
        const act = onRequest(n);
        if (act === "ok") socket.write(OK);
        // the first bytes of an answer, then (once the client has read them) a reset
        else if (act === "partial-reset") socket.write("HTTP/1.1 2", () => setTimeout(() => socket.resetAndDestroy(), 100));
        else socket.resetAndDestroy();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hook`,
    counts: () => ({ connections, requests }),
    close: () => { for (const s of sockets) s.destroy(); return new Promise<void>((r) => server.close(() => r())); },
  };
}

const send = (url: string, agent: ReturnType<typeof sendAgent>) => sendWebhook(url, { "webhook-id": "x" }, BODY, { agent, timeoutMs: 5_000 });

describe("a drain's kept connection reset by the receiver", () => {
  it("is sent again on a fresh connection in the same attempt: the delivery succeeds", async () => {
    allowPrivate(true);
    // the receiver closed the kept connection: the next request on it meets a reset
    const rx = await rawReceiver((n) => (n === 1 ? "ok" : "reset"));
    const agent = sendAgent();
    try {
      expect(await send(rx.url, agent)).toMatchObject({ statusCode: 200, error: null });
      expect(await send(rx.url, agent)).toMatchObject({ statusCode: 200, error: null });
      // one request reset on the kept connection, then one on a new connection
      expect(rx.counts()).toEqual({ connections: 2, requests: 3 });
    } finally {
      agent.destroy();
      await rx.close();
    }
  });

  it("a reset of a fresh connection, or after an answer began, is a failed attempt, not sent again", async () => {
    allowPrivate(true);
    const fresh = await rawReceiver(() => "reset");
    const partial = await rawReceiver((n) => (n === 1 ? "ok" : "partial-reset"));
    const agent = sendAgent();
    try {
      const res = await send(fresh.url, agent);
      expect(res.statusCode).toBeNull();
      expect(res.error).toMatch(/ECONNRESET|socket hang up/);
      expect(fresh.counts()).toEqual({ connections: 1, requests: 1 });
      expect((await send(partial.url, agent)).statusCode).toBe(200);
      expect((await send(partial.url, agent)).statusCode).toBeNull();
      expect(partial.counts()).toEqual({ connections: 1, requests: 2 });
    } finally {
      agent.destroy();
      await Promise.all([fresh.close(), partial.close()]);
    }
  });
});
