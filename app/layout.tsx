import type { Metadata } from "next";
import { viewerTheme } from "@/lib/auth/page-context";
import { ThemeScript } from "@/components/theme/theme-script";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Charter", template: "%s · Charter" },
  description: "The control plane for companies made of AI agents",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const theme = await viewerTheme();
  // an explicit choice is set here; "system" is resolved by the script, which alone knows the browser's setting
  return (
    <html lang="en" data-theme-pref={theme} data-theme={theme === "system" ? undefined : theme} suppressHydrationWarning>
      <head>
        <ThemeScript />
      </head>
      <body className="min-h-full font-sans">{children}</body>
    </html>
  );
}
