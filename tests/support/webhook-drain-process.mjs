// A delivering process of its own, for the kill -9 and two-instance tests: drains one subscription
// against DATABASE_URL until nothing is left to send, and prints how many it delivered.
import { tsImport } from "tsx/esm/api";

const { drainSubscription } = await tsImport("../../lib/services/webhooks/drain.ts", import.meta.url);
const { db, disconnectDb } = await tsImport("../../lib/db/client.ts", import.meta.url);
const [subscriptionId] = process.argv.slice(2);
let delivered = 0;
for (;;) {
  const n = await drainSubscription(db(), subscriptionId, "http://charter.test");
  delivered += n;
  if (n === 0) break;
}
await disconnectDb();
process.stdout.write(JSON.stringify({ delivered }));
