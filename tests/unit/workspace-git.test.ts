// What a git failure means: the precise reasons a run's workspace can fail with.
import { describe, expect, it } from "vitest";
import { classifyGitFailure } from "@/lib/services/workspaces/git";

describe("classifyGitFailure", () => {
  it("names git missing, a full disk, an unreachable repository, a taken branch and a folder that is no repository", () => {
    expect(classifyGitFailure("ENOENT", "")).toBe("git_missing");
    expect(classifyGitFailure(128, "fatal: could not write index: No space left on device")).toBe("disk_full");
    expect(classifyGitFailure("ENOSPC", "")).toBe("disk_full");
    expect(classifyGitFailure(128, "fatal: unable to access 'https://example.invalid/x.git/': Could not resolve host: example.invalid")).toBe("unreachable");
    expect(classifyGitFailure(128, "fatal: '/srv/none.git' does not appear to be a git repository\nfatal: Could not read from remote repository.")).toBe("unreachable");
    expect(classifyGitFailure(128, "fatal: a branch named 'charter/A-1-x' already exists")).toBe("branch_taken");
    expect(classifyGitFailure(128, "fatal: 'charter/A-1-x' is already checked out at '/w/A-1'")).toBe("branch_taken");
    expect(classifyGitFailure(128, "fatal: not a git repository (or any of the parent directories): .git")).toBe("not_a_repository");
    expect(classifyGitFailure(1, "error: something else")).toBe("git_failed");
  });
});
