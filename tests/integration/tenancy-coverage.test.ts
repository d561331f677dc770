// Every endpoint that names an entity by id has a tenancy row: the rows of tests/integration/tenancy-cases/
// are evaluated (their paths, with placeholder ids) and matched to the route files under app/api. An
// endpoint without a row fails here with the row to write.
import { describe, expect, it } from "vitest";
import { apiRouteModules } from "@/app/api/routes.generated";
import { methodsOf } from "@/lib/openapi/document";
import { cases as companiesAgents } from "./tenancy-cases/companies-agents";
import { cases as governance } from "./tenancy-cases/governance";
import { cases as imports } from "./tenancy-cases/imports";
import { cases as issues } from "./tenancy-cases/issues";
import { cases as routines } from "./tenancy-cases/routines";
import { cases as runtime } from "./tenancy-cases/runtime";
import { cases as webhooks } from "./tenancy-cases/webhooks";
import { cases as work } from "./tenancy-cases/work";

interface Row {
  name: string;
  method: string;
  path: (w: never) => string;
}

const tables: Record<string, readonly Row[]> = { "companies-agents": companiesAgents, governance, imports, issues, routines, runtime, webhooks, work };

/**
 * Segments that name no company-scoped entity: a public routine trigger (its signature is the
 * credential), an invite's or setup's secret token, a board user's own token (another user's is 404
 * in board-tokens.test.ts), next-auth's own paths.
 */
const notEntities = new Set(["[publicId]", "[token]", "[tokenId]", "[...nextauth]", "[...path]"]);

/**
 * Endpoints whose rows their authors still owe, each with who: the list only shrinks. Remove an
 * entry when its row lands (the "has a row" test below then holds it).
 */
const rowsOwed: Record<string, string> = {};

/** A world whose every value is a placeholder: a row's path evaluates without a database. */
function placeholderWorld(): never {
  const handler: ProxyHandler<() => void> = {
    get: (_t, key) => (key === Symbol.toPrimitive ? () => "00000000-0000-4000-8000-000000000000" : proxy),
    apply: () => proxy,
  };
  const proxy: unknown = new Proxy(() => {}, handler);
  return proxy as never;
}

const routePattern = (file: string) =>
  new RegExp(`^/${file.replace(/^app\//, "").replace(/\/route\.ts$/, "").split("/").map((s) => (s.startsWith("[") ? "[^/]+" : s.replace(/[.]/g, "\\.")) ).join("/")}$`);

const idRoutes = apiRouteModules
  .filter(({ file }) => file.split("/").some((s) => s.startsWith("[") && !notEntities.has(s)))
  .flatMap(({ file, module }) => methodsOf(module).map((method) => ({ file, method, pattern: routePattern(file) })));

/** Which table an endpoint's row belongs in, by its first segments. */
function tableFor(file: string): string {
  if (/\/(issues|comments|attachments)\b/.test(file) && !/approvals/.test(file)) return "issues";
  if (/\/(goals|projects|labels|workspaces)\b/.test(file)) return "work";
  if (/\/(heartbeat-runs|events|wakeup)/.test(file)) return "runtime";
  if (/\/routines\b/.test(file)) return "routines";
  if (/\/(webhooks|webhook-deliveries)\b/.test(file)) return "webhooks";
  if (/\/imports\//.test(file)) return "imports";
  if (/\/(approvals|costs|cost-events|dashboard|agent-hires|board-invites|invites)/.test(file)) return "governance";
  return "companies-agents";
}

function suggestion(file: string, method: string): string {
  const path = file.replace(/^app/, "").replace(/\/route\.ts$/, "").replace(/\[(\w+)\]/g, (_m, p) => `\${w.refs.${p}}`);
  return `  ${method} ${file}: add to tests/integration/tenancy-cases/${tableFor(file)}.ts\n` +
    `    { name: "${method} ${path.replace(/\$\{w\.refs\.(\w+)\}/g, ":$1")}", method: "${method}", path: (w) => \`${path}\` },\n` +
    "    (the victim's entity in the path, from the file's world; the test then expects 404 not_found and an unchanged snapshot)";
}

describe("tenancy coverage", () => {
  const rows = Object.entries(tables).flatMap(([table, list]) =>
    list.map((row) => ({ table, row, url: row.path(placeholderWorld()).split("?")[0] })));

  it("owes no row that exists already, nor one for an endpoint that is gone", () => {
    const stale = Object.keys(rowsOwed).filter((key) => {
      const route = idRoutes.find((r) => `${r.method} ${r.file}` === key);
      return !route || rows.some(({ row, url }) => row.method === route.method && route.pattern.test(url));
    });
    expect(stale, "remove these from rowsOwed").toEqual([]);
  });

  it("reads the rows (a sanity check: a known row is matched to its route)", () => {
    expect(rows.length).toBeGreaterThan(50);
    const getAgent = rows.find((r) => r.row.method === "GET" && routePattern("app/api/agents/[agentId]/route.ts").test(r.url));
    expect(getAgent).toBeDefined();
  });

  it("every row names an existing endpoint", () => {
    const orphans = rows.filter(({ row, url }) => !apiRouteModules.some(({ file, module }) => routePattern(file).test(url) && methodsOf(module).includes(row.method as never)));
    expect(orphans.map(({ table, row, url }) => `${table}: ${row.name} (${row.method} ${url})`)).toEqual([]);
  });

  it("every endpoint with an entity id in its path has a row", () => {
    const covered = ({ method, pattern }: { method: string; pattern: RegExp }) => rows.some(({ row, url }) => row.method === method && pattern.test(url));
    const missing = idRoutes.filter((r) => !covered(r) && !(`${r.method} ${r.file}` in rowsOwed));
    expect(missing.length, `endpoints without a tenancy row:\n${missing.map((m) => suggestion(m.file, m.method)).join("\n")}`).toBe(0);
  });
});
