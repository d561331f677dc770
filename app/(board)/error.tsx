"use client";

import Link from "next/link";
import { buttonClasses, Button } from "@/components/ui/button";

/** A board page failed to render (the database is unreachable, a bug): say so and offer a retry. */
export default function BoardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center px-4 text-center">
      <p className="font-mono text-sm font-semibold text-red-600">Error</p>
      <h1 className="mt-2 text-xl font-semibold text-slate-900">This page could not be loaded</h1>
      <p className="mt-2 max-w-md text-sm text-slate-500">
        Something went wrong on the server. Try again; if it keeps happening, the server log has the details
        {error.digest ? <> (reference <span className="font-mono">{error.digest}</span>)</> : null}.
      </p>
      <div className="mt-6 flex gap-2">
        <Button variant="primary" onClick={reset}>Try again</Button>
        <Link href="/companies" className={buttonClasses("secondary")}>Your companies</Link>
      </div>
    </div>
  );
}
