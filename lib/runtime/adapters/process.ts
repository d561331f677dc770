// `process`: spawn adapterConfig.command (with args, cwd, env) and wait for it. Without `args` the
// command is a shell line (`run-agent --fast`); with `args` it is executed directly.
import type { Adapter } from "@/lib/runtime/adapters/types";
import { failed } from "@/lib/runtime/adapters/types";
import { outcomeStatus, runProgram } from "@/lib/runtime/adapters/spawn";

export const processAdapter: Adapter = async (ctx) => {
  const cfg = ctx.run.adapterConfig;
  if (!cfg.command) return failed("adapterConfig.command is not set: nothing to run");
  const [command, args] = cfg.args ? [cfg.command, cfg.args] : ["/bin/sh", ["-c", cfg.command]];
  const outcome = await runProgram({
    command, args, cwd: cfg.cwd, env: { ...cfg.env, ...ctx.serviceEnv }, signal: ctx.signal, timeoutMs: ctx.timeoutMs, log: ctx.log,
  });
  return { ...outcomeStatus(outcome), exitCode: outcome.exitCode, usage: [] };
};
