// GET /llms/skill.md: the agent skill, public markdown with Agent Skills front matter. It cannot drift
// from the API: every `METHOD /api/...` it names is an operation of the OpenAPI document, every curl
// example's path, query parameters and body fields are that operation's, each example body is valid
// for the route's own zod schema, and every example, run as a CEO agent would run it, is accepted.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { db } from "@/lib/db/client";
import { agentSkillMarkdown } from "@/lib/llms/skill";
import { skillEndpoints } from "@/lib/llms/skill-reference";
import { apiEndpoints, openApiDocument } from "@/app/api/api-document";
import { call, client } from "../support/api";
import { createAgent, createWorld } from "../factories";

type Schema = { $ref?: string; properties?: Record<string, Schema>; required?: string[]; allOf?: Schema[]; anyOf?: Schema[]; oneOf?: Schema[] };
type Operation = { parameters?: Array<{ name: string; in: string }>; requestBody?: { content: Record<string, { schema: Schema }> } };

const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
const skill = agentSkillMarkdown();

/** The spec's `:name` path in the document's form. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

function operation(method: string, path: string): Operation | undefined {
  return doc.paths[openApiPath(path)]?.[method.toLowerCase()];
}

/** A schema with $refs and allOf resolved to the object schemas it is made of. */
function objectsOf(schema: Schema): Schema[] {
  if (schema.$ref) return objectsOf(doc.components.schemas[schema.$ref.replace("#/components/schemas/", "")]);
  const parts = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return parts.length ? parts.flatMap(objectsOf) : [schema];
}

interface Curl {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
  text: string;
}

/** Every curl example of the skill: method, the URL's path and query, and the JSON body it sends. */
function curls(markdown: string): Curl[] {
  return [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map(([, text]) => {
    const cmd = text.replace(/\\\n\s*/g, " ");
    const method = /-X (\w+)/.exec(cmd)?.[1] ?? "GET";
    const url = /"\$SERVICE_API_URL([^"]+)"/.exec(cmd)![1];
    const [path, query = ""] = url.split("?");
    const data = /-d "((?:[^"\\]|\\.)*)"/.exec(cmd)?.[1];
    // the shell's double quotes: \" \\ \` are the characters themselves; $VARS stay as written
    const body = data === undefined ? undefined : (JSON.parse(data.replace(/\\(["\\`])/g, "$1")) as Record<string, unknown>);
    return { method, path, query: new URLSearchParams(query), body, text };
  });
}

/**
 * The document path (`{name}` parameters) that a concrete example path is a call of: static segments
 * equal, a parameter's segment a shell variable; a static match wins (/api/agents/me, not {agentId}).
 */
function documentPathOf(path: string): string | undefined {
  const segs = path.split("/");
  const fits = (p: string) => {
    const ps = p.split("/");
    return ps.length === segs.length && ps.every((x, i) => x === segs[i] || (/^\{\w+\}$/.test(x) && segs[i].startsWith("$")));
  };
  const params = (p: string) => (p.match(/\{/g) ?? []).length;
  return Object.keys(doc.paths).filter(fits).sort((a, b) => params(a) - params(b))[0];
}

/** Body fields the example sends that the operation's request schema does not have (nested objects too). */
function unknownFields(value: Record<string, unknown>, schema: Schema, at = ""): string[] {
  const objects = objectsOf(schema).filter((s) => s.properties);
  if (objects.length === 0) return []; // a free-form object (a payload record): any field
  return Object.entries(value).flatMap(([name, v]) => {
    const field = objects.map((o) => o.properties![name]).find(Boolean);
    if (!field) return [`${at}${name}`];
    return v && typeof v === "object" && !Array.isArray(v) ? unknownFields(v as Record<string, unknown>, field, `${at}${name}.`) : [];
  });
}

const requestSchema = (op: Operation) => op.requestBody?.content["application/json"]?.schema;

describe("GET /llms/skill.md", () => {
  it("is public markdown: Agent Skills front matter (name: charter, a description of when to use it) and the body", async () => {
    const res = await call("GET", "/llms/skill.md");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(res.text).toBe(skill);
    const front = /^---\n([\s\S]*?)\n---\n/.exec(res.text);
    expect(front).not.toBeNull();
    const lines = front![1].split("\n");
    expect(lines[0]).toBe("name: charter");
    // a folded block scalar: its indented lines joined by spaces
    expect(lines[1]).toBe("description: >-");
    expect(lines.slice(2).every((l) => l.startsWith("  "))).toBe(true);
    const description = lines.slice(2).map((l) => l.trim()).join(" ");
    expect(description.length).toBeGreaterThan(100);
    expect(description.length).toBeLessThanOrEqual(1024);
    expect(description).toMatch(/Use it on every heartbeat/);
    expect(res.text.slice(front![0].length)).toMatch(/^\n# Charter\n/);
  });

  it("names only operations of the OpenAPI document", () => {
    const named = [...skill.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/api\/[^\s`)*,;]+)/g)].map(([, method, path]) => ({ method, path: path.replace(/[.:]$/, "") }));
    expect(named.length).toBeGreaterThan(25);
    const missing = named.filter(({ method, path }) => !operation(method, path)).map(({ method, path }) => `${method} ${path}`);
    expect(missing).toEqual([]);
    // and every endpoint of the reference is named with its curl
    for (const e of skillEndpoints()) expect(skill).toContain(`**${e.method} ${e.path}**`);
  });

  it("holds every curl example's path, query parameters and body fields to the document", () => {
    const examples = curls(skill);
    expect(examples.length).toBe(skillEndpoints().length);
    for (const c of examples) {
      const path = documentPathOf(c.path);
      expect(path, c.text).toBeDefined();
      const op = doc.paths[path!][c.method.toLowerCase()];
      expect(op, `${c.method} ${path}`).toBeDefined();
      const queryNames = new Set((op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name));
      for (const name of c.query.keys()) expect(queryNames.has(name), `${c.method} ${path} ?${name}`).toBe(true);
      const schema = requestSchema(op);
      if (!c.body) continue;
      expect(schema, `${c.method} ${path} takes no JSON body`).toBeDefined();
      expect(unknownFields(c.body, schema!), `${c.method} ${path}`).toEqual([]);
      // the example sends what the operation requires
      const required = objectsOf(schema!).flatMap((s) => s.required ?? []);
      for (const name of required) expect(c.body, `${c.method} ${path} requires ${name}`).toHaveProperty(name);
    }
  });

  it("lists each route's own body schema, and each example body is valid for it", () => {
    const routes = apiEndpoints();
    const anId = "01960000-0000-7000-8000-000000000000";
    for (const e of skillEndpoints()) {
      const route = routes.find((r) => r.method === e.method && r.path === openApiPath(e.path));
      expect(route, `${e.method} ${e.path}`).toBeDefined();
      expect(e.bodySchema, `${e.method} ${e.path}`).toBe(route!.doc?.body as z.ZodType | undefined);
      if (e.querySchema) expect(e.querySchema, `${e.method} ${e.path}`).toBe(route!.doc?.query);
      if (!e.body) continue;
      const concrete = JSON.parse(JSON.stringify(e.body).replace(/\$[A-Z_]+/g, anId));
      const parsed = (route!.doc!.body as z.ZodType).safeParse(concrete);
      expect(parsed.error?.issues ?? [], `${e.method} ${e.path}`).toEqual([]);
    }
  });

  it("has examples that work: each one, run in order by a CEO agent with its wake's values, is accepted", async () => {
    const w = await createWorld();
    const { ceo } = w;
    await db().agent.update({ where: { id: ceo.id }, data: { adapterType: "claude_local", adapterConfig: { cwd: "/tmp" } } });
    await db().approval.create({ data: { companyId: w.company.id, type: "approve_ceo_strategy", requestedByAgentId: ceo.id, status: "approved", payload: { plan: "p" } } });
    const report = await createAgent(w.company.id, { role: "engineer", reportsToId: ceo.id });
    // a project that verifies and names the CEO its reviewer, for the verified-done examples
    const project = await db().project.create({ data: { companyId: w.company.id, name: "Checked", verification: { command: "true" }, review: { kind: "agent", agentId: ceo.id } } });
    const issue = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Task", assigneeAgentId: ceo.id, projectId: project.id });
    const comment = await client(w.tokens.owner).post(`/api/issues/${issue.body.id}/comments`, { body: "hello" });
    const routine = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/routines`, { name: "Weekly report", assigneeAgentId: report.id });
    const site = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/projects`, { name: "Site", verification: { command: "npm", args: ["test"] } });
    const values: Record<string, string> = {
      SERVICE_AGENT_ID: ceo.id, SERVICE_COMPANY_ID: w.company.id, SERVICE_TASK_ID: issue.body.id, SERVICE_WAKE_COMMENT_ID: comment.body.id,
      REPORT_ID: report.id, AGENT_ID: report.id, ROUTINE_ID: routine.body.id, PROJECT_ID: site.body.id,
    };
    const fill = (s: string) => s.replace(/\$([A-Z_]+)/g, (_m, name: string) => values[name] ?? `<unset ${name}>`);
    let ran = 0;
    for (const c of curls(skill)) {
      // the board's part between the agent's calls: it asks for a revision of the hire the example requested
      if (c.path.endsWith("/resubmit")) expect((await client(w.tokens.owner).post(`/api/approvals/${values.SERVICE_APPROVAL_ID}/request-revision`, {})).status).toBe(200);
      // the release example gave the task up: the board hands it back for the verification examples
      if (c.method === "POST" && c.path.endsWith("/verifications")) expect((await client(w.tokens.owner).patch(`/api/issues/${issue.body.id}`, { assigneeAgentId: ceo.id })).status).toBe(200);
      const url = fill(`${c.path}${c.query.size ? `?${c.query.toString().replace(/%2C/g, ",")}` : ""}`);
      const body = c.body === undefined ? undefined : JSON.parse(fill(JSON.stringify(c.body)));
      const res = await call(c.method, url, { token: w.tokens.ceo, body });
      expect(res.status, `${c.method} ${url}: ${res.text.slice(0, 300)}`).toBeLessThan(300);
      // the hire example's approval is the one the approval examples read, comment on and resubmit
      if (c.path.endsWith("/agent-hires")) values.SERVICE_APPROVAL_ID = res.body.approval.id;
      // the reported work product is the one the update example changes
      if (c.method === "POST" && c.path.endsWith("/work-products")) values.WORK_PRODUCT_ID = res.body.id;
      if (c.method === "POST" && c.path.endsWith("/verifications")) values.VERIFICATION_ID = res.body.id;
      // the asked question is the one the cancel example withdraws
      if (c.method === "POST" && c.path.endsWith("/questions")) values.SERVICE_QUESTION_ID = res.body.id;
      ran++;
    }
    expect(ran).toBe(skillEndpoints().length);
  });
});
