// GET /authorize: the spec's checks in order, then the profile's (DESIGN §9). Approval is automatic:
// strict wants a signed-in board user (else the login page, and back here); seed approves anyone.
import { safeEqual } from "@/lib/auth/tokens";
import { oauthClient, oauthProfile, redirectAllowed } from "@/lib/oauth/config";
import { oauthError, found, serverError } from "@/lib/oauth/respond";
import { issueCode } from "@/lib/oauth/store";

export interface AuthorizeDeps {
  /** the signed-in board user, if any */
  sessionUserId: () => Promise<string | null>;
}

const CHALLENGE = /^[A-Za-z0-9_-]{43,128}$/;

/** `redirect_uri` joined with the code and state; null when it cannot be a Location header. */
function callbackLocation(redirectUri: string, code: string, state: string | undefined): string | null {
  const query = `code=${encodeURIComponent(code)}${state ? `&state=${encodeURIComponent(state)}` : ""}`;
  const location = `${redirectUri}${redirectUri.includes("?") ? "&" : "?"}${query}`;
  try {
    new URL(redirectUri);
    new Headers({ Location: location });
    return location;
  } catch {
    return null;
  }
}

export async function authorize(url: URL, deps: AuthorizeDeps): Promise<Response> {
  const q = (name: string) => url.searchParams.get(name) ?? "";
  if (q("response_type") !== "code") return oauthError(400, "unsupported_response_type");
  const client = oauthClient();
  if (!client) return serverError();
  if (!safeEqual(q("client_id"), client.clientId)) return oauthError(401, "invalid_client", "Unknown client_id");
  const method = q("code_challenge_method");
  if (method && method !== "S256") return oauthError(400, "invalid_request", "code_challenge_method must be S256");

  const redirectUri = q("redirect_uri");
  if (!redirectUri) return oauthError(400, "invalid_request", "redirect_uri is required");
  const challenge = q("code_challenge");
  let userId: string | null;
  if (oauthProfile() === "strict") {
    if (!redirectAllowed(redirectUri)) return oauthError(400, "invalid_request", "redirect_uri is not on the allowlist (loopback, the registered callback or OAUTH_REDIRECT_URIS)");
    if (!CHALLENGE.test(challenge)) return oauthError(400, "invalid_request", "code_challenge (PKCE, S256) is required");
    userId = await deps.sessionUserId();
    if (!userId) return found(`/login?callbackUrl=${encodeURIComponent(url.pathname + url.search)}`);
  } else {
    userId = await deps.sessionUserId();
  }
  // PostgreSQL text cannot hold U+0000: a value that could never be stored is refused, not a 500.
  if (redirectUri.includes("\u0000") || challenge.includes("\u0000")) return oauthError(400, "invalid_request", "redirect_uri and code_challenge must not contain NUL characters");
  // Checked before a code exists, so an unusable address never holds a live code.
  if (!callbackLocation(redirectUri, "x", undefined)) return oauthError(400, "invalid_request", "redirect_uri is not a valid address");
  const code = await issueCode({ clientId: client.clientId, redirectUri, codeChallenge: challenge || null, userId });
  const location = callbackLocation(redirectUri, code, q("state") || undefined);
  if (!location) return oauthError(400, "invalid_request", "state cannot be carried in a redirect");
  return found(location);
}
