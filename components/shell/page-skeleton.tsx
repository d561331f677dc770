/**
 * Shown inside the company shell while a list page's data loads. Only segments with no page below
 * them that can be "not found" use it (their loading.tsx): a loading boundary starts the response
 * as a 200 before the page runs, so a page under one could never answer 404.
 */
export function PageSkeleton() {
  return (
    <div className="animate-pulse" aria-busy="true" aria-label="Loading">
      <div className="mb-2 h-6 w-40 rounded bg-slate-200" />
      <div className="mb-8 h-4 w-64 rounded bg-slate-200/70" />
      <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-5">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="flex items-center gap-3">
            <div className="size-8 rounded-lg bg-slate-200" />
            <div className="h-4 flex-1 rounded bg-slate-100" />
          </div>
        ))}
      </div>
    </div>
  );
}
