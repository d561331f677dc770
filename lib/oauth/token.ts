// GET/POST /token: the metadata answer, the authorization-code grant and client credentials, with
// the spec's checks in its order. A named code is consumed before anything else is checked.
import { safeEqual } from "@/lib/auth/tokens";
import { oauthClient, TOKEN_TTL_SECONDS } from "@/lib/oauth/config";
import { param, type Params } from "@/lib/oauth/params";
import { verifierMatches } from "@/lib/oauth/pkce";
import { oauthError, oauthJson, serverError } from "@/lib/oauth/respond";
import { claimCode, issueAccessToken, type CodeGrant } from "@/lib/oauth/store";

const tokenEndpointMetadata = {
  grant_types_supported: ["authorization_code", "client_credentials"],
  token_endpoint_auth_methods_supported: ["client_secret_post", "none"],
  code_challenge_methods_supported: ["S256"],
};

const tokenAnswer = (access_token: string) => oauthJson({ access_token, token_type: "Bearer", expires_in: TOKEN_TTL_SECONDS });

export async function token(method: string, params: Params): Promise<Response> {
  if (method === "GET" && params.size === 0) return oauthJson(tokenEndpointMetadata);
  // Any token request naming a code spends it, whatever it asks for and however it ends (spec).
  const code = param(params, "code");
  const grant = code ? await claimCode(code) : null;
  const grantType = param(params, "grant_type") ?? (code ? "authorization_code" : undefined);
  if (grantType === "authorization_code") return authorizationCodeGrant(params, grant);
  if (grantType === "client_credentials") return clientCredentialsGrant(params);
  return oauthError(400, "unsupported_grant_type", grantType ? `grant_type ${grantType} is not supported` : "grant_type is required");
}

async function authorizationCodeGrant(params: Params, grant: CodeGrant | null): Promise<Response> {
  if (!grant) return oauthError(400, "invalid_grant", "The code is unknown, expired or already used");
  if (!safeEqual(param(params, "client_id") ?? "", grant.clientId)) return oauthError(401, "invalid_client", "client_id differs from the one the code was issued to");
  const redirectUri = param(params, "redirect_uri");
  if (redirectUri !== undefined && redirectUri !== grant.redirectUri) return oauthError(400, "invalid_grant", "redirect_uri differs from the one of the authorization request");
  if (grant.codeChallenge) {
    const verifier = param(params, "code_verifier");
    if (!verifier) return oauthError(400, "invalid_request", "code_verifier is required");
    if (!verifierMatches(verifier, grant.codeChallenge)) return oauthError(400, "invalid_grant", "code_verifier does not match the code_challenge");
  }
  return tokenAnswer(await issueAccessToken(grant.clientId, grant.userId));
}

async function clientCredentialsGrant(params: Params): Promise<Response> {
  const client = oauthClient();
  if (!client) return serverError();
  // both compared, always: the answer's timing does not tell which one was wrong
  const idOk = safeEqual(param(params, "client_id") ?? "", client.clientId);
  const secretOk = safeEqual(param(params, "client_secret") ?? "", client.clientSecret);
  if (!idOk || !secretOk) return oauthError(401, "invalid_client", "client_id or client_secret is wrong");
  return tokenAnswer(await issueAccessToken(client.clientId, null));
}
