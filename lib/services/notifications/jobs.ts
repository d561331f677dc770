// The email jobs on the queue (lib/runtime/jobs.ts). A job only kicks: the EmailNotification rows hold
// the state, so a lost or repeated job loses or repeats no email.
import { registerJob } from "@/lib/runtime/jobs";
import { sendDigest, sendEmailNotification } from "@/lib/services/notifications/send";

export const EMAIL_SEND_JOB = "email.send";
export const EMAIL_DIGEST_JOB = "email.digest";

/** Seconds from `now` until a digest goes out: the next full hour, or the next midnight (UTC). */
export function digestDelaySeconds(mode: "hourly" | "daily", now: Date): number {
  const due = new Date(now);
  if (mode === "hourly") due.setUTCMinutes(60, 0, 0);
  else due.setUTCHours(24, 0, 0, 0);
  return Math.max(1, Math.ceil((due.getTime() - now.getTime()) / 1000));
}

registerJob<{ id: string }>(EMAIL_SEND_JOB, async ({ id }) => { await sendEmailNotification(id); });
registerJob<{ userId: string; mode: "hourly" | "daily" }>(EMAIL_DIGEST_JOB, async ({ userId, mode }) => { await sendDigest(userId, mode); });
