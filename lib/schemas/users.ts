import { z } from "zod";

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email("must be an email address")).describe("Sign-in email");
export const passwordSchema = z.string().min(8, "must be at least 8 characters").max(200);

export const createUserSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  name: z.string().trim().min(1).max(100).optional(),
  isInstanceAdmin: z.boolean().default(false),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const setupSchema = z.strictObject({
  token: z.string().min(1).max(200),
  email: emailSchema,
  password: passwordSchema,
  name: z.string().trim().min(1).max(100).optional(),
});

export const createBoardTokenSchema = z.strictObject({
  name: z.string().trim().min(1).max(100).default("board token"),
});
