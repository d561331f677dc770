// Discovery documents and the stub registration (RFC 8414, RFC 9728, RFC 7591 shapes).
import { CLIENT_NAME, REGISTERED_CALLBACK } from "@/lib/oauth/config";

export function authorizationServerMetadata(base: string) {
  return {
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
}

export function protectedResourceMetadata(base: string) {
  return { resource: base, authorization_servers: [base], scopes_supported: ["mcp"], bearer_methods_supported: ["header"] };
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
