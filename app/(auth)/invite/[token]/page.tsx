import type { Metadata } from "next";
import Link from "next/link";
import { db } from "@/lib/db/client";
import { boardContext } from "@/lib/auth/page-context";
import { previewBoardInvite } from "@/lib/services/board-invites";
import { formatDate } from "@/lib/format";
import { Card, CardBody } from "@/components/ui/card";
import { buttonClasses } from "@/components/ui/button";
import { SignOutButton } from "@/components/shell/sign-out-button.client";
import { InviteAccept, InviteSignUp } from "@/components/members/invite-accept.client";
import { roleDescriptions } from "@/components/members/roles";

export const dynamic = "force-dynamic";
// the token is in the URL: never send it on as a Referer
export const metadata: Metadata = { title: "Join a company", referrer: "no-referrer" };

const spent = {
  unknown: ["This invite link does not work", "The link is incomplete or was never issued. Check that you copied all of it, or ask for a new one."],
  used: ["This invite has already been used", "Each invite link works once. If it was yours, sign in; otherwise ask for a new one."],
  revoked: ["This invite was withdrawn", "Whoever sent it revoked it. Ask them for a new link if you still need access."],
  expired: ["This invite has expired", "Invite links work for 7 days. Ask whoever sent it for a new one."],
} as const;

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  let raw = token;
  try { raw = decodeURIComponent(token); } catch { /* a malformed escape names no invite */ }
  const [invite, ctx] = await Promise.all([previewBoardInvite(db(), raw), boardContext()]);
  if (invite.state !== "valid") {
    const [title, text] = spent[invite.state];
    return (
      <Card data-testid="invite-state" data-state={invite.state}>
        <CardBody className="space-y-3 py-6">
          <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
          <p className="text-sm text-slate-600">{text}</p>
          {invite.state === "expired" && <p className="text-xs text-slate-500">It expired on {formatDate(invite.expiresAt)}.</p>}
          <Link href={ctx ? "/companies" : "/login"} className={buttonClasses("secondary", "md", "mt-2")}>{ctx ? "Your companies" : "Sign in"}</Link>
        </CardBody>
      </Card>
    );
  }
  const wrongAccount = ctx && invite.email && invite.email !== ctx.actor.email.toLowerCase();
  return (
    <Card data-testid="invite-state" data-state="valid">
      <CardBody className="space-y-4 py-6">
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-indigo-600">Invitation</p>
          <h1 className="mt-1 text-lg font-semibold text-slate-900">Join {invite.companyName}</h1>
          <p className="mt-1 text-sm text-slate-600">
            You are invited to its board as <b className="font-medium text-slate-900">{invite.role}</b>: {roleDescriptions[invite.role]}
          </p>
          <p className="mt-1 text-xs text-slate-500">
            {invite.email ? <>For {invite.email} only. </> : null}The link works once, until {formatDate(invite.expiresAt)}.
          </p>
        </div>
        {ctx ? (
          wrongAccount ? (
            <div className="space-y-3 text-sm text-slate-600">
              <p>You are signed in as {ctx.actor.email}, but this invite is for {invite.email}. Sign out and sign in or sign up with that address.</p>
              <SignOutButton className="border border-slate-200" />
            </div>
          ) : (
            <InviteAccept token={raw} userEmail={ctx.actor.email} />
          )
        ) : (
          <>
            <InviteSignUp token={raw} email={invite.email} />
            <p className="border-t border-slate-100 pt-4 text-sm text-slate-600">
              Have an account already?{" "}
              <Link href={`/login?callbackUrl=${encodeURIComponent(`/invite/${raw}`)}`} className="font-medium text-indigo-700 hover:underline">Sign in to accept</Link>
            </p>
          </>
        )}
      </CardBody>
    </Card>
  );
}
