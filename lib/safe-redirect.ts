/** A callbackUrl is followed only to a path of this site, never to another origin ("//evil", "https:…"). */
export function safeCallbackPath(raw: string | string[] | undefined | null, fallback = "/companies"): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return fallback;
  let path = value;
  // next-auth hands absolute URLs of our own origin; keep only their path
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      path = url.pathname + url.search + url.hash;
    } catch {
      return fallback;
    }
  }
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  if (path.startsWith("/login") || path.startsWith("/setup")) return fallback;
  return path;
}
