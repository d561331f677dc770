// One request of a tenancy case (tests/integration/tenancy-cases/), sent with an outsider's token.
import { client } from "./api";

export interface TenancyCase<W> {
  name: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: (w: W) => string;
  body?: (w: W) => unknown;
}

export function sendCase<W>(token: string, tc: TenancyCase<W>, w: W) {
  const api = client(token);
  const url = tc.path(w);
  if (tc.method === "GET") return api.get(url);
  if (tc.method === "DELETE") return api.delete(url);
  return tc.method === "POST" ? api.post(url, tc.body?.(w)) : api.patch(url, tc.body?.(w));
}
