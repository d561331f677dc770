// A local HTTP receiver for webhook tests: records every request and answers as the test says.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: Record<string, string>;
  body: string;
  path: string;
}

type Responder = (req: Received, n: number, res: http.ServerResponse) => void;

export async function startReceiver(respond: Responder = (_r, _n, res) => res.end("ok")) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : String(v)]));
      const entry = { headers, body: Buffer.concat(chunks).toString("utf8"), path: req.url ?? "/" };
      received.push(entry);
      respond(entry, received.length, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
