// What every board page needs first: the signed-in user's context and the company named by the
// URL's prefix. Memoised per request with React's cache, so a layout and its page share them.
import { cache } from "react";
import { notFound } from "next/navigation";
import { boardContext, requireBoardContext, type BoardContext } from "@/lib/auth/page-context";
import { AppError } from "@/lib/http/errors";
import { getCompany, getCompanyProfile, listCompanies, listCompanyProfiles } from "@/lib/services/companies";
import { getCompanyDirectory } from "@/lib/services/directory";
import { instancePause } from "@/lib/services/pause/instance";
import type { Directory } from "@/components/issues/directory";

const currentContext = cache(boardContext);

/** The signed-in user's context; a visitor is sent to /login and back to `returnTo` afterwards. */
export async function boardPageContext(returnTo: string): Promise<BoardContext> {
  return (await currentContext()) ?? requireBoardContext(returnTo);
}

/** The context if someone is signed in, else null (for layouts, which cannot know the exact path). */
export const optionalBoardContext = currentContext;

/** Awaits a service call; "not found" becomes the 404 page, anything else propagates. */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
}

/** Every row of a cursor-paginated service list, in pages of 500 (the API's maximum). */
export async function allPages<T>(fetchPage: (query: { limit: number; cursor?: string }) => Promise<{ items: T[]; nextCursor: string | null }>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage({ limit: 500, cursor });
    out.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

/** A URL segment as text; a malformed escape (a typed "%") is a 404, not a crash. */
export function segment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    notFound();
  }
}

/**
 * The company of a /<prefix>/… URL; unknown, or not the user's: 404. Without the month's spend, which
 * only a few pages show (companyWithSpend): the layout and every page read this one.
 */
export const companyForPrefix = cache(async (prefix: string) => {
  const ctx = await boardPageContext(`/${prefix}`);
  return orNotFound(getCompanyProfile(ctx, segment(prefix)));
});

/** The company of a /<prefix>/… URL with this month's spend. */
export const companyWithSpend = cache(async (prefix: string) => {
  const ctx = await boardPageContext(`/${prefix}`);
  return orNotFound(getCompany(ctx, segment(prefix)));
});

/** The companies the signed-in user can see, with their spend (the companies page). */
export const myCompanies = cache(async () => {
  const ctx = await boardPageContext("/companies");
  return allPages((q) => listCompanies(ctx, q));
});

/** The companies the signed-in user can see, by name only (the switcher and palette on every page). */
export const switcherCompanies = cache(async () => {
  const ctx = await boardPageContext("/companies");
  return listCompanyProfiles(ctx);
});

/** The names issue, project and goal pages show for ids: agents, projects, goals, labels, people. */
export const companyDirectory = cache(async (ctx: BoardContext, companyId: string): Promise<Directory> => {
  const directory = await getCompanyDirectory(ctx, companyId);
  return { ...directory, users: { ...directory.users, [ctx.actor.userId]: ctx.actor.name } };
});

/** The instance's pause as the board shows it (the banner, the companies page), or null while it runs. */
export const instancePauseState = cache(async () => {
  const ctx = await boardPageContext("/companies");
  const pause = await instancePause(ctx.db);
  return pause && { pausedAt: pause.pausedAt.toISOString(), mode: pause.mode };
});
