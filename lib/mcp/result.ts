// Tool answers: the service's JSON as text; an error as the API's {error, code, details?} with
// isError, so a model reads the same messages an agent calling /api would.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { toAppError } from "@/lib/http/respond";
import { log } from "@/lib/log";

const ok = (value: unknown): CallToolResult => ({ content: [{ type: "text", text: JSON.stringify(value ?? null) }] });

function failed(err: unknown): CallToolResult {
  const app = toAppError(err);
  if (!app) log.error("mcp tool failed", { error: err instanceof Error ? err.stack ?? err.message : String(err) });
  const body = app
    ? { error: app.message, code: app.code, ...(app.details === undefined ? {} : { details: app.details }) }
    : { error: "Internal server error", code: "internal" };
  return { isError: true, content: [{ type: "text", text: JSON.stringify(body) }] };
}

/** Runs a tool body; anything thrown becomes an error result (never a transport failure). */
export async function run(fn: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return ok(await fn());
  } catch (err) {
    return failed(err);
  }
}
