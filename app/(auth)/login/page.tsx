import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { boardContext } from "@/lib/auth/page-context";
import { safeCallbackPath } from "@/lib/safe-redirect";
import { LoginForm } from "@/components/auth/login-form.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const callbackUrl = safeCallbackPath((await searchParams).callbackUrl);
  if (await boardContext()) redirect(callbackUrl);
  return <LoginForm callbackUrl={callbackUrl} />;
}
