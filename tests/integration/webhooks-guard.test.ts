// Targets Charter must not reach and receivers that misbehave: a name resolving to loopback, a
// redirect into link-local, a redirect loop, a receiver that never answers or answers without end.
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { sendWebhook } from "@/lib/services/webhooks/send";
import { startReceiver } from "../support/webhook-receiver";

const allowPrivate = (on: boolean) => { process.env.CHARTER_WEBHOOK_ALLOW_PRIVATE = on ? "1" : "0"; resetEnvCache(); };
afterEach(() => allowPrivate(false));
const post = (url: string, timeoutMs?: number) => sendWebhook(url, { "webhook-id": "x" }, "{}", { timeoutMs });

describe("webhook targets", () => {
  it("refuses a DNS name that resolves to loopback, and the address itself, without connecting", async () => {
    const rx = await startReceiver();
    try {
      allowPrivate(false);
      const byName = await post(`https://localhost:${rx.port}/`);
      expect(byName).toMatchObject({ statusCode: null, error: expect.stringMatching(/^The host localhost resolves to (127\.0\.0\.1|::1), a loopback/) });
      expect((await post(`https://127.0.0.1:${rx.port}/`)).error).toMatch(/loopback/);
      expect((await post(`http://localhost:${rx.port}/`)).error).toMatch(/must be an https URL/);
      expect(rx.received).toHaveLength(0);
      allowPrivate(true);
      expect((await post(`http://localhost:${rx.port}/`)).statusCode).toBe(200);
      expect(rx.received).toHaveLength(1);
    } finally {
      await rx.close();
    }
  });

  it("re-checks a redirect: one into link-local (the metadata address) is refused", async () => {
    allowPrivate(true);
    const rx = await startReceiver((_r, _n, res) => { res.statusCode = 307; res.setHeader("location", "http://169.254.169.254/latest/meta-data"); res.end(); });
    try {
      const res = await post(`${rx.url}/hook`);
      expect(res.statusCode).toBeNull();
      expect(res.error).toContain("169.254.169.254");
      expect(rx.received).toHaveLength(1);
    } finally {
      await rx.close();
    }
  });

  it("follows a few redirects, then stops a redirect loop", async () => {
    allowPrivate(true);
    const rx = await startReceiver((r, _n, res) => {
      res.statusCode = 308;
      res.setHeader("location", r.path === "/a" ? "/b" : r.path === "/b" ? "/done" : r.path === "/done" ? "" : "/loop");
      if (r.path === "/done") { res.statusCode = 200; res.removeHeader("location"); }
      res.end();
    });
    try {
      expect(await post(`${rx.url}/a`)).toMatchObject({ statusCode: 200, error: null });
      const loop = await post(`${rx.url}/loop`);
      expect(loop.error).toMatch(/redirects/);
      expect(rx.received.filter((r) => r.path === "/loop")).toHaveLength(4);
    } finally {
      await rx.close();
    }
  });

  it("gives up on a receiver that never answers, and reads no more than a cap of an endless answer", async () => {
    allowPrivate(true);
    const hang = await startReceiver(() => undefined);
    const flood = http.createServer((_req, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 120);
      const pump = () => { while (res.write(chunk)); };
      res.on("drain", pump);
      pump();
    });
    await new Promise<void>((resolve) => flood.listen(0, "127.0.0.1", resolve));
    try {
      const started = Date.now();
      const slow = await post(hang.url, 500);
      expect(slow.error).toMatch(/No answer within/);
      expect(Date.now() - started).toBeLessThan(3_000);
      const big = await post(`http://127.0.0.1:${(flood.address() as { port: number }).port}/`, 5_000);
      expect(big).toMatchObject({ statusCode: 200, error: null });
    } finally {
      await hang.close();
      flood.closeAllConnections();
      flood.close();
    }
  });
});
