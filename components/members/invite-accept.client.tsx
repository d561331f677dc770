"use client";

import { useState, type FormEvent } from "react";
import { signIn } from "next-auth/react";
import { apiSend } from "@/lib/queries/fetcher";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/input";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";

interface Accepted {
  issuePrefix: string;
}

const tokenPath = (token: string) => `/api/board-invites/${encodeURIComponent(token)}`;

/** A full load of the company's board, so every server component renders with the new membership. */
const goToBoard = (prefix: string) => window.location.assign(`/${prefix}/dashboard`);

/** The signed-in user joins with one click. */
export function InviteAccept({ token, userEmail }: { token: string; userEmail: string }) {
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  async function accept() {
    setPending(true);
    setError(null);
    try {
      goToBoard((await apiSend<Accepted>("POST", `${tokenPath(token)}/accept`)).issuePrefix);
    } catch (err) {
      setError(err);
      setPending(false);
    }
  }
  return (
    <div className="space-y-3">
      <ApiErrorAlert error={error} />
      <Button variant="primary" className="w-full" pending={pending} onClick={accept}>Accept and join</Button>
      <p className="text-xs text-slate-500">You join as {userEmail}.</p>
    </div>
  );
}

/**
 * A newcomer makes an account and joins in one request, then signs in through next-auth's usual
 * credentials flow (the same as the login page), so sessions are minted in one place only.
 */
export function InviteSignUp({ token, email }: { token: string; email: string | null }) {
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body = { name: String(form.get("name") ?? ""), email: email ?? String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
    setPending(true);
    setError(null);
    try {
      const joined = await apiSend<Accepted>("POST", `${tokenPath(token)}/sign-up`, body);
      const res = await signIn("credentials", { redirect: false, email: body.email, password: body.password });
      if (!res?.ok || res.error) {
        window.location.assign(`/login?callbackUrl=${encodeURIComponent(`/${joined.issuePrefix}/dashboard`)}`);
        return;
      }
      goToBoard(joined.issuePrefix);
    } catch (err) {
      setError(err);
      setPending(false);
    }
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" data-testid="invite-sign-up">
      <ApiErrorAlert error={error} fields={["name", "email", "password"]} />
      <Field label="Your name" htmlFor="invite-name" errors={fieldErrors(error, "name")}>
        <Input id="invite-name" name="name" autoComplete="name" required maxLength={100} autoFocus />
      </Field>
      <Field label="Email" htmlFor="invite-email" errors={fieldErrors(error, "email")} hint={email ? "This invite is for this address." : undefined}>
        <Input id="invite-email" name="email" type="email" autoComplete="email" required defaultValue={email ?? undefined} readOnly={!!email} />
      </Field>
      <Field label="Password" htmlFor="invite-password" errors={fieldErrors(error, "password")} hint="At least 8 characters.">
        <Input id="invite-password" name="password" type="password" autoComplete="new-password" required maxLength={200} />
      </Field>
      <Button type="submit" variant="primary" className="w-full" pending={pending}>{pending ? "Joining…" : "Create account and join"}</Button>
    </form>
  );
}
