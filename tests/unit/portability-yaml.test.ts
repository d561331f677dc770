// The package's YAML writer and what the export scrubs from adapters and workspaces: what a YAML
// reader gets back is exactly what was written, and no value ever passes for a name.
import { describe, expect, it } from "vitest";
import { parse, parseDocument } from "yaml";
import { toYaml, withFrontMatter } from "@/lib/portability/yaml";
import { envNames, scrubAdapter, scrubWorkspace } from "@/lib/portability/export-scrub";

const awkward = [
  "", " ", "plain", "a: b", "# not a comment", "- not a list", "yes", "no", "null", "~", "true", "0", "1e3", "0x1F", "@at", "`tick`",
  "line one\nline two\n", "tab\there", "quote \" and backslash \\", "emoji 😀", "\u2028\u2029", "\u0085", "&anchor", "*alias", "!tag", "%YAML", "---", "...",
];

describe("toYaml", () => {
  it("writes every string JSON-quoted, and a YAML reader gets back exactly the value", () => {
    const value = { strings: awkward, nested: { list: [{ a: "x", b: [1, 2] }, [], {}, ["deep", ["deeper"]]], n: 0, t: true, f: false, z: null } };
    const text = toYaml(value);
    expect(parse(text)).toEqual(value);
    for (const s of awkward) expect(text).toContain(JSON.stringify(s));
  });

  it("quotes keys a reader would take for something else, and only those", () => {
    const value = { plain_key: 1, "kebab-key": 2, null: 3, True: 4, yes: 5, "123": 6, "with space": 7, "": 8, "a:b": 9, OPENAI_API_KEY: 10 };
    const text = toYaml(value);
    expect(parse(text)).toEqual(value);
    expect(text).toMatch(/^plain_key: 1$/m);
    expect(text).toMatch(/^kebab-key: 2$/m);
    expect(text).toMatch(/^OPENAI_API_KEY: 10$/m);
    expect(text).toMatch(/^"null": 3$/m);
    expect(text).toMatch(/^"True": 4$/m);
    expect(text).toMatch(/^"123": 6$/m);
  });

  it("keeps the caller's key order, leaves undefined members out and writes no anchors, aliases or tags", () => {
    const shared = { kind: "secret", requirement: "optional" };
    const text = toYaml({ z: 1, a: undefined, m: { second: shared, first: shared } });
    expect(text).toBe('z: 1\nm:\n  second:\n    kind: "secret"\n    requirement: "optional"\n  first:\n    kind: "secret"\n    requirement: "optional"\n');
    const doc = parseDocument(text);
    expect(doc.errors).toEqual([]);
    expect(text).not.toMatch(/[&*!]/);
  });

  it("puts the body right after the closing line of the front matter, byte for byte", () => {
    const body = "\n# Title\n\nText with --- inside\n---\n";
    const file = withFrontMatter({ name: "Ada", reportsTo: null }, body);
    expect(file).toBe(`---\nname: "Ada"\nreportsTo: null\n---\n${body}`);
  });
});

describe("envNames", () => {
  it("reads names from every shape adapters take, never a value, and drops PATH", () => {
    expect(envNames({ B: "1", A: "2", PATH: "/usr/bin" })).toEqual(["A", "B"]);
    expect(envNames(["TOKEN=abc", "PLAIN=x", "bare-secret-value", "=novalue"])).toEqual(["PLAIN", "TOKEN"]);
    expect(envNames([{ name: "N1", value: "v" }, { key: "N2", value: "v" }, { value: "only-a-value" }])).toEqual(["N1", "N2"]);
    expect(envNames("A=1 B=2")).toEqual([]);
    expect(envNames(null)).toEqual([]);
    expect(envNames({ "not a name": "x", "ok.name-1": "y" })).toEqual(["ok.name-1"]);
  });
});

describe("scrubAdapter", () => {
  it("keeps the type, model and timeout, declares env names by kind and names every other key", () => {
    const s = scrubAdapter("claude_local", {
      model: "claude-sonnet-4-6", timeoutSec: 900, command: "/opt/claude", cwd: "/home/me", env: { OPENAI_API_KEY: "sk-1", LOG_LEVEL: "debug", PATH: "/bin" },
      instructionsFilePath: "/home/me/AGENTS.md", dangerouslySkipPermissions: true,
    });
    expect(s.adapter).toEqual({ type: "claude_local", config: { model: "claude-sonnet-4-6", timeoutSec: 900 } });
    expect(s.env).toEqual({ LOG_LEVEL: { kind: "plain", requirement: "optional" }, OPENAI_API_KEY: { kind: "secret", requirement: "optional" } });
    expect(s.leftOut).toEqual(["command", "cwd", "dangerouslySkipPermissions", "env", "instructionsFilePath"]);
  });

  it("leaves out a model or timeout of the wrong type, and a config that is not an object", () => {
    expect(scrubAdapter("process", { model: { secret: "x" }, timeoutSec: -5 }).adapter).toEqual({ type: "process" });
    expect(scrubAdapter("http", "not an object")).toEqual({ adapter: { type: "http" }, env: undefined, leftOut: [] });
  });
});

describe("scrubWorkspace", () => {
  const ws = (over: Partial<Parameters<typeof scrubWorkspace>[0]>) => ({ name: "apollo", cwd: null, repoUrl: null, repoRef: null, isPrimary: false, ...over });

  it("removes credentials from http(s) addresses and secret query parameters, keeps other addresses byte for byte", () => {
    expect(scrubWorkspace(ws({ repoUrl: "https://x-access-token:ghs_abc@github.com/acme/apollo.git" })).workspace?.repoUrl).toBe("https://github.com/acme/apollo.git");
    expect(scrubWorkspace(ws({ repoUrl: "https://ghp_tokenonly@github.com/acme/apollo" })).workspace?.repoUrl).toBe("https://github.com/acme/apollo");
    expect(scrubWorkspace(ws({ repoUrl: "https://git.example.com/a.git?access_token=t1&ref=x" })).workspace?.repoUrl).toBe("https://git.example.com/a.git?ref=x");
    expect(scrubWorkspace(ws({ repoUrl: "ssh://git:pw@host/a.git" })).workspace?.repoUrl).toBe("ssh://git@host/a.git");
    expect(scrubWorkspace(ws({ repoUrl: "git@github.com:acme/apollo.git" })).workspace?.repoUrl).toBe("git@github.com:acme/apollo.git");
    expect(scrubWorkspace(ws({ repoUrl: "https://github.com" })).workspace?.repoUrl).toBe("https://github.com");
  });

  it("leaves out local directories and file:// repositories, with a note", () => {
    expect(scrubWorkspace(ws({ cwd: "/srv/apollo" }))).toEqual({ workspace: null, notes: ['workspace "apollo" has only a local directory (cwd); left out'] });
    expect(scrubWorkspace(ws({ repoUrl: "file:///srv/apollo.git" })).workspace).toBeNull();
    const both = scrubWorkspace(ws({ cwd: "/srv/apollo", repoUrl: "https://github.com/acme/apollo", repoRef: "main", isPrimary: true }));
    expect(both.workspace).toEqual({ name: "apollo", repoUrl: "https://github.com/acme/apollo", repoRef: "main", isPrimary: true });
    expect(both.notes).toEqual(['workspace "apollo": its local directory (cwd) is not exported']);
  });
});
