import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Charter", template: "%s · Charter" },
  description: "The control plane for companies made of AI agents",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-full font-sans">{children}</body>
    </html>
  );
}
