// OAuth tool-server benchmark (`npm run bench:oauth`, after `npm run build`). In one run:
//   - the floor: GET /api/ping (no database) at 10 connections
//   - POST /token, client credentials, at 10 connections, as a share of the floor (target ≥ 40%)
//   - POST /mcp tools/call list_issues with an OAuth access token (target p99 < 80 ms)
import { load, machine, saveResult, sleep, startCharter } from "./lib.mjs";

const duration = Number(process.env.BENCH_SECONDS ?? 15);
const issues = Number(process.env.BENCH_ISSUES ?? 200);
Object.assign(process.env, { OAUTH_CLIENT_ID: "bench-client", OAUTH_CLIENT_SECRET: "bench-secret-0123456789", OAUTH_PROFILE: "strict" });
const c = await startCharter();
const company = await c.api("POST", "/api/companies", { name: "Bench Tools" });
for (let i = 0; i < issues; i++) await c.api("POST", `/api/companies/${company.id}/issues`, { title: `Issue ${i}`, status: i % 3 ? "todo" : "backlog" });

const tokenForm = new URLSearchParams({ grant_type: "client_credentials", client_id: "bench-client", client_secret: "bench-secret-0123456789" }).toString();
const tokenReq = { path: "/token", method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: tokenForm };
const { access_token: accessToken } = await (await fetch(`${c.base}/token`, { method: "POST", headers: tokenReq.headers, body: tokenForm })).json();
const listIssues = {
  path: "/mcp",
  method: "POST",
  headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" },
  body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_issues", arguments: { companyId: company.id, status: ["todo"], limit: 50 } } }),
};
// the same list through /api with the same token, for reference: what MCP adds on top
const apiList = { path: `/api/companies/${company.id}/issues?status=todo&limit=50`, headers: { authorization: `Bearer ${accessToken}` } };
const check = await (await fetch(c.base + listIssues.path, listIssues)).json();
if (check.result?.isError || !JSON.parse(check.result.content[0].text).items.length) throw new Error(`list_issues failed: ${JSON.stringify(check)}`);

await load(c.base, { path: "/api/ping", duration: 3 });
await load(c.base, { ...tokenReq, duration: 3 });
await load(c.base, { ...listIssues, duration: 3 });
await load(c.base, { ...apiList, duration: 3 });
await sleep(1000);
const floor = await load(c.base, { path: "/api/ping", duration });
const token = await load(c.base, { ...tokenReq, duration });
const mcp = await load(c.base, { ...listIssues, duration });
const api = await load(c.base, { ...apiList, duration });
await c.stop();

const result = {
  date: new Date().toISOString(), machine: machine(), connections: 10, durationSeconds: duration, issues,
  floor, tokenClientCredentials: token, tokenShareOfFloor: Math.round((token.reqPerSec / floor.reqPerSec) * 100), mcpListIssues: mcp, apiListIssues: api,
};
saveResult("oauth", result);
console.log(JSON.stringify(result, null, 2));
console.log(`
| measure | result | target |
|---|---|---|
| floor: GET /api/ping, 10 connections | ${floor.reqPerSec} req/s, p99 ${floor.p99ms} ms | (reference) |
| POST /token, client credentials | ${token.reqPerSec} req/s = **${result.tokenShareOfFloor}%** of floor, p99 ${token.p99ms} ms | ≥ 40% |
| POST /mcp tools/call list_issues (50 of ${issues}) | ${mcp.reqPerSec} req/s, p99 **${mcp.p99ms} ms** | p99 < 80 ms |
| (reference) GET /api/companies/:id/issues?status=todo&limit=50, same token | ${api.reqPerSec} req/s, p99 ${api.p99ms} ms | |
`);
process.exit(0);
