// The email jobs on the queue (lib/runtime/jobs.ts). A job only kicks: the EmailNotification rows hold
// the state, so a lost or repeated job loses or repeats no email.
import { sendDigest, sendEmailNotification } from "@/lib/services/notifications/send";

export const EMAIL_SEND_JOB = "email.send";
export const EMAIL_DIGEST_JOB = "email.digest";

/** When a digest of rows made at `now` goes out: the next full hour, or the next midnight (UTC). */
export function digestDue(mode: "hourly" | "daily", now: Date): Date {
  const due = new Date(now);
  if (mode === "hourly") due.setUTCMinutes(60, 0, 0);
  else due.setUTCHours(24, 0, 0, 0);
  return due;
}

export const emailJobs = {
  [EMAIL_SEND_JOB]: async (data: { id: string }) => { await sendEmailNotification(data.id); },
  [EMAIL_DIGEST_JOB]: async (data: { userId: string; mode: "hourly" | "daily" }) => { await sendDigest(data.userId, data.mode); },
};
