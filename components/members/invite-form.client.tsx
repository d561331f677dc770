"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createBoardInvite, memberKeys, type BoardRole } from "@/lib/queries/members";
import { formatDateTime } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/input";
import { CopyField } from "@/components/ui/copy-field.client";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";
import { roleDescriptions } from "@/components/members/roles";
import { LoopbackLinkNote } from "@/components/invites/loopback-link-note";

/** Mints a single-use link for a person; the link is shown once, since only its digest is kept. */
export function InviteForm({ companyId, grantable }: { companyId: string; grantable: BoardRole[] }) {
  const qc = useQueryClient();
  const [role, setRole] = useState<BoardRole>(grantable.includes("member") ? "member" : grantable[0]);
  const [email, setEmail] = useState("");
  const mutation = useMutation({
    mutationFn: () => createBoardInvite(companyId, { role, ...(email.trim() ? { email: email.trim() } : {}) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: memberKeys.invites(companyId) }),
  });
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    mutation.mutate();
  }
  const created = mutation.data;
  return (
    <Card>
      <CardHeader title="Invite a person" description="A single-use link, valid for 7 days. Whoever opens it signs up or signs in and joins with the role you choose." />
      <CardBody>
        <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-[10rem_1fr_auto] sm:items-end" aria-label="Invite a person">
          <Field label="Role" htmlFor="invite-role" errors={fieldErrors(mutation.error, "role")}>
            <Select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as BoardRole)}>
              {grantable.map((r) => <option key={r} value={r}>{r}</option>)}
            </Select>
          </Field>
          <Field label="Email" htmlFor="invite-email" optional errors={fieldErrors(mutation.error, "email")}>
            <Input id="invite-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="Only this address may accept" maxLength={200} />
          </Field>
          <Button type="submit" variant="primary" pending={mutation.isPending}>Create link</Button>
        </form>
        <p className="mt-2 text-xs text-slate-500">A {role}: {roleDescriptions[role]}.</p>
        <ApiErrorAlert error={mutation.error} fields={["role", "email"]} className="mt-4" />
        {created && (
          <div className="mt-4 space-y-2 border-t border-slate-100 pt-4" data-testid="board-invite-result">
            <p className="text-sm text-slate-600">
              Send this link to {created.email ?? "the person you invite"}. It joins them as <b className="font-medium">{created.role}</b>, works once
              and expires {formatDateTime(created.expiresAt)}. It is shown only now.
            </p>
            <CopyField label="Invite link" value={created.url} />
            <LoopbackLinkNote url={created.url} reader="a person" />
          </div>
        )}
      </CardBody>
    </Card>
  );
}
