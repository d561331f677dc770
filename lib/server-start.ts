// Work a Next server does when it starts, outside any request.
import { env } from "@/lib/env";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * If the launcher (`npm start`, `npm run dev`) dies without stopping us, e.g. kill -9, exit too: an
 * orphaned server would hold the port and keep the next start from coming up. (`next dev` runs the
 * server one process further down, so this watches the launcher's pid, not our parent.)
 */
function exitWithLauncher() {
  const launcher = env().CHARTER_LAUNCHER_PID;
  if (!launcher) return;
  const timer = setInterval(() => {
    if (!alive(launcher)) process.exit(0);
  }, 1000);
  timer.unref();
}

/** The heartbeat worker runs inside every server unless CHARTER_WORKER=off (dedicated workers). */
async function startHeartbeatWorker(retryMs = 2000): Promise<void> {
  if (env().CHARTER_WORKER === "off") return;
  const { startServerWorker } = await import("@/lib/runtime/server-worker");
  startServerWorker(retryMs);
}

export function onServerStart() {
  exitWithLauncher();
  void startHeartbeatWorker();
}
