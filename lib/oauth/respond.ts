// OAuth answers: RFC 6749 bodies {error, error_description?}, not the API's error shape.
export type OAuthErrorCode =
  | "unsupported_response_type"
  | "invalid_request"
  | "invalid_grant"
  | "unsupported_grant_type"
  | "invalid_client"
  | "too_many_requests"
  | "server_error";

const noStore = { "Cache-Control": "no-store", Pragma: "no-cache" };

export function oauthJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...noStore, ...headers } });
}

export function oauthError(status: number, error: OAuthErrorCode, description?: string, headers: Record<string, string> = {}): Response {
  return oauthJson(description ? { error, error_description: description } : { error }, status, headers);
}

export const serverError = () => oauthError(500, "server_error");

/** A 302 (not Next's 307) that the browser follows with a GET. */
export function found(location: string): Response {
  return new Response(null, { status: 302, headers: { Location: location, ...noStore } });
}
