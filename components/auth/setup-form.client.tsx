"use client";

import { useState, type FormEvent } from "react";
import { signIn } from "next-auth/react";
import { Card, CardBody } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/input";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";
import { ApiError, apiSend } from "@/lib/queries/fetcher";

/** First run: creates the first board user (an instance admin) with the one-time token, then signs in. */
export function SetupForm({ token }: { token: string }) {
  const [error, setError] = useState<ApiError | Error | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const email = String(form.get("email")).trim();
    const password = String(form.get("password"));
    const name = String(form.get("name")).trim();
    setPending(true);
    setError(null);
    try {
      await apiSend("POST", "/api/setup", { token, email, password, ...(name ? { name } : {}) });
    } catch (err) {
      setPending(false);
      setError(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    const res = await signIn("credentials", { redirect: false, email, password });
    // the first user is led straight into the setup guide (company, CEO, goal, first run)
    if (res?.ok && !res.error) window.location.assign("/onboarding");
    else window.location.assign("/login?callbackUrl=%2Fonboarding");
  }

  const fieldErrors = (f: string) => (error instanceof ApiError ? error.fieldErrors(f) : []);
  const generalError = error && !(error instanceof ApiError && error.details.length > 0) ? error.message : null;

  return (
    <Card>
      <CardBody className="py-6">
        <h1 className="text-lg font-semibold text-slate-900">Welcome to Charter</h1>
        <p className="mt-1 text-sm text-slate-500">
          Create the first board account. It becomes the instance admin, who creates companies and invites others.
        </p>
        <form onSubmit={onSubmit} className="mt-6 space-y-4">
          {generalError && <Alert tone="error">{generalError}</Alert>}
          <Field label="Your name" htmlFor="name" errors={fieldErrors("name")}>
            <Input id="name" name="name" autoComplete="name" required maxLength={100} autoFocus />
          </Field>
          <Field label="Email" htmlFor="email" errors={fieldErrors("email")}>
            <Input id="email" name="email" type="email" autoComplete="email" required />
          </Field>
          <Field label="Password" htmlFor="password" hint="At least 8 characters." errors={fieldErrors("password")}>
            <Input id="password" name="password" type="password" autoComplete="new-password" required minLength={8} maxLength={200} />
          </Field>
          <Button type="submit" variant="primary" className="w-full" pending={pending}>
            {pending ? "Creating your account…" : "Create account and continue"}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
