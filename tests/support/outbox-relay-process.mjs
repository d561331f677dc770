// An outbox relay in a process of its own, for the kill -9 test: relays every undispatched event of
// DATABASE_URL in small batches through a recording fan-out that logs each event it is handed (in the
// batch's transaction) and then dawdles, so a SIGKILL lands inside an open batch.
import { tsImport } from "tsx/esm/api";

const { relayOutbox } = await tsImport("../../lib/runtime/outbox-relay.ts", import.meta.url);
const { recordingFanOut } = await tsImport("./outbox.ts", import.meta.url);
const { disconnectDb } = await tsImport("../../lib/db/client.ts", import.meta.url);
const relayed = await relayOutbox({ batch: 20, fanOuts: [recordingFanOut(Number(process.argv[2] ?? 0))] });
await disconnectDb();
process.stdout.write(JSON.stringify({ relayed }));
