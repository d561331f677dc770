// A webhook delivery: POST /api/routine-triggers/:publicId/fire, authenticated by its signature
// alone. X-Charter-Signature is `sha256=` + hex HMAC-SHA256, keyed with the secret's UTF-8 bytes,
// of "<X-Charter-Timestamp>.<raw body>"; the timestamp (unix seconds) must be within 5 minutes of
// now, so a captured delivery cannot be replayed later. X-Charter-Delivery makes retries safe: a
// delivery id seen before answers the first run and writes nothing.
import { createHmac, timingSafeEqual } from "node:crypto";
import { sqlTx } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { readCapped } from "@/lib/http/body";
import { unstorable } from "@/lib/http/parse";
import { log } from "@/lib/log";
import { routineRunDto } from "@/lib/dto/routines";
import type { Db } from "@/lib/db/client";
import { openSecret } from "@/lib/services/routines/secret-box";
import { fireRoutine, RoutineGone } from "@/lib/services/routines/fire";

const WEBHOOK_MAX_BYTES = 64 * 1024;
const WEBHOOK_TOLERANCE_SEC = 300;

const refused = () => new AppError("unauthenticated", "The delivery's signature, timestamp or headers do not verify");
const deliveryIdPattern = /^[\x21-\x7e]{1,200}$/;
const signaturePattern = /^sha256=([0-9a-f]{64})$/i;

export function signDelivery(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac("sha256", Buffer.from(secret, "utf8")).update(`${timestamp}.`).update(rawBody).digest("hex")}`;
}

/** Whether the headers carry a fresh, correct signature of `raw` under `secret`. */
function verifyDelivery(secret: string, headers: Headers, raw: Buffer, now = Date.now()): boolean {
  const timestamp = headers.get("x-charter-timestamp") ?? "";
  const given = signaturePattern.exec(headers.get("x-charter-signature") ?? "");
  if (!/^\d{1,12}$/.test(timestamp) || !given) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SEC) return false;
  const expected = Buffer.from(signDelivery(secret, timestamp, raw).slice(7), "hex");
  return timingSafeEqual(expected, Buffer.from(given[1].toLowerCase(), "hex"));
}

function parsePayload(raw: Buffer): unknown {
  const text = raw.toString("utf8");
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("invalid_json", "The delivery's body is not valid JSON");
  }
  const problem = unstorable(value, "body");
  if (problem) throw new AppError("validation_error", "The delivery's body holds a value that cannot be stored", [problem]);
  return value;
}

/** Fires the routine of a webhook trigger; `first` is true for a new delivery (202), false for a repeated one (200). */
export async function fireWebhook(db: Db, publicId: string, req: Request): Promise<{ run: ReturnType<typeof routineRunDto>; first: boolean }> {
  const trigger = await db.routineTrigger.findFirst({ where: { publicId, kind: "webhook" } });
  if (!trigger) throw notFound("Trigger");
  const raw = Buffer.from(await readCapped(req, WEBHOOK_MAX_BYTES));
  const secret = trigger.secretEncrypted ? openSecret(trigger.secretEncrypted) : null;
  if (!secret) log.warn("a webhook secret cannot be opened (SESSION_SECRET changed?): rotate it", { triggerId: trigger.id });
  if (!secret || !verifyDelivery(secret, req.headers, raw)) throw refused();
  const deliveryId = req.headers.get("x-charter-delivery") ?? "";
  if (!deliveryIdPattern.test(deliveryId)) {
    throw new AppError("validation_error", "X-Charter-Delivery must be 1–200 visible ASCII characters", [{ path: "header.x-charter-delivery", message: "required" }]);
  }
  const seen = await db.routineRun.findFirst({ where: { companyId: trigger.companyId, triggerId: trigger.id, deliveryId } });
  if (seen) return { run: routineRunDto(seen), first: false };
  const payload = parsePayload(raw);
  try {
    const result = await sqlTx((exec) => fireRoutine(exec, {
      companyId: trigger.companyId, routineId: trigger.routineId, source: "webhook", triggerId: trigger.id, scheduledFor: null, deliveryId,
      payload: payload as never, timezone: "UTC", actor: null, now: new Date(),
    }));
    if (!result) throw notFound("Trigger");
    return { run: routineRunDto(result.run), first: !result.duplicate };
  } catch (e) {
    if (e instanceof RoutineGone) throw notFound("Trigger");
    throw e;
  }
}
