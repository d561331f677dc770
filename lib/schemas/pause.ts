import { z } from "zod";
import { PauseMode } from "@/lib/generated/prisma/enums";
import { dateTimeSchema } from "@/lib/schemas/common";

export const pauseSchema = z.strictObject({
  mode: z.enum(PauseMode).default("finish")
    .describe("What happens to runs already running: finish (default) lets them end, cancel cancels them now. No new run starts either way"),
});
export type PauseInput = z.infer<typeof pauseSchema>;

export const instancePauseResponseSchema = z.object({
  pausedAt: dateTimeSchema.nullable().describe("Since when every company of the instance is paused; null when running"),
  mode: z.enum(PauseMode).nullable().describe("What the pause did to runs already running; null when running"),
}).meta({ id: "InstancePause" });
