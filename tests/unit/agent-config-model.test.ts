// The agent configuration form's model: fields read off the runtime's schemas, and the body a
// draft becomes (stored secrets as the marker, unknown keys kept, defaults not written).
import { describe, expect, it } from "vitest";
import { REDACTED } from "@/lib/dto/agents";
import { adapterFields, configDraftOf, configInputOf, newConfigDraft, readDescription } from "@/components/agents/adapter-config-model";

describe("agent config form model", () => {
  it("gives each adapter the keys its description names, with kinds, choices and defaults", () => {
    expect(adapterFields("http").map((f) => [f.key, f.kind])).toEqual([["url", "url"], ["secret", "secret"], ["headers", "pairs"], ["timeoutSec", "number"]]);
    const codex = Object.fromEntries(adapterFields("codex_local").map((f) => [f.key, f]));
    expect(codex.sandbox).toMatchObject({ kind: "choice", options: ["read-only", "workspace-write", "danger-full-access"], defaultText: "workspace-write" });
    expect(codex.networkAccess).toMatchObject({ kind: "boolean", defaultValue: true });
    expect(codex.allowedTools).toBeUndefined();
    expect(adapterFields("process").map((f) => f.key)).toEqual(["command", "args", "cwd", "env", "timeoutSec"]);
    expect(readDescription("claude_local: a; codex_local: b. Default: false.")).toEqual({
      segments: [{ adapters: ["claude_local"], text: "a" }, { adapters: ["codex_local"], text: "b" }], defaultText: "false",
    });
  });

  it("sends a stored secret back as the marker, keeps unknown keys, and writes no default it did not find", () => {
    const draft = configDraftOf({
      adapterType: "process", adapterConfig: { command: "run", env: { TOKEN: REDACTED }, notes: "kept" }, runtimeConfig: { loopBreaker: { maxRuns: 3 } }, budgetMonthlyCents: 1250,
    });
    draft.values["adapterConfig.env"] = [...(draft.values["adapterConfig.env"] as []), { key: "MODE", value: "fast", stored: false }];
    const { input, errors } = configInputOf(draft);
    expect(errors).toEqual({});
    expect(input).toEqual({
      adapterType: "process", adapterConfig: { notes: "kept", command: "run", env: { TOKEN: REDACTED, MODE: "fast" } },
      runtimeConfig: { loopBreaker: { maxRuns: 3 } }, budgetMonthlyCents: 1250,
    });
  });

  it("reports what the runtime's schema refuses, by field path", () => {
    const draft = newConfigDraft("http");
    draft.values["adapterConfig.url"] = "not a url";
    draft.values["runtimeConfig.maxConcurrentRuns"] = "0";
    draft.budget = "lots";
    expect(Object.keys(configInputOf(draft).errors).sort()).toEqual(["adapterConfig.url", "budgetMonthlyCents", "runtimeConfig.maxConcurrentRuns"]);
  });
});
