// Import rules of the layout (docs/architecture.md), enforced: who may import whom.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const noServices = {
  patterns: [
    { group: ["@/lib/services/*", "@/lib/services", "@/lib/db/*", "@/lib/db"], message: "UI code reads through the API or page props, never services or the database." },
  ],
};

export default tseslint.config(
  { ignores: ["node_modules", ".next", ".scratch", "lib/generated", "playwright-report", "test-results", "reports", "next-env.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", fetch: "readonly", setTimeout: "readonly", clearTimeout: "readonly", Buffer: "readonly", performance: "readonly", setInterval: "readonly", clearInterval: "readonly", structuredClone: "readonly", TextEncoder: "readonly", crypto: "readonly", window: "readonly", document: "readonly", navigator: "readonly", FormData: "readonly", Response: "readonly", Request: "readonly", Headers: "readonly", File: "readonly", Blob: "readonly" } },
    rules: {
      "no-undef": "off", // TypeScript checks this, with the right globals
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  { files: ["tests/**", "e2e/**", "bench/**"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  { files: ["components/**"], rules: { "no-restricted-imports": ["error", noServices] } },
  {
    files: ["components/ui/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["@/lib/*", "@/components/*", "!@/components/ui/*", "!@/lib/cn"], message: "UI primitives import nothing app-specific." }] }] },
  },
  {
    files: ["lib/services/**", "lib/dto/**", "lib/schemas/**", "lib/oauth/**", "lib/runtime/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["next", "next/*", "react", "react-dom", "@/app/*", "@/components/*"], message: "Services are framework-free." }] }] },
  },
  {
    files: ["**/*.client.tsx"],
    rules: { "no-restricted-imports": ["error", noServices] },
  },
);
