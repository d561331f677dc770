// The /docs/api page and its files. Swagger UI's bundle and stylesheet are read from the
// swagger-ui-dist package (next.config.mjs traces them into a standalone build); the page's own
// start-up script and styles are here, so the page needs no inline script.
import fs from "node:fs";
import path from "node:path";
import { docsThemeScript } from "@/components/theme/theme-script";
import type { UserTheme } from "@/lib/generated/prisma/client";

const dist = () => path.join(process.cwd(), "node_modules", "swagger-ui-dist");

/** The files the page loads, by name: from swagger-ui-dist or written here. */
const files: Record<string, { type: string; read: () => string }> = {
  "swagger-ui-bundle.js": { type: "text/javascript; charset=utf-8", read: () => fs.readFileSync(path.join(dist(), "swagger-ui-bundle.js"), "utf8") },
  "swagger-ui.css": { type: "text/css; charset=utf-8", read: () => fs.readFileSync(path.join(dist(), "swagger-ui.css"), "utf8") },
  "docs.js": { type: "text/javascript; charset=utf-8", read: () => startScript },
  "theme.js": { type: "text/javascript; charset=utf-8", read: () => docsThemeScript },
  "docs.css": { type: "text/css; charset=utf-8", read: () => pageStyles },
};

// validatorUrl null: Swagger UI would otherwise fetch a badge from a third-party validator.
// BaseLayout: no top bar that loads documents from other addresses.
const startScript = `window.addEventListener("DOMContentLoaded", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#swagger-ui",
    layout: "BaseLayout",
    deepLinking: true,
    validatorUrl: null,
    docExpansion: "none",
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    filter: true,
    tryItOutEnabled: false,
  });
});
`;

// The header follows Swagger UI's own dark mode (html.dark-mode, set by theme.js from the board's theme).
const pageStyles = `:root { --docs-fg: #0f172a; --docs-bar: #f8fafc; --docs-line: #e2e8f0; --docs-link: #1d4ed8; }
html.dark-mode { --docs-fg: #e4e6e6; --docs-bar: #24292c; --docs-line: #3b4245; --docs-link: #8cc4ff; }
body { margin: 0; font-family: ui-sans-serif, system-ui, sans-serif; color: var(--docs-fg); }
.docs-header { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: baseline; padding: 0.75rem 1.25rem; border-bottom: 1px solid var(--docs-line); background: var(--docs-bar); }
.docs-header h1 { margin: 0; font-size: 1.05rem; }
.docs-header a { color: var(--docs-link); font-size: 0.875rem; }
.docs-header a:focus-visible { outline: 2px solid var(--docs-link); outline-offset: 2px; }
`;

const cache = new Map<string, string>();

/** A page file's text and media type, or null for an unknown name. */
export function docsFile(name: string): { text: string; type: string } | null {
  const file = Object.hasOwn(files, name) ? files[name] : undefined;
  if (!file) return null;
  let text = cache.get(name);
  if (text === undefined) cache.set(name, (text = file.read()));
  return { text, type: file.type };
}

function swaggerVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(dist(), "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "0";
  }
}

/** The page, in the reader's theme: their saved choice, or the system's ("system" and signed out). */
export function docsPageHtml(theme: UserTheme): string {
  const v = encodeURIComponent(swaggerVersion());
  const asset = (name: string) => `/docs/api/assets/${name}?v=${v}`;
  // as the board's root layout: an explicit choice is set here, theme.js resolves "system" before the first paint
  const dark = theme === "dark" ? ` class="dark-mode"` : "";
  return `<!doctype html>
<html lang="en" data-theme-pref="${theme}"${theme === "system" ? "" : ` data-theme="${theme}"`}${dark}>
<head>
<meta charset="utf-8">
<script src="${asset("theme.js")}"></script>
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Charter</title>
<link rel="icon" href="/icon.svg">
<link rel="stylesheet" href="${asset("swagger-ui.css")}">
<link rel="stylesheet" href="${asset("docs.css")}">
</head>
<body>
<header class="docs-header">
<h1>Charter API reference</h1>
<a href="/">Back to the board</a>
<a href="/api/openapi.json">OpenAPI document (JSON)</a>
</header>
<main id="swagger-ui" aria-label="API operations"></main>
<noscript><p>This page needs JavaScript; the document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript>
<script src="${asset("swagger-ui-bundle.js")}"></script>
<script src="${asset("docs.js")}"></script>
</body>
</html>
`;
}
