import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bearerToken, digestToken, mintToken, safeEqual, tokenKind, tokenPrefixes } from "@/lib/auth/tokens";

describe("mintToken", () => {
  it.each(Object.keys(tokenPrefixes) as (keyof typeof tokenPrefixes)[])("mints a %s with its prefix and ≥ 32 random bytes", (kind) => {
    const { token, digest } = mintToken(kind);
    expect(token.startsWith(tokenPrefixes[kind])).toBe(true);
    const random = Buffer.from(token.slice(tokenPrefixes[kind].length), "base64url");
    expect(random.length).toBeGreaterThanOrEqual(32);
    expect(digest).toBe(digestToken(token));
    expect(tokenKind(token)).toBe(kind);
  });

  it("never repeats", () => {
    const tokens = new Set(Array.from({ length: 200 }, () => mintToken("agentKey").token));
    expect(tokens.size).toBe(200);
  });
});

describe("digestToken", () => {
  it("is the hex SHA-256 of the token", () => {
    expect(digestToken("chk_agent_abc")).toBe(createHash("sha256").update("chk_agent_abc").digest("hex"));
    expect(digestToken("a")).toMatch(/^[0-9a-f]{64}$/);
    expect(digestToken("a")).not.toBe(digestToken("b"));
  });
});

describe("tokenKind", () => {
  it("is null for anything without a known prefix", () => {
    expect(tokenKind("sk-live-123")).toBeNull();
    expect(tokenKind("")).toBeNull();
    expect(tokenKind("CHK_AGENT_x")).toBeNull();
  });
});

describe("safeEqual", () => {
  it("compares by value, never throwing on different lengths", () => {
    expect(safeEqual("abc", "abc")).toBe(true);
    expect(safeEqual("abc", "abd")).toBe(false);
    expect(safeEqual("abc", "abcd")).toBe(false);
    expect(safeEqual("", "")).toBe(true);
    expect(safeEqual("", "x")).toBe(false);
    const d = digestToken("t");
    expect(safeEqual(d, digestToken("t"))).toBe(true);
    expect(safeEqual(d, d.toUpperCase())).toBe(false);
  });
});

describe("bearerToken", () => {
  it("reads the token of an Authorization: Bearer header, the scheme in any case", () => {
    expect(bearerToken("Bearer chk_agent_abc")).toBe("chk_agent_abc");
    expect(bearerToken("bearer  chk_agent_abc  ")).toBe("chk_agent_abc");
    expect(bearerToken("BEARER x")).toBe("x");
  });

  it("is null for anything else: no header, another scheme, no token, two tokens", () => {
    for (const header of [null, undefined, "", "Basic dXNlcjpwYXNz", "Bearer", "Bearer ", "Bearer a b", "Bearerabc", " Bearer abc"]) {
      expect(bearerToken(header)).toBeNull();
    }
  });

  it("is the only parser of the header: no other source matches the scheme itself", async () => {
    const { execFileSync } = await import("node:child_process");
    const out = execFileSync("git", ["grep", "-l", "-E", "Bearer\\\\s", "--", "lib", "app", "scripts", "components"], { encoding: "utf8" }).trim().split("\n");
    expect(out).toEqual(["lib/auth/tokens.ts"]);
  });
});
