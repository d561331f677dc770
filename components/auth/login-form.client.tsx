"use client";

import { useState, type FormEvent } from "react";
import { signIn } from "next-auth/react";
import { Card, CardBody } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/input";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";

/** What the form says for next-auth's error (lib/auth/session.ts throws "TooManyAttempts:<seconds>"). */
function signInErrorMessage(error: string | null, status: number | undefined): string {
  const wait = /^TooManyAttempts:(\d+)$/.exec(error ?? "");
  if (wait) return `Too many attempts, try again in ${wait[1]} s`;
  return error === "CredentialsSignin" || status === 401 ? "Wrong email or password" : "Signing in failed; try again";
}

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    setError(null);
    const res = await signIn("credentials", { redirect: false, email: String(form.get("email")), password: String(form.get("password")) });
    if (res?.ok && !res.error) {
      // a full navigation, so every server component renders for the signed-in user
      window.location.assign(callbackUrl);
      return;
    }
    setPending(false);
    setError(signInErrorMessage(res?.error ?? null, res?.status));
  }

  return (
    <Card>
      <CardBody className="py-6">
        <h1 className="text-lg font-semibold text-slate-900">Sign in</h1>
        <p className="mt-1 text-sm text-slate-500">Board members sign in with their email and password.</p>
        <form onSubmit={onSubmit} className="mt-6 space-y-4">
          {error && <Alert tone="error">{error}</Alert>}
          <Field label="Email" htmlFor="email">
            <Input id="email" name="email" type="email" autoComplete="email" required autoFocus />
          </Field>
          <Field label="Password" htmlFor="password">
            <Input id="password" name="password" type="password" autoComplete="current-password" required />
          </Field>
          <Button type="submit" variant="primary" className="w-full" pending={pending}>
            {pending ? "Signing in…" : "Sign in"}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
