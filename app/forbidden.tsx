import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

export default function Forbidden() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center px-4 text-center">
      <p className="font-mono text-sm font-semibold text-indigo-600">403</p>
      <h1 className="mt-2 text-xl font-semibold text-slate-900">You may not open this page</h1>
      <p className="mt-2 max-w-md text-sm text-slate-500">
        Your role in this company does not allow it. A company owner or admin can change your role.
      </p>
      <Link href="/companies" className={buttonClasses("secondary", "md", "mt-6")}>Back to your companies</Link>
    </div>
  );
}
