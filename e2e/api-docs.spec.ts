// The API reference: /docs/api renders the OpenAPI document with Swagger UI, every file from this
// server (nothing fetched from elsewhere), and the board links to it.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createCompany } from "./api";

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

test("the API reference renders the document's operations, from this server only", async ({ page, baseURL }, testInfo) => {
  const foreign: string[] = [];
  page.on("request", (req) => {
    if (!req.url().startsWith(baseURL!) && !req.url().startsWith("data:")) foreign.push(req.url());
  });
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "Charter API reference" })).toBeVisible();
  // every tag of the document is listed, folded (130-odd operations unfolded at once stall Swagger UI)
  const doc = await (await page.request.get("/api/openapi.json")).json();
  const tags = new Set(Object.values(doc.paths as Record<string, Record<string, { tags?: string[] }>>)
    .flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? [])));
  await expect(page.locator(".opblock-tag-section")).toHaveCount(tags.size);
  await page.locator("#operations-tag-Issues").click();
  // an operation of the document, with its summary from the route
  const checkout = page.locator("#operations-Issues-postIssuesByIssueIdCheckout");
  await expect(checkout).toBeVisible();
  await expect(checkout).toContainText("/api/issues/{issueId}/checkout");
  await expect(checkout).toContainText("Check out an issue");
  await checkout.getByRole("button").first().click();
  await expect(checkout.getByText("409", { exact: true }).first()).toBeVisible();
  await snap(page, testInfo, "api-docs");
  expect(foreign, "requests to other origins").toEqual([]);
});

test("the board's side bar links to the API reference", async ({ page }, testInfo) => {
  await signIn(page);
  const api = await boardApi(page);
  await createCompany(api, "Docs Readers", { issuePrefix: "DOCS" });
  await api.dispose();
  await page.goto("/DOCS/dashboard");
  await snap(page, testInfo, "side-bar-api-link");
  await page.getByRole("link", { name: "API reference" }).click();
  await page.waitForURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { name: "Charter API reference" })).toBeVisible();
});

// next-auth answers from a catch-all that only runs inside Next (not in the in-process API tests):
// here its endpoints, as the board's sign-in and sign-out use them, are held against the document.
test("next-auth's endpoints answer what the OpenAPI document says", async ({ page }) => {
  const doc = await (await page.request.get("/api/openapi.json")).json();
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(doc, "openapi.json");
  const check = async (method: "get" | "post", path: string, res: { status(): number; json(): Promise<unknown> }) => {
    expect(res.status(), `${method} ${path}`).toBe(200);
    const validate = ajv.compile({ $ref: `openapi.json#/paths/${path.replace(/\//g, "~1")}/${method}/responses/200/content/application~1json/schema` });
    const body = await res.json();
    expect(validate(body), `${method} ${path}: ${JSON.stringify(validate.errors)} in ${JSON.stringify(body)}`).toBe(true);
    return body as Record<string, any>;
  };
  const { csrfToken } = await check("get", "/api/auth/csrf", await page.request.get("/api/auth/csrf"));
  await check("get", "/api/auth/providers", await page.request.get("/api/auth/providers"));
  expect(await check("get", "/api/auth/session", await page.request.get("/api/auth/session"))).toEqual({});
  const form = (fields: Record<string, string>) => ({ form: { ...fields, csrfToken, json: "true" } });
  await check("post", "/api/auth/callback/credentials",
    await page.request.post("/api/auth/callback/credentials", form({ email: ADMIN.email, password: ADMIN.password })));
  const session = await check("get", "/api/auth/session", await page.request.get("/api/auth/session"));
  expect(session.user.email).toBe(ADMIN.email);
  await check("post", "/api/auth/signout", await page.request.post("/api/auth/signout", form({})));
  expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});
});
