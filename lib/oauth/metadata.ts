// Discovery documents and the stub registration (RFC 8414, RFC 9728, RFC 7591 shapes). The seed
// profile answers the spec's documents as written; the strict one says what the server really does.
import { CLIENT_NAME, REGISTERED_CALLBACK } from "@/lib/oauth/config";

type Profile = "strict" | "seed";

export function authorizationServerMetadata(base: string, profile: Profile) {
  const seed = {
    issuer: base,
    authorization_endpoint: `${base}/authorize`,
    token_endpoint: `${base}/token`,
    registration_endpoint: `${base}/register`,
    token_endpoint_auth_methods_supported: ["none"],
    grant_types_supported: ["authorization_code"],
    response_types_supported: ["code"],
    code_challenge_methods_supported: ["S256"],
    scopes_supported: ["mcp"],
  };
  if (profile === "seed") return seed;
  return {
    ...seed,
    // /token takes client credentials too, authenticated with HTTP Basic or in the body
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    grant_types_supported: ["authorization_code", "client_credentials"],
    response_modes_supported: ["query"],
    authorization_response_iss_parameter_supported: true,
  };
}

/**
 * RFC 9728: `resource` is the protected resource's own identifier, the URL whose well-known address
 * was asked for (strict: `{base}/mcp` for /.well-known/oauth-protected-resource/mcp); seed: {base_url}.
 */
export function protectedResourceMetadata(base: string, profile: Profile, path = "") {
  return { resource: profile === "strict" ? `${base}${path}` : base, authorization_servers: [base], scopes_supported: ["mcp"], bearer_methods_supported: ["header"] };
}

export function registration(clientId: string) {
  return {
    client_id: clientId,
    client_name: CLIENT_NAME,
    redirect_uris: [REGISTERED_CALLBACK],
    grant_types: ["authorization_code"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  };
}
