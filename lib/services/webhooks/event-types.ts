// The event types a subscription may name: the outbox catalogue's, but webhook.test, which the test
// button sends to one subscription whatever it selects.
import { eventTypes } from "@/lib/services/outbox/catalogue";

export const subscribableEventTypes: readonly string[] = eventTypes.filter((t) => t !== "webhook.test");
