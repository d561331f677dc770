import type { Metadata } from "next";
import Link from "next/link";
import { db } from "@/lib/db/client";
import { setupTokenValid } from "@/lib/services/users";
import { Card, CardBody } from "@/components/ui/card";
import { buttonClasses } from "@/components/ui/button";
import { SetupForm } from "@/components/auth/setup-form.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Set up Charter" };

export default async function SetupPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  const valid = token.length > 0 && token.length <= 200 && (await setupTokenValid(db(), token));
  if (valid) return <SetupForm token={token} />;
  return (
    <Card>
      <CardBody className="space-y-4 py-6">
        <div>
          <h1 className="text-lg font-semibold text-slate-900">This setup link cannot be used</h1>
          <p className="mt-2 text-sm text-slate-600">
            It is invalid, or it has already been used to create the first board user. Setup links work once;
            sign in with the account that was created.
          </p>
        </div>
        <Link href="/login" className={buttonClasses("primary", "md", "w-full")}>Go to sign in</Link>
      </CardBody>
    </Card>
  );
}
