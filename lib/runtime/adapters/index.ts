import type { Adapter } from "@/lib/runtime/adapters/types";
import { processAdapter } from "@/lib/runtime/adapters/process";
import { httpAdapter } from "@/lib/runtime/adapters/http";
import { claudeAdapter, codexAdapter } from "@/lib/runtime/adapters/local-cli";

export const adapters: Record<"process" | "http" | "claude_local" | "codex_local", Adapter> = {
  process: processAdapter,
  http: httpAdapter,
  claude_local: claudeAdapter,
  codex_local: codexAdapter,
};
