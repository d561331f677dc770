// GET /llms/agent-configuration.txt: public plain text naming every adapter type and every key of the
// schemas the runtime reads adapterConfig and runtimeConfig with, each with its description and default.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { adapterConfigSchema, runtimeConfigSchema } from "@/lib/runtime/config";
import { adapterTypes } from "@/lib/schemas/agents";
import { call, client } from "../support/api";
import { createWorld } from "../factories";

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType; shape?: Record<string, z.ZodType>; defaultValue?: unknown };
const defOf = (s: z.ZodType) => (s as unknown as { def: Def }).def;

/** The object inside wrappers (default, catch, optional, nullable, pipe), or null for a leaf. */
function objectIn(s: z.ZodType): z.ZodObject<z.ZodRawShape> | null {
  const def = defOf(s);
  if (def.type === "object") return s as z.ZodObject<z.ZodRawShape>;
  const inner = def.innerType ?? def.in;
  return inner ? objectIn(inner) : null;
}

/** Every key of a config schema, nested ones as `parent.key`, walked from the zod objects themselves. */
function keysOf(schema: z.ZodObject<z.ZodRawShape>, prefix = ""): string[] {
  return Object.entries(schema.shape).flatMap(([name, field]) => {
    const nested = objectIn(field as z.ZodType);
    return [`${prefix}${name}`, ...(nested ? keysOf(nested, `${prefix}${name}.`) : [])];
  });
}

/** The schema's default of a key, if it has one (the outermost `default` wrapper). */
function defaultOf(s: z.ZodType): { value: unknown } | null {
  const def = defOf(s);
  if (def.type === "default") return { value: def.defaultValue };
  return def.innerType && def.type !== "object" ? defaultOf(def.innerType) : null;
}

/** The key's .describe() text, on the field or on a schema it wraps. */
function descriptionOf(s: z.ZodType): string | undefined {
  if (s.description) return s.description;
  const def = defOf(s);
  const inner = def.type === "object" ? undefined : def.innerType ?? def.in;
  return inner ? descriptionOf(inner) : undefined;
}

async function text() {
  const res = await call("GET", "/llms/agent-configuration.txt");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  return res.text;
}

/** The entry of `key`: its head line and the description under it. */
function entry(body: string, key: string) {
  const m = new RegExp(`^${key.replace(/\./g, "\\.")} \\(([^\\n]*)\\)\\n {4}([^\\n]+)$`, "m").exec(body);
  return m ? { head: m[1], description: m[2] } : null;
}

describe("GET /llms/agent-configuration.txt", () => {
  it("is public plain text naming every adapter type", async () => {
    const body = await text();
    for (const type of adapterTypes) expect(body).toMatch(new RegExp(`^${type}\\n {4}\\S`, "m"));
  });

  it("has an entry for every adapterConfig and runtimeConfig key, with the schema's description and default", async () => {
    const body = await text();
    const sections = { adapterConfig: adapterConfigSchema, runtimeConfig: runtimeConfigSchema };
    for (const [section, schema] of Object.entries(sections)) {
      const part = body.split(`## ${section}\n`)[1].split("\n## ")[0];
      const keys = keysOf(schema as z.ZodObject<z.ZodRawShape>);
      expect(keys.length).toBeGreaterThan(3);
      for (const key of keys) {
        const e = entry(part, key);
        expect(e, `${section}.${key}`).not.toBeNull();
        // every key is described in the schema (.describe()), and that text is what the entry says
        let field = (schema as z.ZodObject<z.ZodRawShape>) as z.ZodType;
        for (const name of key.split(".")) field = objectIn(field)!.shape[name] as z.ZodType;
        expect(descriptionOf(field), `${section}.${key} has no .describe()`).toBeTruthy();
        expect(e!.description).toBe(descriptionOf(field));
        const d = defaultOf(field);
        if (d) expect(e!.head, key).toContain(`default ${JSON.stringify(d.value)}`);
        else expect(e!.head, key).not.toContain("default");
      }
      // and nothing else: no entry for a key the schema does not have
      const listed = [...part.matchAll(/^([A-Za-z.]+) \(/gm)].map((m) => m[1]);
      expect(listed.sort()).toEqual([...keys].sort());
    }
  });

  it("links the skill and the icon list", async () => {
    const body = await text();
    expect(body).toContain("/llms/skill.md");
    expect(body).toContain("/llms/agent-icons.txt");
  });

  it("is linked, with the skill, from an invite's onboarding text", async () => {
    const w = await createWorld();
    const invite = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/gateway/invite-prompt`, {});
    expect(invite.status).toBe(201);
    const onboarding = await call("GET", new URL(invite.body.onboardingUrl).pathname);
    expect(onboarding.status).toBe(200);
    const base = new URL(invite.body.onboardingUrl).origin;
    expect(onboarding.text).toContain(`${base}/llms/skill.md`);
    expect(onboarding.text).toContain(`${base}/llms/agent-configuration.txt`);
    expect(onboarding.text).toContain("GET /api/agents/me/inbox");
  });
});
