// POST /token in the strict profile: the spec's grants (lib/oauth/token.ts) behind the RFC 6749 rules
// a client library relies on: POST only (§3.2), no client_secret in the query string (§2.3.1), HTTP
// Basic client authentication (§2.3.1) with a challenge on every 401 (§5.2, RFC 9110 §11.6.1), and
// failed client authentications rate-limited per client and address (429 with Retry-After).
import { safeEqual } from "@/lib/auth/tokens";
import { clientAddress } from "@/lib/auth/request-origin";
import { guardAttempt, tokenPolicy, TooManyAttempts } from "@/lib/auth/rate-limit";
import { oauthClient } from "@/lib/oauth/config";
import { param, requestParams, type Params } from "@/lib/oauth/params";
import { oauthError } from "@/lib/oauth/respond";
import { claimCode } from "@/lib/oauth/store";
import { token } from "@/lib/oauth/token";

const BASIC_CHALLENGE = `Basic realm="charter", charset="UTF-8"`;

const invalidClient = (description: string) => oauthError(401, "invalid_client", description);

/** Client credentials of an `Authorization: Basic` header (form-urlencoded id and secret, §2.3.1); null without one. */
function basicCredentials(header: string | null): { id: string; secret: string } | "malformed" | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return "malformed";
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return "malformed";
  try {
    const unescape = (v: string) => decodeURIComponent(v.replace(/\+/g, " "));
    return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
  } catch {
    return "malformed";
  }
}

/** The request's parameters with Basic credentials merged in, or the answer refusing the request. */
async function strictParams(req: Request): Promise<Params | Response> {
  if (new URL(req.url).searchParams.has("client_secret")) {
    return oauthError(400, "invalid_request", "client_secret must not be sent in the query string (RFC 6749 §2.3.1): send it in the body or with HTTP Basic");
  }
  const params = await requestParams(req);
  const basic = basicCredentials(req.headers.get("authorization"));
  if (basic === "malformed") return invalidClient("The Authorization header is not HTTP Basic client credentials");
  if (!basic) return params;
  if (params.has("client_secret")) return oauthError(400, "invalid_request", "Use one client authentication method: HTTP Basic or client_secret in the body");
  const bodyId = param(params, "client_id");
  if (bodyId !== undefined && bodyId !== basic.id) return oauthError(400, "invalid_request", "client_id differs from the HTTP Basic client");
  params.set("client_id", basic.id);
  params.set("client_secret", basic.secret);
  return params;
}

/** The spec's grants; a client that presents a secret must present the right one, whatever the grant. */
async function grant(params: Params): Promise<Response> {
  const secret = param(params, "client_secret");
  const grantType = param(params, "grant_type");
  const client = oauthClient();
  if (secret !== undefined && grantType !== "client_credentials" && client) {
    const ok = safeEqual(param(params, "client_id") ?? "", client.clientId) && safeEqual(secret, client.clientSecret);
    if (!ok) {
      const code = param(params, "code");
      if (code) await claimCode(code); // a named code is spent, however the request ends (spec)
      return invalidClient("client_id or client_secret is wrong");
    }
  }
  return token("POST", params);
}

export async function tokenStrict(req: Request): Promise<Response> {
  if (req.method !== "POST") return oauthError(405, "invalid_request", "Token requests are POSTed (RFC 6749 §3.2)", { Allow: "POST, OPTIONS" });
  const params = await strictParams(req);
  if (params instanceof Response) return withChallenge(params);
  let res: Response | undefined;
  try {
    await guardAttempt(tokenPolicy, param(params, "client_id") ?? "", clientAddress(req.headers), async () => {
      res = await grant(params);
      return res.status === 401 ? false : res.status === 200 ? true : null;
    });
  } catch (err) {
    if (!(err instanceof TooManyAttempts)) throw err;
    return oauthError(429, "too_many_requests", err.message, { "Retry-After": String(err.retryAfterSec) });
  }
  return withChallenge(res!);
}

function withChallenge(res: Response): Response {
  if (res.status === 401) res.headers.set("WWW-Authenticate", BASIC_CHALLENGE);
  return res;
}
