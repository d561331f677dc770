import { describe, expect, it } from "vitest";
import { REDACTED, redactConfig } from "@/lib/dto/agents";

describe("redactConfig", () => {
  it("replaces secret-looking keys at any depth and keeps the rest", () => {
    const input = {
      command: "run", cwd: "/srv", timeoutSec: 30, enabled: true,
      apiKey: "k1", api_key: "k2", "api-key": "k3", token: "t", accessToken: "t2", clientSecret: "s", password: "p", passwd: "p2",
      Authorization: "Bearer x", credentials: "c", privateKey: "pk", private_key: "pk2",
      nested: { deeper: { secret: "s2", name: "visible" } },
      list: [{ token: "in-array" }, "plain"],
    };
    expect(redactConfig(input)).toEqual({
      command: "run", cwd: "/srv", timeoutSec: 30, enabled: true,
      apiKey: REDACTED, api_key: REDACTED, "api-key": REDACTED, token: REDACTED, accessToken: REDACTED, clientSecret: REDACTED,
      password: REDACTED, passwd: REDACTED, Authorization: REDACTED, credentials: REDACTED, privateKey: REDACTED, private_key: REDACTED,
      nested: { deeper: { secret: REDACTED, name: "visible" } },
      list: [{ token: REDACTED }, "plain"],
    });
  });

  it("redacts env values under secret-like names, keeps harmless ones readable", () => {
    expect(redactConfig({ env: { PATH: "/bin", OPENAI_API_KEY: "sk", COUNT: 3, LIST: ["x"] }, ENV: { X: "y", DB_PASS: "p" } })).toEqual({
      env: { PATH: "/bin", OPENAI_API_KEY: REDACTED, COUNT: 3, LIST: REDACTED }, ENV: { X: "y", DB_PASS: REDACTED },
    });
  });

  it("hides a secret key's value whatever its type, leaves empty ones visible, and does not touch the input", () => {
    const input = { token: "", password: null, secret: 42, apiKey: { nested: "x" } };
    const copy = structuredClone(input);
    expect(redactConfig(input)).toEqual({ token: "", password: null, secret: REDACTED, apiKey: REDACTED });
    expect(input).toEqual(copy);
  });

  it("passes scalars and null through", () => {
    expect(redactConfig(null)).toBeNull();
    expect(redactConfig("token")).toBe("token");
    expect(redactConfig(5)).toBe(5);
    expect(redactConfig([])).toEqual([]);
  });
});
