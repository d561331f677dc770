// A company package as it travels through the API: a map from a path inside the package to the file's
// content, UTF-8 text as a string or anything else as base64. Export answers with it, an inline import
// source posts it back unchanged, the CLI and the board read folders and zips into it.
import { z } from "zod";

/** Why a package path is refused, or null when it is a clean relative path. */
export function packagePathProblem(path: string): string | null {
  if (path.length === 0) return "is empty";
  if (path.length > 500) return "is longer than 500 characters";
  if (path.includes("\u0000")) return "contains NUL";
  if (path.includes("\\")) return "contains a backslash";
  if (path.startsWith("/")) return "is absolute";
  if (/^[A-Za-z]:/.test(path)) return "starts with a drive letter";
  for (const segment of path.split("/")) {
    if (segment === "" || segment === "." || segment === "..") return "has an empty, '.' or '..' segment";
  }
  return null;
}

export const packagePathSchema = z
  .string()
  .superRefine((path, ctx) => {
    const problem = packagePathProblem(path);
    if (problem) ctx.addIssue({ code: "custom", message: `package path ${problem}` });
  })
  .describe("A relative path inside the package, segments separated by '/'");

const binaryFileSchema = z
  .object({
    encoding: z.literal("base64"),
    data: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, "must be base64").describe("The file's bytes, base64"),
    contentType: z.string().min(1).max(200).describe("The file's media type, e.g. image/png"),
  })
  .strict();

const packageFileSchema = z
  .union([z.string().describe("UTF-8 text"), binaryFileSchema])
  .describe("A file of the package: UTF-8 text, or base64 bytes with their media type");

export type PackageFile = z.infer<typeof packageFileSchema>;
export type PackageFiles = Record<string, PackageFile>;

/**
 * The files map: path → file. Paths are checked one by one so that a 400 names the bad one
 * (`details[].path` is `body.…files.<path>`).
 */
export const packageFilesSchema = z
  .record(z.string(), packageFileSchema)
  .superRefine((files, ctx) => {
    for (const path of Object.keys(files)) {
      const problem = packagePathProblem(path);
      if (problem) ctx.addIssue({ code: "custom", path: [path], message: `package path ${problem}` });
    }
  })
  .describe("The package's files by path");

/** The bytes of a package file, whichever way it is encoded. */
export function packageFileBytes(file: PackageFile): Buffer {
  return typeof file === "string" ? Buffer.from(file, "utf8") : Buffer.from(file.data, "base64");
}
