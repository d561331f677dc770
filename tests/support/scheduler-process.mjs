// A scheduler in a process of its own, for the exactly-once test: evaluates the routine windows due
// at each clock value given as an argument, against DATABASE_URL, and prints how many runs it recorded.
import { tsImport } from "tsx/esm/api";

const { fireDueRoutines } = await tsImport("../../lib/services/routines/scheduler.ts", import.meta.url);
const { disconnectDb } = await tsImport("../../lib/db/client.ts", import.meta.url);
let recorded = 0;
for (const iso of process.argv.slice(2)) {
  // each clock value twice: a second pass over the same windows must find nothing left
  for (let pass = 0; pass < 2; pass++) recorded += await fireDueRoutines({ now: new Date(iso), parallel: 3 });
}
await disconnectDb();
process.stdout.write(JSON.stringify({ recorded }));
