// The board's package reader and zipper: a picked folder or a zip becomes the inline source the API
// takes (root at the shallowest COMPANY.md, .git/ left out, text as text, anything else as base64),
// and an export's files zip and read back to the same files.
import { describe, expect, it } from "vitest";
import { strToU8, zipSync } from "fflate";
import {
  ZIP_MAX_INFLATED, base64ToBytes, bytesOf, bytesToBase64, isGithubUrl, packageRoot, readPackage, readPickedFolder, toPackageFile, unzipFiles, zipPackage,
} from "@/lib/portability/browser-package";
import { packageFileBytes, type PackageFiles } from "@/lib/portability/package-files";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const raw = (entries: Record<string, string | Uint8Array>) =>
  new Map(Object.entries(entries).map(([p, v]) => [p, typeof v === "string" ? strToU8(v) : v]));

describe("packageRoot", () => {
  it("is the shallowest folder with a COMPANY.md, the first by name on a tie", () => {
    expect(packageRoot(["a/b/COMPANY.md", "z/COMPANY.md", "c/COMPANY.md", "README.md"])).toBe("c");
    expect(packageRoot(["x/COMPANY.md", "COMPANY.md"])).toBe("");
    expect(packageRoot(["agents/ceo/AGENTS.md", "NOTCOMPANY.md", "x/MY-COMPANY.md"])).toBeNull();
  });
});

describe("readPackage", () => {
  it("keeps the files under the root, relative to it, and leaves out .git/ and what lies beside the root", () => {
    const read = readPackage(raw({
      "repo/README.md": "outside",
      "repo/acme/COMPANY.md": "---\nname: Acme\n---\n",
      "repo/acme/agents/ceo/AGENTS.md": "Lead.",
      "repo/acme/.git/config": "[core]",
      "repo/acme/deep/.git/HEAD": "ref",
      "repo/.git/COMPANY.md": "a COMPANY.md in .git/ is never the root",
    }));
    expect(read?.root).toBe("repo/acme");
    expect(Object.keys(read!.files)).toEqual(["COMPANY.md", "agents/ceo/AGENTS.md"]);
    expect(read!.files["agents/ceo/AGENTS.md"]).toBe("Lead.");
  });

  it("sends UTF-8 as text and binaries, invalid UTF-8 and text with NUL as base64 with a media type", () => {
    const read = readPackage(raw({
      "COMPANY.md": "---\nname: Ünïcode 😀\n---\n",
      "images/logo.png": PNG,
      "notes/latin1.md": Uint8Array.from([0x63, 0x61, 0x66, 0xe9]),
      "data/nul.txt": Uint8Array.from([0x61, 0, 0x62]),
    }))!;
    expect(read.files["COMPANY.md"]).toBe("---\nname: Ünïcode 😀\n---\n");
    expect(read.files["images/logo.png"]).toEqual({ encoding: "base64", data: Buffer.from(PNG).toString("base64"), contentType: "image/png" });
    expect(read.files["notes/latin1.md"]).toMatchObject({ encoding: "base64", contentType: "application/octet-stream" });
    expect(read.files["data/nul.txt"]).toMatchObject({ encoding: "base64", data: Buffer.from([0x61, 0, 0x62]).toString("base64") });
  });

  it("leaves out, and names, a path the API would refuse", () => {
    const read = readPackage(raw({ "COMPANY.md": "x", "agents/a\\b/AGENTS.md": "x" }))!;
    expect(Object.keys(read.files)).toEqual(["COMPANY.md"]);
    expect(read.skipped).toEqual([{ path: "agents/a\\b/AGENTS.md", reason: "path contains a backslash" }]);
  });

  it("is null without a COMPANY.md", () => {
    expect(readPackage(raw({ "agents/ceo/AGENTS.md": "x" }))).toBeNull();
  });
});

describe("zips", () => {
  it("an export zips under <rootPath>/ and reads back to the same files, byte for byte", () => {
    const files: PackageFiles = {
      "COMPANY.md": "---\nname: \"Acme\"\n---\n",
      ".charter.yaml": "schema: \"charter/v1\"\n",
      "agents/cora/AGENTS.md": "Instructions ✓\n",
      "images/logo.png": { encoding: "base64", data: Buffer.from(PNG).toString("base64"), contentType: "image/png" },
    };
    const zipped = unzipFiles(zipPackage("acme", files)).files;
    expect([...zipped.keys()].sort()).toEqual(["acme/.charter.yaml", "acme/COMPANY.md", "acme/agents/cora/AGENTS.md", "acme/images/logo.png"]);
    const read = readPackage(zipped)!;
    expect(read.root).toBe("acme");
    expect(read.files).toEqual(files);
  });

  it("leaves out folders, .git/ and symbolic links of a zip, and names the links", () => {
    const bytes = zipSync({
      "pkg/": new Uint8Array(), "pkg/COMPANY.md": strToU8("x"), "pkg/.git/HEAD": strToU8("ref"),
      "pkg/agents/ceo/AGENTS.md": [strToU8("/etc/passwd"), { os: 3, attrs: (0o120777 << 16) >>> 0 }],
    });
    const { files, links } = unzipFiles(bytes);
    expect([...files.keys()]).toEqual(["pkg/COMPANY.md"]);
    expect(links).toEqual(["pkg/agents/ceo/AGENTS.md"]);
  });

  it("refuses a zip that inflates past the cap before inflating it", () => {
    const bytes = zipSync({ "big.bin": new Uint8Array(ZIP_MAX_INFLATED + 1) }, { level: 1 });
    expect(() => unzipFiles(bytes)).toThrow(/inflates to more than 64 MiB/);
  });

  it("refuses what is not a zip", () => {
    expect(() => unzipFiles(strToU8("not a zip at all"))).toThrow();
  });
});

describe("isGithubUrl", () => {
  it("is an https address on github.com only", () => {
    expect(isGithubUrl("https://github.com/paperclipai/companies/tree/main/gstack")).toBe(true);
    for (const url of ["http://github.com/a/b", "https://github.com.evil.test/a/b", "git@github.com:a/b.git", "https://gitlab.com/a/b", "not a url"]) {
      expect(isGithubUrl(url), url).toBe(false);
    }
  });
});

describe("bytes", () => {
  it("base64 round-trips large arrays and agrees with Node's", () => {
    const big = Uint8Array.from({ length: 100_003 }, (_, i) => (i * 7919) % 256);
    expect(bytesToBase64(big)).toBe(Buffer.from(big).toString("base64"));
    expect(base64ToBytes(bytesToBase64(big))).toEqual(big);
  });

  it("a package file's bytes are the server's reading of it", () => {
    for (const file of [toPackageFile(strToU8("héllo"), "a.md"), toPackageFile(PNG, "b.png")]) {
      expect(Buffer.from(bytesOf(file))).toEqual(packageFileBytes(file));
    }
  });
});

describe("readPickedFolder", () => {
  it("keys files by the browser's relative path and leaves out .git/", async () => {
    const picked = (path: string, text: string) => {
      const file = new File([text], path.split("/").pop()!);
      Object.defineProperty(file, "webkitRelativePath", { value: path });
      return file;
    };
    const out = await readPickedFolder([picked("lumen/COMPANY.md", "x"), picked("lumen/.git/HEAD", "ref"), picked("lumen/agents/ceo/AGENTS.md", "y")]);
    expect([...out.keys()]).toEqual(["lumen/COMPANY.md", "lumen/agents/ceo/AGENTS.md"]);
    expect(new TextDecoder().decode(out.get("lumen/agents/ceo/AGENTS.md"))).toBe("y");
  });
});
