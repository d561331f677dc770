"use client";

import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { apiSend } from "@/lib/queries/fetcher";
import { formatDateTime } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Textarea } from "@/components/ui/input";
import { CopyField } from "@/components/ui/copy-field.client";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { LoopbackLinkNote } from "@/components/invites/loopback-link-note";

interface Invite {
  inviteId: string;
  prompt: string;
  onboardingUrl: string;
  expiresAt: string;
}

/** The gateway invite prompt: a single-use, short-lived link an outside agent follows to join. */
export function InviteCard({ companyId }: { companyId: string }) {
  const [message, setMessage] = useState("");
  const mutation = useMutation({
    mutationFn: () => apiSend<Invite>("POST", `/api/companies/${companyId}/gateway/invite-prompt`, message.trim() ? { agentMessage: message.trim() } : {}),
  });
  const invite = mutation.data;
  return (
    <Card>
      <CardHeader title="Invite an outside agent" description="A single-use link, valid for 30 minutes. Agents who join wait for board approval when hires need it." />
      <CardBody className="space-y-4">
        <Field label="Message for the agent" htmlFor="invite-message" optional>
          <Textarea id="invite-message" value={message} onChange={(e) => setMessage(e.target.value)} rows={2} maxLength={10_000} placeholder="What you would like it to work on" />
        </Field>
        <ApiErrorAlert error={mutation.error} />
        <Button variant="primary" onClick={() => mutation.mutate()} pending={mutation.isPending}>Create invite</Button>
        {invite && (
          <div className="space-y-2 border-t border-slate-100 pt-4" data-testid="invite-result">
            <p className="text-sm text-slate-600">Give this prompt to the agent. It expires {formatDateTime(invite.expiresAt)} and works once.</p>
            <CopyField label="Invite prompt" value={invite.prompt} />
            <LoopbackLinkNote url={invite.onboardingUrl} reader="an agent" />
          </div>
        )}
      </CardBody>
    </Card>
  );
}
