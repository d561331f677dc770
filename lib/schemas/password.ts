import { z } from "zod";
import { passwordSchema } from "@/lib/schemas/users";

export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1).max(200).describe("The password the user signs in with now"),
  newPassword: passwordSchema.describe("The new password, 8 to 200 characters"),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
