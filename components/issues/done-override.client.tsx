"use client";

// When `done` is refused with 422 verification_required, the board may close the issue anyway with a
// reason, which the activity log records (PATCH {status: "done", overrideReason}).
import { useState, type FormEvent } from "react";
import { ApiError } from "@/lib/queries/fetcher";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/input";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { useIssueUpdate } from "@/components/issues/use-issue-update";

const missingWords: Record<string, string> = {
  verification: "a passing verification of the branch's current head",
  review: "the reviewer's approval",
};

/** What `done` still needs, in words, from the refusal's `details.missing`. */
function missingText(error: ApiError): string {
  const missing = Array.isArray(error.info.missing) ? (error.info.missing as string[]) : [];
  const words = missing.map((m) => missingWords[m] ?? m);
  return words.length ? `Done needs ${words.join(" and ")}.` : error.message;
}

export function isVerificationRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === "verification_required";
}

export function DoneOverride({ companyId, issueId, refusal, onDone }: { companyId: string; issueId: string; refusal: ApiError; onDone: () => void }) {
  const [reason, setReason] = useState("");
  const update = useIssueUpdate(companyId, issueId);
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (reason.trim()) update.mutate({ status: "done", overrideReason: reason.trim() }, { onSuccess: onDone });
  }
  return (
    <form onSubmit={onSubmit} className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3" aria-label="Mark done anyway" data-testid="done-override">
      <p className="text-sm text-amber-900" role="alert">{missingText(refusal)}</p>
      <ApiErrorAlert error={update.error} fields={["overrideReason"]} />
      <Field label="Reason to mark it done anyway" htmlFor="override-reason" hint="Kept in the activity log.">
        <Input id="override-reason" value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={2000} />
      </Field>
      <div className="flex justify-end gap-2">
        <Button size="sm" onClick={onDone}>Keep it open</Button>
        <Button size="sm" type="submit" variant="primary" pending={update.isPending}>Mark done anyway</Button>
      </div>
    </form>
  );
}
