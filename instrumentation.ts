// Runs once when a Next server starts. What must happen before Next sees a request (the front door,
// the request stamp) is not here: it is preloaded into the process (lib/http/front-door.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { onServerStart } = await import("@/lib/server-start");
  onServerStart();
}
