"use client";

import { useState } from "react";
import { signOut } from "next-auth/react";
import { cn } from "@/lib/cn";

export function SignOutButton({ className }: { className?: string }) {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        await signOut({ redirect: false });
        // a full load, so no cached page of the signed-in user survives
        window.location.assign("/login");
      }}
      className={cn("rounded-md px-2 py-1 text-sm font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50", className)}
    >
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}
