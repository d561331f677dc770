/** Shown inside the company shell while a page's data loads. */
export default function Loading() {
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
