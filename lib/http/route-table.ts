// The front door's map of the app (lib/http/front-door.ts): every route file under app/ with the methods
// it exports, read once at start as text, and a request path resolved to the route the router will run,
// the way Next 16's router resolves it (next/dist/server/lib/router-utils/resolve-routes.js and
// filesystem.js): repeated slashes and backslashes collapsed (Next answers those with a 308 to the
// collapsed path), dot segments removed by the URL parser (`..`, `%2e%2e`, `.%2E`, `%2e`), and the
// routes matched against the path still encoded: `/api%2Fhealth` is the page /[prefix], not /api/health
// (e2e/hostile-http.spec.ts holds this against the real router).
import fs from "node:fs";
import path from "node:path";

export const STANDARD_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const EXPORTABLE = STANDARD_METHODS.filter((m) => m !== "HEAD");

export interface RouteRow {
  /** the route's folder under app/, e.g. `api/issues/[issueId]` */
  file: string;
  regex: RegExp;
  methods: string[];
  rank: number;
}

/** The methods a route file exports: `export const GET`, `export async function POST`, `export { h as GET }`. */
function exportedMethods(source: string): string[] {
  const out = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:const|let|async\s+function|function)\s+([A-Z]+)\b/g)) out.add(m[1]);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1].split(",")) out.add(part.trim().split(/\s+as\s+/).pop() ?? "");
  }
  return EXPORTABLE.filter((m) => out.has(m));
}

function segmentPattern(segment: string): { re: string; rank: number } {
  if (/^\[\[\.\.\.\w+\]\]$/.test(segment)) return { re: "(?:/.+)?", rank: 200 };
  if (/^\[\.\.\.\w+\]$/.test(segment)) return { re: "/.+", rank: 100 };
  if (/^\[\w+\]$/.test(segment)) return { re: "/[^/]+", rank: 1 };
  return { re: "/" + segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), rank: 0 };
}

/** Every route file under appDir, most specific first (static before dynamic, as in Next). */
export function routeTable(appDir: string): RouteRow[] {
  const out: RouteRow[] = [];
  const walk = (dir: string, segments: string[]) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), [...segments, entry.name]);
      else if (/^route\.(ts|js)$/.test(entry.name)) {
        const parts = segments.filter((s) => !/^\(.*\)$/.test(s) && !s.startsWith("@")).map(segmentPattern);
        const methods = exportedMethods(fs.readFileSync(path.join(dir, entry.name), "utf8"));
        const rank = parts.reduce((n, p) => n + p.rank, 0) - parts.length / 1000;
        const regex = new RegExp(`^${parts.map((p) => p.re).join("") || "/"}/?$`);
        out.push({ file: segments.join("/"), regex, methods, rank });
      }
    }
  };
  walk(appDir, []);
  return out.sort((a, b) => a.rank - b.rank);
}

/** What a route answers besides its exports: HEAD wherever GET is, OPTIONS everywhere (Next adds both). */
export function allowedMethods(route: RouteRow): string[] {
  const set = new Set(route.methods);
  if (set.has("GET")) set.add("HEAD");
  set.add("OPTIONS");
  return STANDARD_METHODS.filter((m) => set.has(m));
}

/**
 * The path the router will match for a request target, or null when the target is none it can parse
 * (`*`, a broken absolute URL). Query and fragment are not part of it.
 */
export function routerPath(target: string): string | null {
  const [beforeQuery] = target.split("?", 1);
  // Next redirects these (308) to the target with backslashes turned and slashes collapsed
  const collapsed = /\\|\/\//.test(beforeQuery) ? beforeQuery.replace(/\\/g, "/").replace(/\/\/+/g, "/") : beforeQuery;
  try {
    return new URL(collapsed.startsWith("/") ? `http://n${collapsed}` : collapsed).pathname;
  } catch {
    return null;
  }
}

/** The route file the router runs for a resolved path (routerPath), or undefined for a page or an asset. */
export function routeOf(pathname: string, table: RouteRow[]): RouteRow | undefined {
  return table.find((r) => r.regex.test(pathname));
}
