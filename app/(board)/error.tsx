"use client";

import { startTransition, useEffect, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { buttonClasses, Button } from "@/components/ui/button";

const POLL_MIN_MS = 2_000;
const POLL_MAX_MS = 15_000;

/**
 * A board page failed to render. The error's text never reaches the browser, so ask /api/health
 * whether the database is the cause: then say so, keep asking (backing off) and load the page again
 * as soon as it is back; otherwise offer a retry.
 */
export default function BoardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const router = useRouter();
  const [databaseDown, setDatabaseDown] = useState(false);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = POLL_MIN_MS;
    let wasDown = false;
    const check = async () => {
      const up = await fetch("/api/health", { cache: "no-store" }).then((r) => r.ok, () => false);
      if (stopped) return;
      if (up && wasDown) {
        startTransition(() => {
          router.refresh();
          reset();
        });
        return;
      }
      if (up) return;
      wasDown = true;
      setDatabaseDown(true);
      timer = setTimeout(() => void check(), delay);
      delay = Math.min(delay * 2, POLL_MAX_MS);
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [reset, router]);

  if (databaseDown) {
    return (
      <div role="status" className="flex min-h-[60vh] flex-col items-center justify-center px-4 text-center">
        <p className="font-mono text-sm font-semibold text-amber-600">Unavailable</p>
        <h1 className="mt-2 text-xl font-semibold text-slate-900">The database is unavailable, retrying…</h1>
        <p className="mt-2 max-w-md text-sm text-slate-500">
          Charter cannot reach its database right now (a restart or a failover). This page loads again by
          itself as soon as it is back; nothing you saved is lost.
        </p>
      </div>
    );
  }
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center px-4 text-center">
      <p className="font-mono text-sm font-semibold text-red-600">Error</p>
      <h1 className="mt-2 text-xl font-semibold text-slate-900">This page could not be loaded</h1>
      <p className="mt-2 max-w-md text-sm text-slate-500">
        Something went wrong on the server. Try again; if it keeps happening, the server log has the details
        {error.digest ? <> (reference <span className="font-mono">{error.digest}</span>)</> : null}.
      </p>
      <div className="mt-6 flex gap-2">
        <Button variant="primary" onClick={() => startTransition(() => { router.refresh(); reset(); })}>Try again</Button>
        <Link href="/companies" className={buttonClasses("secondary")}>Your companies</Link>
      </div>
    </div>
  );
}
