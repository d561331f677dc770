import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

export default function NotFound() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center px-4 text-center">
      <p className="font-mono text-sm font-semibold text-indigo-600">404</p>
      <h1 className="mt-2 text-xl font-semibold text-slate-900">This page does not exist</h1>
      <p className="mt-2 max-w-md text-sm text-slate-500">
        The company, agent or page you asked for is not here, or it belongs to a company you are not a member of.
      </p>
      <Link href="/companies" className={buttonClasses("secondary", "md", "mt-6")}>Back to your companies</Link>
    </div>
  );
}
