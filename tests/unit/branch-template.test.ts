import { describe, expect, it } from "vitest";
import { branchNameProblem, renderBranchName } from "@/lib/services/workspaces/branch-template";

describe("branch names", () => {
  it("renders the default template from the issue", () => {
    expect(renderBranchName(null, { identifier: "ACME-12", number: 12, title: "Fix the login page!" })).toMatch(/^charter\/ACME-12-fix-the-login-page/);
  });

  it("accepts what git accepts under refs/heads/", () => {
    expect(branchNameProblem("charter/ACME-12-fix")).toBeNull();
    expect(branchNameProblem("feature/a.b")).toBeNull();
  });

  it.each([
    ["", "is empty"],
    ["a b", "control character"],
    ["a\u0000b", "control character"],
    ["a\tb", "control character"],
    ["a\u007fb", "control character"],
    ["a~b", "control character"],
    ["a[b", "control character"],
    ["a\\b", "control character"],
    ["/a", "empty path component"],
    ["a//b", "empty path component"],
    ["-a", "starts with a dash"],
    ["a..b", "contains .."],
    ["a@{b", "contains .."],
    ["a/.b", "starts with a dot"],
    ["a.lock", "ends with .lock"],
    ["refs/heads/x", "not a ref outside"],
  ])("refuses %j", (name, why) => {
    expect(branchNameProblem(name)).toContain(why);
  });
});
