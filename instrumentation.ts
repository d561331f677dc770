// Runs once when a Next server starts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  // first: every request after this carries its socket's address, and HSTS when over https
  (await import("@/lib/auth/request-stamp")).installRequestStamp();
  const { onServerStart } = await import("@/lib/server-start");
  onServerStart();
}
