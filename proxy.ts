// Next's proxy, for one path only: the board invite page, whose status a page cannot set itself. A
// used or expired link answers 410 and an unknown or withdrawn one 404, each with the page that says
// so in words (app/(auth)/invite/[token]/page.tsx). Client-side navigations (RSC requests) keep 200.
import { NextResponse, type NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { boardInvitePageStatus } from "@/lib/services/board-invite-state";

function tokenOf(pathname: string): string {
  const raw = pathname.slice("/invite/".length);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // a malformed escape names no invite
  }
}

export async function proxy(req: NextRequest) {
  if (req.headers.has("rsc")) return NextResponse.next();
  // the database down: the page answers for itself (its error page)
  const status = await boardInvitePageStatus(db(), tokenOf(req.nextUrl.pathname)).catch(() => 200);
  return status === 200 ? NextResponse.next() : NextResponse.next({ status });
}

export const config = { matcher: "/invite/:token" };
