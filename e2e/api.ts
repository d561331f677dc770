// Test data through the same HTTP API the agents use, authenticated with a board token that the
// signed-in user mints for themself (POST /api/board/tokens).
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";

export async function boardApi(page: Page): Promise<APIRequestContext> {
  // a cookie-authenticated write: like the browser's own fetch, it names this site as its Origin
  const res = await page.request.post("/api/board/tokens", { data: { name: "e2e" }, headers: { origin: process.env.CHARTER_E2E_BASE_URL! } });
  expect(res.status(), await res.text()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  return playwrightRequest.newContext({
    baseURL: process.env.CHARTER_E2E_BASE_URL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
}

export async function post<T = any>(api: APIRequestContext, url: string, data?: unknown, status = 201): Promise<T> {
  const res = await api.post(url, data === undefined ? {} : { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

export async function patch<T = any>(api: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await api.patch(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** A company of its own for a spec, with a unique prefix so reruns and other specs never clash. */
export async function createCompany(api: APIRequestContext, name: string, input: Record<string, unknown> = {}) {
  return post<{ id: string; issuePrefix: string; name: string }>(api, "/api/companies", { name, ...input });
}

/** A process agent needs a command: `true` (a run that does nothing and succeeds) unless the spec names one. */
export async function createAgent(api: APIRequestContext, companyId: string, input: Record<string, unknown>) {
  const body: Record<string, unknown> = { adapterType: "process", ...input };
  if (body.adapterType === "process") body.adapterConfig = { command: "true", ...(input.adapterConfig as object | undefined) };
  return post<{ id: string; urlKey: string; name: string }>(api, `/api/companies/${companyId}/agents`, body);
}
