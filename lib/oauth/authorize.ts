// GET /authorize. The seed profile is the spec's checks in its order; the strict profile (docs/design.md §9)
// validates the client and redirect_uri first, then answers every later error by redirecting to
// redirect_uri with error= and state (RFC 6749 §4.1.2.1), and names itself with iss (RFC 9207).
// Approval is automatic: strict wants a signed-in board user (else the login page, and back here).
import { safeEqual } from "@/lib/auth/tokens";
import { oauthClient, oauthProfile, redirectAllowed } from "@/lib/oauth/config";
import { oauthError, found, serverError } from "@/lib/oauth/respond";
import { issueCode } from "@/lib/oauth/store";

export interface AuthorizeDeps {
  /** the signed-in board user, if any */
  sessionUserId: () => Promise<string | null>;
  /** the authorization server's issuer identifier ({base_url}), sent as iss in the strict profile */
  issuer: string;
}

const CHALLENGE = /^[A-Za-z0-9_-]{43,128}$/;

/** `redirect_uri` joined with these parameters; null when it cannot be a Location header. */
function callbackLocation(redirectUri: string, params: [string, string | undefined][]): string | null {
  const query = params.filter(([, v]) => v).map(([k, v]) => `${k}=${encodeURIComponent(v!)}`).join("&");
  const location = `${redirectUri}${redirectUri.includes("?") ? "&" : "?"}${query}`;
  try {
    new URL(redirectUri);
    new Headers({ Location: location });
    return location;
  } catch {
    return null;
  }
}

// PostgreSQL text cannot hold U+0000: a value that could never be stored is refused, not a 500.
const hasNul = (...values: string[]) => values.some((v) => v.includes("\u0000"));

export async function authorize(url: URL, deps: AuthorizeDeps): Promise<Response> {
  return oauthProfile() === "strict" ? authorizeStrict(url, deps) : authorizeSeed(url, deps);
}

async function authorizeSeed(url: URL, deps: AuthorizeDeps): Promise<Response> {
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
  const userId = await deps.sessionUserId();
  if (hasNul(redirectUri, challenge)) return oauthError(400, "invalid_request", "redirect_uri and code_challenge must not contain NUL characters");
  // Checked before a code exists, so an unusable address never holds a live code.
  if (!callbackLocation(redirectUri, [])) return oauthError(400, "invalid_request", "redirect_uri is not a valid address");
  const code = await issueCode({ clientId: client.clientId, redirectUri, codeChallenge: challenge || null, userId });
  const location = callbackLocation(redirectUri, [["code", code], ["state", q("state") || undefined]]);
  if (!location) return oauthError(400, "invalid_request", "state cannot be carried in a redirect");
  return found(location);
}

/** The first error of a request whose client and redirect_uri are valid (sent back to the client), or null. */
function requestError(q: (name: string) => string): [string, string] | null {
  if (q("response_type") !== "code") return ["unsupported_response_type", "response_type must be code"];
  const method = q("code_challenge_method");
  if (method && method !== "S256") return ["invalid_request", "code_challenge_method must be S256"];
  if (!CHALLENGE.test(q("code_challenge"))) return ["invalid_request", "code_challenge (PKCE, S256) is required"];
  return null;
}

async function authorizeStrict(url: URL, deps: AuthorizeDeps): Promise<Response> {
  const q = (name: string) => url.searchParams.get(name) ?? "";
  const client = oauthClient();
  if (!client) return serverError();
  // Not redirected (RFC 6749 §4.1.2.1): an unknown client or a bad redirect_uri is told to the person.
  if (!safeEqual(q("client_id"), client.clientId)) return oauthError(400, "invalid_client", "Unknown client_id");
  const redirectUri = q("redirect_uri");
  if (!redirectUri) return oauthError(400, "invalid_request", "redirect_uri is required");
  if (!redirectAllowed(redirectUri) || hasNul(redirectUri) || !callbackLocation(redirectUri, [])) {
    return oauthError(400, "invalid_request", "redirect_uri is not on the allowlist (loopback, the registered callback or OAUTH_REDIRECT_URIS)");
  }
  const state: [string, string | undefined] = ["state", q("state") || undefined];
  const iss: [string, string] = ["iss", deps.issuer];
  const back = (params: [string, string | undefined][]) => {
    const location = callbackLocation(redirectUri, [...params, state, iss]) ?? callbackLocation(redirectUri, [...params, iss]);
    return location ? found(location) : oauthError(400, "invalid_request", "state cannot be carried in a redirect");
  };
  const problem = requestError(q);
  if (problem) return back([["error", problem[0]], ["error_description", problem[1]]]);
  const userId = await deps.sessionUserId();
  if (!userId) return found(`/login?callbackUrl=${encodeURIComponent(url.pathname + url.search)}`);
  const code = await issueCode({ clientId: client.clientId, redirectUri, codeChallenge: q("code_challenge"), userId });
  return back([["code", code]]);
}
