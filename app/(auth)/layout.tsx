import type { ReactNode } from "react";
import { CharterWordmark } from "@/components/shell/charter-mark";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-slate-50 to-slate-100 px-4 py-12">
      <CharterWordmark className="mb-8 text-lg" />
      <div className="w-full max-w-sm">{children}</div>
      <p className="mt-10 text-xs text-slate-400">The control plane for companies made of AI agents</p>
    </div>
  );
}
