import type { ReactNode } from "react";
import Link from "next/link";
import { Card, CardBody } from "@/components/ui/card";

/** One step of the guide: its question, its form, and a way past it. */
export function StepCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardBody className="space-y-5 py-5 md:px-6">
        <div>
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          {description && <div className="mt-1 text-sm text-slate-500">{description}</div>}
        </div>
        {children}
      </CardBody>
    </Card>
  );
}

/** The step's buttons: skip on the left (a link: skipping writes nothing), the step's action on the right. */
export function StepActions({ skipHref, skipLabel = "Skip this step", children }: { skipHref: string; skipLabel?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
      <Link href={skipHref} className="text-center text-sm font-medium text-slate-500 hover:text-slate-900">{skipLabel}</Link>
      <div className="flex flex-col gap-2 sm:flex-row">{children}</div>
    </div>
  );
}
