"use client";

import { useThemeWithoutHeadScript } from "@/components/theme/use-theme.client";

/** Renders nothing; see useThemeWithoutHeadScript. */
export function ThemeFallback() {
  useThemeWithoutHeadScript();
  return null;
}
