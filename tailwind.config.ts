// Tailwind 4 reads its theme from app/globals.css (@theme); this file names the content roots and
// is loaded there with @config, so editors and tooling that look for it find the same settings.
import type { Config } from "tailwindcss";

const config: Config = {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: { extend: {} },
};

export default config;
