// Work a Next server does when it starts, outside any request.
import { env } from "@/lib/env";

/**
 * If the launcher (`npm start`) dies without stopping us, e.g. kill -9, exit too: an orphaned
 * server would hold the port and keep the next `npm start` from coming up.
 */
function exitWithLauncher() {
  const launcher = env().CHARTER_LAUNCHER_PID;
  if (!launcher) return;
  const timer = setInterval(() => {
    if (process.ppid !== launcher) process.exit(0);
  }, 1000);
  timer.unref();
}

export function onServerStart() {
  exitWithLauncher();
}
