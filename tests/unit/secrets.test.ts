// The one secrets rule (lib/secrets.ts), as a table: every value type under a secret key and every
// env shape is hidden; counts of model tokens and ordinary settings are not.
import { describe, expect, it } from "vitest";
import { isSecretEnvName, isSecretKey, REDACTED, redactSecrets, secretValues } from "@/lib/secrets";

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

  it("hides env values under secret-like names in every shape, keeping the names", () => {
    expect(redactSecrets({ env: { API_KEY: "1", GH_TOKEN: 2, C: { x: 1 }, D: ["x"], DB_PASS: "" } })).toEqual({ env: { API_KEY: REDACTED, GH_TOKEN: REDACTED, C: REDACTED, D: REDACTED, DB_PASS: "" } });
    expect(redactSecrets({ env: ["MY_SECRET=1", "B=", "JUSTVALUE", 5, { name: "SESSION_ID", value: "3" }, { key: "D", value: 4, valueFrom: { secret: "x" } }] })).toEqual({
      env: [`MY_SECRET=${REDACTED}`, "B=", REDACTED, REDACTED, { name: "SESSION_ID", value: REDACTED }, { key: "D", value: 4, valueFrom: REDACTED }],
    });
    expect(redactSecrets({ Env: "A=1\nB=2" })).toEqual({ Env: REDACTED });
    expect(redactSecrets({ env: 12 })).toEqual({ env: REDACTED });
  });

  it("keeps harmless env values readable: plain names, plain values", () => {
    const env = { NODE_ENV: "production", LOG_LEVEL: "debug", PORT: 8080, GIT_AUTHOR_NAME: "Ada", PASSTHROUGH_MODE: "on", KEYBOARD: "us", PWD: "/srv" };
    expect(redactSecrets({ env })).toEqual({ env });
    expect(redactSecrets({ env: ["NODE_ENV=production", { name: "REGION", value: "eu" }] })).toEqual({ env: ["NODE_ENV=production", { name: "REGION", value: "eu" }] });
  });

  it("reads an env name's words: secret words anywhere, in any case or separator", () => {
    for (const name of ["OPENAI_API_KEY", "SSH_KEY", "GH_TOKEN", "clientSecret", "DB_PASSWORD", "DB_PASS", "PGPASSWORD", "BASIC_AUTH", "authHeader", "GOOGLE_CREDENTIALS", "PRIVATE_PEM", "SESSION_COOKIE", "sessionId", "SENTRY_DSN", "AWS_ACCESS_KEY_ID"]) {
      expect(isSecretEnvName(name), name).toBe(true);
    }
    for (const name of ["NODE_ENV", "GIT_AUTHOR_EMAIL", "PASSTHROUGH", "KEYBOARD_LAYOUT", "MAX_TOKENS", "HOME", "PATH", "DATABASE_URL"]) {
      expect(isSecretEnvName(name), name).toBe(false);
    }
  });

  it("hides a URL carrying a password under any env name", () => {
    expect(redactSecrets({ env: { DATABASE_URL: "postgres://app:hunter2@db:5432/app", DOCS_URL: "https://example.com/a@b" } })).toEqual({
      env: { DATABASE_URL: REDACTED, DOCS_URL: "https://example.com/a@b" },
    });
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
    expect(secretValues({ apiKey: 42, env: ["A_TOKEN=one", { name: "B_SECRET", value: "two" }, "PLAIN=shown"], headers: { Authorization: "Bearer t" }, command: "run" }).sort()).toEqual(
      ["42", "one", "two", "Bearer t"].sort(),
    );
    // a run's own text hides every env value, the harmless ones too
    expect(secretValues({ env: ["PLAIN=shown", { name: "MODE", value: "fast" }], command: "run" }, { everyEnv: true }).sort()).toEqual(["fast", "shown"]);
  });
});
