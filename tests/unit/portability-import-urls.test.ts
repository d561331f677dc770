import { describe, expect, it } from "vitest";
import { displayUrl, parseGitUrl, parseGithubUrl, refProblem } from "@/lib/portability/import/urls";
import { isPrivateAddress } from "@/lib/private-address";

describe("GitHub addresses", () => {
  it("maps the repository, tree, blob and query forms to a clone of the repository, a ref and a folder", () => {
    const clone = "https://github.com/paperclipai/companies.git";
    expect(parseGithubUrl("https://github.com/paperclipai/companies")).toEqual({ cloneUrl: clone, ref: null, path: null });
    expect(parseGithubUrl("https://github.com/paperclipai/companies.git")).toEqual({ cloneUrl: clone, ref: null, path: null });
    expect(parseGithubUrl("https://github.com/paperclipai/companies/tree/main/agentsys-engineering")).toEqual({ cloneUrl: clone, ref: "main", path: "agentsys-engineering" });
    expect(parseGithubUrl("https://github.com/paperclipai/companies/tree/v1.2")).toEqual({ cloneUrl: clone, ref: "v1.2", path: null });
    expect(parseGithubUrl("https://github.com/paperclipai/companies/blob/main/gstack/COMPANY.md")).toEqual({ cloneUrl: clone, ref: "main", path: "gstack" });
    expect(parseGithubUrl("https://github.com/cellarwood/figurio/blob/main/COMPANY.md")).toEqual({ cloneUrl: "https://github.com/cellarwood/figurio.git", ref: "main", path: null });
    expect(parseGithubUrl("https://github.com/paperclipai/companies?ref=feature/x&path=a/b")).toEqual({ cloneUrl: clone, ref: "feature/x", path: "a/b" });
  });

  it("refuses other hosts, http, non-URLs, other pages and unsafe refs or folders", () => {
    for (const bad of [
      "https://gitlab.com/a/b", "http://github.com/a/b", "github.com/a/b", "https://github.com/a", "https://github.com/a/b/issues/3",
      "https://github.com/a/b/blob/main/README.md", "https://user:pw@github.com/a/b", "https://github.com:8443/a/b", "https://github.com/-a/b",
      "https://github.com/a/b/tree/-x", "https://github.com/a/b?path=../x", "https://github.com/a/b?ref=a..b", "https://github.com/a/b/tree/main/..",
    ]) expect(typeof parseGithubUrl(bad), bad).toBe("string");
  });
});

describe("git URLs", () => {
  it("takes https, ssh, git, file and scp-like addresses", () => {
    expect(parseGitUrl("https://git.example.com/acme.git")).toEqual({ protocol: "https", host: "git.example.com" });
    expect(parseGitUrl("ssh://git@example.com/acme.git")).toEqual({ protocol: "ssh", host: "example.com" });
    expect(parseGitUrl("git://example.com/acme.git")).toEqual({ protocol: "git", host: "example.com" });
    expect(parseGitUrl("file:///srv/acme")).toEqual({ protocol: "file", host: "" });
    expect(parseGitUrl("git@github.com:acme/site.git")).toEqual({ protocol: "ssh", host: "github.com" });
  });

  it("refuses http, ext::, bare paths, options and control characters", () => {
    for (const bad of ["http://example.com/a.git", "ext::sh -c id", "ext::x", "/srv/acme", "acme", "-oProxyCommand=x", "--upload-pack=x", "file://host/x", "https://", "fd::1", "https://ex ample.com/a", "git@-host:x"]) {
      expect(typeof parseGitUrl(bad), bad).toBe("string");
    }
  });

  it("never shows user info", () => {
    expect(displayUrl("https://x-access-token:secret@github.com/a/b.git")).toBe("https://github.com/a/b.git");
    expect(displayUrl("git@github.com:a/b.git")).toBe("github.com:a/b.git");
  });

  it("takes branch, tag and commit names, not options or git's forbidden forms", () => {
    for (const ok of ["main", "v1.2.3", "feature/x", "0123456789abcdef0123456789abcdef01234567"]) expect(refProblem(ok), ok).toBeNull();
    for (const bad of ["-x", "a..b", "a//b", "a/", "x.lock", "a b", "a@{1}", ""]) expect(refProblem(bad), bad).not.toBeNull();
  });
});

describe("internal addresses", () => {
  it("covers loopback, private, link-local and mapped forms, not public addresses", () => {
    for (const ip of ["127.0.0.1", "10.0.0.8", "172.20.1.1", "192.168.0.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "::", "fd00::1", "fe80::1", "::ffff:127.0.0.1"]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ["140.82.112.3", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"]) expect(isPrivateAddress(ip), ip).toBe(false);
  });
});
