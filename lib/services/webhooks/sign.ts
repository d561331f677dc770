// Standard Webhooks signing (https://www.standardwebhooks.com) with the reference implementation.
// During a rotation's overlap both secrets sign, space-separated, so receivers verify with either.
import { Webhook } from "standardwebhooks";

export function signatureHeaders(secrets: string[], eventId: string, body: string, at = new Date()): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(eventId, at, body));
  return {
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}
