import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => uuidPattern.test(v);

/** A path segment naming an entity: its UUID or its readable key (urlKey, identifier, prefix). */
export const refSchema = z.string().trim().min(1).max(200).describe("The entity's id, or its readable key");

export const uuidSchema = z.string().regex(uuidPattern, "must be a UUID");

// the *Cents columns are 32-bit integers
export const centsSchema = z.number().int("must be whole cents").min(0).max(2_147_483_647);

export const hexColorSchema = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "must be a hex colour such as #1f6feb");

/**
 * The params of a check whose failure is a refused value, not a malformed request: the field has the
 * right type but breaks a rule (a branch template that names no branch), so the answer is 422
 * `unprocessable` naming the field instead of 400 (lib/http/parse.ts).
 */
export const REFUSED = { refused: true } as const;

/** A zod issue raised by a check with REFUSED params. */
export const isRefusedIssue = (issue: { code: string; params?: Record<string, unknown> }) => issue.code === "custom" && issue.params?.refused === true;

/** A search text holds a word to look for (a letter or a digit): the rule of every `q`. */
export const hasSearchWord = (q: string) => /[\p{L}\p{N}]/u.test(q);

// ---------- response fields ----------

/** A timestamp as the API writes it: ISO 8601 in UTC (Date.toISOString). */
export const dateTimeSchema = z.iso.datetime().describe("ISO 8601 date-time, UTC");

/** A count, an amount in cents or a number of tokens as the API writes it. */
export const intSchema = z.number().int().min(0);

/** A JSON value stored as given (details, payloads, tool input); typed as Prisma reads a Json column. */
export const jsonValueSchema = z.custom<Prisma.JsonValue>().describe("Any JSON value");
