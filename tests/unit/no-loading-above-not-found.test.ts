// A loading.tsx wraps its segment and everything below it in a Suspense boundary, and the response
// then starts streaming as 200 before the page runs: a page below one that calls notFound() shows
// the not-found page with status 200. So no page that can be "not found" may sit under a loading.tsx.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const appDir = path.resolve(__dirname, "../../app");

function pages(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return pages(full);
    return /^page\.(tsx|ts|jsx|js)$/.test(name) ? [full] : [];
  });
}

function loadingAbove(page: string): string | null {
  for (let dir = path.dirname(page); dir.startsWith(appDir); dir = path.dirname(dir)) {
    for (const ext of ["tsx", "ts", "jsx", "js"]) {
      const file = path.join(dir, `loading.${ext}`);
      if (existsSync(file)) return path.relative(appDir, file);
    }
  }
  return null;
}

describe("pages that can be not found answer 404", () => {
  const candidates = pages(appDir).filter((p) => /\b(notFound|orNotFound|forbidden)\(/.test(readFileSync(p, "utf8")));

  it("finds the entity pages", () => {
    expect(candidates.map((p) => path.relative(appDir, p))).toContain(path.join("(board)", "[prefix]", "issues", "[ref]", "page.tsx"));
  });

  it.each(candidates.map((p) => [path.relative(appDir, p), p]))("%s has no loading.tsx above it", (_name, page) => {
    expect(loadingAbove(page)).toBeNull();
  });
});
