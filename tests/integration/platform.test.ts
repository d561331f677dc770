// Endpoints that need no caller: health, ping and the icon list agents read before hiring.
import { describe, expect, it } from "vitest";
import { agentIcons } from "@/lib/icons";
import { call, client } from "../support/api";
import { createWorld } from "../factories";

describe("unauthenticated endpoints", () => {
  it("GET /api/health reports the database up", async () => {
    const res = await call("GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, database: "up", latencyMs: expect.any(Number) });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("GET /api/ping answers without touching anything", async () => {
    const res = await call("GET", "/api/ping");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it("GET /llms/agent-icons.txt lists the icon names as plain text, one per line, and each is accepted", async () => {
    const res = await call("GET", "/llms/agent-icons.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const names = res.text.trimEnd().split("\n");
    expect(names).toEqual([...agentIcons]);
    expect(names).toEqual(expect.arrayContaining(["bot", "code", "search", "shield"]));
    for (const name of names) expect(name).toMatch(/^[a-z][a-z-]*$/);
    const w = await createWorld();
    const api = client(w.tokens.owner);
    for (const [i, icon] of names.entries()) {
      const hired = await api.post(`/api/companies/${w.company.id}/agents`, { adapterConfig: { command: "true" }, name: `Icon ${i}`, icon });
      expect(hired.status, icon).toBe(201);
      expect(hired.body.icon).toBe(icon);
    }
  });
});
