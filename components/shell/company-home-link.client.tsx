"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { buttonClasses } from "@/components/ui/button";

/** A link to the dashboard of the company the URL is in (not-found and forbidden pages get no params). */
export function CompanyHomeLink() {
  const prefix = usePathname().split("/")[1] ?? "";
  return <Link href={`/${prefix}/dashboard`} className={buttonClasses("secondary")}>Back to the dashboard</Link>;
}
