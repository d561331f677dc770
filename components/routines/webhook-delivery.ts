// A test delivery to a webhook trigger, signed in the browser exactly as a real sender signs one:
// X-Charter-Signature is "sha256=" + hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the
// secret's UTF-8 bytes. The secret never leaves the page for this; the server only verifies.
import type { RoutineRunDto } from "@/lib/queries/routines";

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** Whether this page may sign: WebCrypto exists only in a secure context (https, or localhost). */
export const canSignHere = () => typeof crypto !== "undefined" && !!crypto.subtle;

async function signDelivery(secret: string, timestamp: string, body: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return `sha256=${hex(await crypto.subtle.sign("HMAC", key, enc.encode(`${timestamp}.${body}`)))}`;
}

export type DeliveryResult = { ok: true; status: number; run: RoutineRunDto } | { ok: false; status: number; message: string };

/**
 * Posts a small signed JSON body to the trigger's URL. The path is posted on this page's origin:
 * the URL may name the public address of the same server, which the browser could not reach
 * without CORS.
 */
export async function sendTestDelivery(url: string, secret: string): Promise<DeliveryResult> {
  const body = JSON.stringify({ test: true, source: "charter-board", sentAt: new Date().toISOString() });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const deliveryId = `board-test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const res = await fetch(new URL(url).pathname, {
    method: "POST",
    credentials: "omit",
    headers: {
      "content-type": "application/json",
      "x-charter-timestamp": timestamp,
      "x-charter-delivery": deliveryId,
      "x-charter-signature": await signDelivery(secret, timestamp, body),
    },
    body,
  });
  const json = (await res.json().catch(() => ({}))) as { error?: string } & Partial<RoutineRunDto>;
  if (res.ok && json.id) return { ok: true, status: res.status, run: json as RoutineRunDto };
  return { ok: false, status: res.status, message: json.error ?? `The delivery was refused (${res.status})` };
}
