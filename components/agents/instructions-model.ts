// The board's copy of the bundle rules (lib/services/agents/instructions-bundle.ts is the authority;
// the API refuses what these miss). Components may not import services, so the numbers live here too.
import type { InstructionsFile } from "@/lib/queries/agents";

export const ENTRY = "AGENTS.md";
export const MAX_FILES = 32;
export const MAX_BYTES = 512 * 1024;
const NAME = /^[A-Za-z0-9._-]+\.md$/;

export const bundleBytes = (files: InstructionsFile[]) => files.reduce((n, f) => n + new TextEncoder().encode(f.content).length, 0);

/** The line ending a file uses: CRLF when it has one and no bare LF. */
export const eolOf = (text: string): "\n" | "\r\n" => (text.includes("\r\n") && !/(^|[^\r])\n/.test(text) ? "\r\n" : "\n");

/** A textarea's text ("\n" only) with the file's own line ending. */
export const withEol = (text: string, eol: "\n" | "\r\n") => (eol === "\n" ? text : text.replace(/\r?\n/g, "\r\n"));

/** Why `name` cannot be a new file name in `files` (ignoring the file it renames), or null. */
export function nameProblem(name: string, files: InstructionsFile[], renaming?: string): string | null {
  if (!NAME.test(name)) return "Use letters, digits, dot, dash or underscore, ending in .md (no folders).";
  if (name.length > 128) return "At most 128 characters.";
  if (files.some((f) => f.path !== renaming && f.path.toLowerCase() === name.toLowerCase())) return "A file with this name exists.";
  return null;
}

/** AGENTS.md first, then by name (the order the API answers in). */
export const sortFiles = (files: InstructionsFile[]) =>
  [...files].sort((a, b) => (a.path === ENTRY ? -1 : b.path === ENTRY ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
