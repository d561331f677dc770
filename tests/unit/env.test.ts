import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/lib/env";

describe("parseEnv", () => {
  it("fills the defaults", () => {
    expect(parseEnv({})).toMatchObject({
      NODE_ENV: "development", DATABASE_POOL_SIZE: 10, CHARTER_DATA_DIR: ".data", HOST: "127.0.0.1", PORT: 3100,
      MAX_BODY_BYTES: 1024 * 1024, OAUTH_PROFILE: "strict", LOG_LEVEL: "info",
    });
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SESSION_SECRET).toBeUndefined();
  });

  it("coerces numbers and reads empty OAuth settings as unset", () => {
    const env = parseEnv({ PORT: "8080", DATABASE_POOL_SIZE: "25", OAUTH_CLIENT_ID: "", OAUTH_CLIENT_SECRET: "s3cret", DATABASE_URL: "postgresql://u@h/db" });
    expect(env).toMatchObject({ PORT: 8080, DATABASE_POOL_SIZE: 25, OAUTH_CLIENT_SECRET: "s3cret", DATABASE_URL: "postgresql://u@h/db" });
    expect(env.OAUTH_CLIENT_ID).toBeUndefined();
  });

  it.each([
    [{ PORT: "0" }, "PORT"],
    [{ PORT: "http" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ OAUTH_PROFILE: "loose" }, "OAUTH_PROFILE"],
    [{ LOG_LEVEL: "trace" }, "LOG_LEVEL"],
    [{ PUBLIC_BASE_URL: "not a url" }, "PUBLIC_BASE_URL"],
    [{ MAX_BODY_BYTES: "10" }, "MAX_BODY_BYTES"],
  ])("refuses %j with a message naming %s", (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`^Invalid setting:\\n  ${name}: `));
  });

  it("names every bad setting at once", () => {
    expect(() => parseEnv({ PORT: "-1", LOG_LEVEL: "loud" })).toThrow(/^Invalid settings:\n {2}PORT: .*\n {2}LOG_LEVEL: /);
  });
});
