// One HTTP attempt of a delivery: POST to the checked, pinned address, at most a few redirects (each
// checked again), 10 s for the whole attempt, and no more than 64 KiB of the answer read, so a slow,
// huge or looping receiver costs one bounded attempt and nothing else. A drain sends its batch through
// one keep-alive pool (sendAgent): a kept connection goes to an address already checked and pinned by
// this drain, and the pool is destroyed when the drain ends, so DNS is checked again by the next one.
// A kept connection the receiver closed is the pool's race, not a failed attempt (see postOnce).
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { RefusedTarget, resolveTarget, type ResolvedTarget } from "@/lib/services/webhooks/address-guard";

const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
const BODY_CAP_BYTES = 64 * 1024;

export interface SendResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** from Retry-After on a 429 or 503 */
  retryAfterSec: number | null;
}

/** One drain's connection pools (http and https), kept alive between its attempts. */
export interface SendAgent { http: http.Agent; https: https.Agent; destroy(): void }

export function sendAgent(): SendAgent {
  const h = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const s = new https.Agent({ keepAlive: true, maxSockets: 1 });
  return { http: h, https: s, destroy: () => { h.destroy(); s.destroy(); } };
}

interface Answer { statusCode: number; location: string | null; retryAfter: string | null }

function pinned(target: ResolvedTarget): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/** A kept socket the receiver had closed: reset before a byte of an answer came back (see postOnce). */
class StaleSocket extends Error {}

const isReset = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code === "ECONNRESET";

/**
 * One request of the attempt. A receiver may close an idle keep-alive connection just as the drain
 * reuses it; the request then dies with a reset before any answer, never having been read. That is the
 * pool's race, not the receiver's failure: the request is sent once more, on a connection of its own.
 */
async function postOnce(target: ResolvedTarget, headers: Record<string, string>, body: string, signal: AbortSignal, pool?: SendAgent): Promise<Answer> {
  try {
    return await post(target, headers, body, signal, pool);
  } catch (err) {
    if (!(err instanceof StaleSocket) || signal.aborted) throw err;
    return post(target, headers, body, signal);
  }
}

function post(target: ResolvedTarget, headers: Record<string, string>, body: string, signal: AbortSignal, pool?: SendAgent): Promise<Answer> {
  const { url } = target;
  const secure = url.protocol === "https:";
  const lib = secure ? https : http;
  // a kept socket is reused only for the same host and port, which this drain resolved and checked
  const agent = pool ? (secure ? pool.https : pool.http) : false;
  return new Promise((resolve, reject) => {
    const req = lib.request(url, {
      method: "POST", agent, signal, lookup: pinned(target),
      headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body), "user-agent": "Charter-Webhooks/1" },
    }, (res) => {
      let read = 0;
      const done = () => resolve({
        statusCode: res.statusCode ?? 0, location: res.headers.location ?? null, retryAfter: (res.headers["retry-after"] as string | undefined) ?? null,
      });
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > BODY_CAP_BYTES) { res.destroy(); done(); }
      });
      res.on("end", done);
      res.on("error", done);
    });
    // any byte back means the receiver read the request: a reset after it is its answer, not the pool's race
    let answered = false;
    req.on("socket", (socket) => {
      const seen = () => { answered = true; };
      socket.once("data", seen);
      req.once("close", () => socket.off("data", seen));
    });
    req.on("error", (err) => reject(req.reusedSocket && !answered && isReset(err) ? new StaleSocket(err.message) : err));
    req.end(body);
  });
}

/** Seconds to wait from a Retry-After value (delta seconds or an HTTP date), or null. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

function describe(err: unknown, signal: AbortSignal): string {
  if (signal.aborted) return `No answer within ${TIMEOUT_MS / 1000} s`;
  if (err instanceof RefusedTarget) return err.message;
  return err instanceof Error ? err.message.slice(0, 500) : "Request failed";
}

export async function sendWebhook(
  url: string, headers: Record<string, string>, body: string, opts: { timeoutMs?: number; agent?: SendAgent } = {},
): Promise<SendResult> {
  const timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  const elapsed = () => Math.round(performance.now() - started);
  let next = url;
  try {
    for (let hop = 0; ; hop++) {
      const target = await resolveTarget(next);
      const answer = await postOnce(target, headers, body, signal, opts.agent);
      if (answer.statusCode >= 300 && answer.statusCode < 400 && answer.location) {
        if (hop >= MAX_REDIRECTS) return { statusCode: answer.statusCode, error: `More than ${MAX_REDIRECTS} redirects`, durationMs: elapsed(), retryAfterSec: null };
        next = new URL(answer.location, target.url).toString();
        continue;
      }
      const ok = answer.statusCode >= 200 && answer.statusCode < 300;
      const honoursRetryAfter = answer.statusCode === 429 || answer.statusCode === 503;
      return {
        statusCode: answer.statusCode, error: ok ? null : `HTTP ${answer.statusCode}`, durationMs: elapsed(),
        retryAfterSec: honoursRetryAfter ? parseRetryAfter(answer.retryAfter) : null,
      };
    }
  } catch (err) {
    return { statusCode: null, error: describe(err, signal), durationMs: elapsed(), retryAfterSec: null };
  }
}
