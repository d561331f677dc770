// The one secrets rule (lib/secrets.ts), as a table: every value type under a secret key and every
// env shape is hidden; counts of model tokens and ordinary settings are not.
import { describe, expect, it } from "vitest";
import { isSecretKey, REDACTED, redactSecrets, secretValues } from "@/lib/secrets";

const values: Array<[string, unknown]> = [
  ["string", "sk-live-123"], ["number", 424242], ["zero", 0], ["boolean", true], ["array", ["a", "b"]],
  ["object", { inner: "sk-live-123" }], ["nested array of objects", [{ v: "sk" }]],
];
const secretKeys = ["apiKey", "api_key", "OPENAI_API_KEY", "x-api-key", "token", "accessToken", "refresh_token", "clientSecret", "secret", "password", "passwd", "Authorization", "credentials", "privateKey", "AWS_SECRET_ACCESS_KEY", "cookie", "passphrase"];
const plainKeys = ["command", "cwd", "model", "inputTokens", "outputTokens", "max_tokens", "cache_read_input_tokens", "tokenCount", "timeoutSec", "name"];

describe("redactSecrets", () => {
  for (const key of secretKeys) {
    for (const [type, value] of values) {
      it(`hides a ${type} under ${key}, also nested and in arrays`, () => {
        expect(redactSecrets({ [key]: value })).toEqual({ [key]: REDACTED });
        expect(redactSecrets({ a: { b: [{ [key]: value }] } })).toEqual({ a: { b: [{ [key]: REDACTED }] } });
      });
    }
  }

  it("keeps ordinary settings and token counts", () => {
    for (const key of plainKeys) expect(isSecretKey(key), key).toBe(false);
    const plain = Object.fromEntries(plainKeys.map((k, i) => [k, i]));
    expect(redactSecrets(plain)).toEqual(plain);
  });

  it("leaves null and empty secrets visible (they hide nothing)", () => {
    expect(redactSecrets({ token: "", password: null })).toEqual({ token: "", password: null });
  });

  it("hides every env value in every shape, keeping the names", () => {
    expect(redactSecrets({ env: { A: "1", B: 2, C: { x: 1 }, D: ["x"], E: "" } })).toEqual({ env: { A: REDACTED, B: REDACTED, C: REDACTED, D: REDACTED, E: "" } });
    expect(redactSecrets({ env: ["A=1", "B=", "JUSTVALUE", 5, { name: "C", value: "3" }, { key: "D", value: 4, valueFrom: { secret: "x" } }] })).toEqual({
      env: [`A=${REDACTED}`, "B=", REDACTED, REDACTED, { name: "C", value: REDACTED }, { key: "D", value: REDACTED, valueFrom: REDACTED }],
    });
    expect(redactSecrets({ Env: "A=1\nB=2" })).toEqual({ Env: REDACTED });
    expect(redactSecrets({ env: 12 })).toEqual({ env: REDACTED });
  });

  it("does not change its input and passes scalars through", () => {
    const input = { apiKey: { a: 1 }, env: ["A=1"] };
    const copy = structuredClone(input);
    redactSecrets(input);
    expect(input).toEqual(copy);
    expect(redactSecrets("token")).toBe("token");
    expect(redactSecrets(null)).toBeNull();
  });
});

describe("secretValues", () => {
  it("lists every hidden value as text, env values without their names", () => {
    expect(secretValues({ apiKey: 42, env: ["A=one", { name: "B", value: "two" }], headers: { Authorization: "Bearer t" }, command: "run" }).sort()).toEqual(
      ["42", "one", "two", "Bearer t"].sort(),
    );
  });
});
