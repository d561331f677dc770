import { describe, expect, it } from "vitest";
import { client, call } from "../support/api";
import { createWorld } from "../factories";

describe("platform", () => {
  it("serves /api/agents/me for an agent key", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.engineer).get("/api/agents/me");
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(w.engineer.id);
    expect(res.body.chainOfCommand.map((c: { id: string }) => c.id)).toEqual([w.manager.id, w.ceo.id]);
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers 401 with WWW-Authenticate without a token", async () => {
    const res = await call("GET", "/api/agents/me");
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe("Bearer");
    expect(res.body).toMatchObject({ code: "unauthenticated", requestId: expect.any(String) });
  });
});
