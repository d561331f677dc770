"use client";

// For server-rendered pages (the org chart): re-render from the server when one of the named
// entity types changes, at most once per second.
import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { LIVE_EVENT, type LiveChange } from "@/components/live/live-events.client";

export function LiveRefresh({ entityTypes }: { entityTypes: string[] }) {
  const router = useRouter();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const types = entityTypes.join(",");
  useEffect(() => {
    const wanted = new Set(types.split(","));
    const onChange = (e: Event) => {
      const change = (e as CustomEvent<LiveChange>).detail;
      if (!wanted.has(change.entityType) || change.action === "run.log" || change.action === "run.transcript" || pending.current) return;
      pending.current = setTimeout(() => {
        pending.current = null;
        router.refresh();
      }, 1000);
    };
    window.addEventListener(LIVE_EVENT, onChange);
    return () => {
      window.removeEventListener(LIVE_EVENT, onChange);
      if (pending.current) clearTimeout(pending.current);
      pending.current = null;
    };
  }, [router, types]);
  return null;
}
