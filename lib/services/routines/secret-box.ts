// Webhook signing secrets at rest. Verifying an HMAC needs the key itself, so unlike API keys it
// cannot be kept as a digest; it is stored sealed with AES-256-GCM under a key derived from
// SESSION_SECRET, so a copy of the database alone (a dump, a backup) does not hold usable secrets.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "@/lib/env";

const VERSION = "v1";

function key(): Buffer {
  const secret = env().SESSION_SECRET;
  if (!secret) throw new Error("SESSION_SECRET is not set (npm start generates one for the embedded database)");
  return Buffer.from(hkdfSync("sha256", secret, "charter", "routine webhook secret", 32));
}

export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

/** The secret, or null when it cannot be opened (SESSION_SECRET changed since it was sealed: rotate it). */
export function openSecret(sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** A new signing secret: 32 random bytes, 43 characters. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

/** A Standard Webhooks secret: whsec_ and 32 random bytes in standard base64, as its reference libraries decode it. */
export const newStandardWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/** A trigger's public id: unguessable, so the URL names the trigger without revealing anything. */
export const newPublicId = () => `rtr_${randomBytes(16).toString("base64url")}`;
