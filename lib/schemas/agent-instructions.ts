import { z } from "zod";
import { dateTimeSchema } from "@/lib/schemas/common";

// The bundle's own rules (names, 32 files, 512 KiB, AGENTS.md) are checked by the service, whose
// errors name the file; these bounds only keep a hostile body small.
const bundleFileSchema = z.strictObject({
  path: z.string().min(1).max(1000).describe("A flat markdown file name, e.g. AGENTS.md, SOUL.md ([A-Za-z0-9._-]+.md)"),
  content: z.string().max(1024 * 1024).describe("The file's text, verbatim (UTF-8, no NUL)"),
}).meta({ id: "InstructionsFile" });

export const putInstructionsSchema = z.strictObject({
  files: z.array(bundleFileSchema).max(1000)
    .describe("The whole bundle (it replaces the stored one): AGENTS.md plus sibling files, at most 32 files and 512 KiB; [] clears it"),
});
export type PutInstructionsInput = z.infer<typeof putInstructionsSchema>;

export const instructionsResponseSchema = z.object({
  files: z.array(bundleFileSchema).describe("AGENTS.md first, then by name; empty when the agent has no bundle"),
  updatedAt: dateTimeSchema.nullable().describe("When the bundle was last written; null when there is none"),
}).meta({ id: "InstructionsBundle" });
