"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  changeMemberRole, fetchBoardInvites, fetchMembers, memberKeys, removeMember, revokeBoardInvite,
  type BoardInviteDto, type BoardRole, type MemberDto,
} from "@/lib/queries/members";
import { formatDate } from "@/lib/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Select } from "@/components/ui/input";
import { ConfirmDialog } from "@/components/ui/dialog.client";
import { EmptyState } from "@/components/ui/empty-state";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { boardRoles, grantableRoles } from "@/components/members/roles";
import { InviteForm } from "@/components/members/invite-form.client";

interface Props {
  companyId: string;
  viewerId: string;
  viewerRole: BoardRole | null;
  isInstanceAdmin: boolean;
  initialMembers: MemberDto[];
  /** null: the viewer may not see invites (below admin) */
  initialInvites: BoardInviteDto[] | null;
}

const roleTone = { owner: "violet", admin: "indigo", member: "blue", viewer: "gray" } as const;

/** The board's people and roles; admins and owners change roles, remove people and invite by link. */
export function MembersView({ companyId, viewerId, viewerRole, isInstanceAdmin, initialMembers, initialInvites }: Props) {
  const grantable = grantableRoles(viewerRole, isInstanceAdmin);
  const canManage = grantable.length > 0;
  const members = useQuery({ queryKey: memberKeys.members(companyId), queryFn: () => fetchMembers(companyId), initialData: initialMembers }).data;
  return (
    <div className="space-y-6">
      <MemberList companyId={companyId} viewerId={viewerId} members={members} grantable={grantable} />
      {canManage && initialInvites && (
        <>
          <InviteForm companyId={companyId} grantable={grantable} />
          <OpenInvites companyId={companyId} initial={initialInvites} grantable={grantable} />
        </>
      )}
    </div>
  );
}

function MemberList({ companyId, viewerId, members, grantable }: { companyId: string; viewerId: string; members: MemberDto[]; grantable: BoardRole[] }) {
  const qc = useQueryClient();
  const [removing, setRemoving] = useState<MemberDto | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: memberKeys.members(companyId) });
  const change = useMutation({ mutationFn: (v: { userId: string; role: BoardRole }) => changeMemberRole(companyId, v.userId, v.role), onSettled: refresh });
  const remove = useMutation({ mutationFn: (userId: string) => removeMember(companyId, userId), onSuccess: () => setRemoving(null), onSettled: refresh });
  // a role the viewer may not grant (owner, for an admin) cannot be changed or removed by them either
  const editable = (m: MemberDto) => grantable.includes(m.role);
  const owners = members.filter((m) => m.role === "owner").length;
  return (
    <Card>
      <CardHeader title="People" description={`${members.length} ${members.length === 1 ? "person" : "people"} on the board. A company always keeps at least one owner.`} />
      {change.error ? <ApiErrorAlert error={change.error} className="mx-5 mt-4" /> : null}
      <ul className="divide-y divide-slate-100" data-testid="member-list">
        {members.map((m) => (
          <li key={m.userId} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3" data-testid="member-row">
            <div className="min-w-0 flex-1 basis-48">
              <p className="truncate text-sm font-medium text-slate-900">{m.name}{m.userId === viewerId && <span className="ml-1.5 text-xs font-normal text-slate-500">(you)</span>}</p>
              <p className="truncate text-xs text-slate-500">{m.email} · joined {formatDate(m.createdAt)}</p>
            </div>
            {editable(m) ? (
              <div className="flex items-center gap-2">
                <div className="w-32">
                  <Select
                    aria-label={`Role of ${m.name}`}
                    value={m.role}
                    disabled={change.isPending}
                    onChange={(e) => change.mutate({ userId: m.userId, role: e.target.value as BoardRole })}
                  >
                    {boardRoles.filter((r) => grantable.includes(r) || r === m.role).map((r) => <option key={r} value={r}>{r}</option>)}
                  </Select>
                </div>
                <Button size="sm" variant="ghost" onClick={() => { remove.reset(); setRemoving(m); }} aria-label={`Remove ${m.name}`}>Remove</Button>
              </div>
            ) : (
              <Badge tone={roleTone[m.role]}>{m.role}</Badge>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={!!removing}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.userId)}
        title={`Remove ${removing?.name ?? ""}?`}
        confirmLabel="Remove"
        pending={remove.isPending}
        error={remove.error ? remove.error.message : null}
      >
        {removing?.userId === viewerId ? "You will lose access to this company at once." : `${removing?.name} loses access to this company at once. Their past activity stays in the log.`}
        {removing?.role === "owner" && owners === 1 ? " They are the last owner, so Charter will refuse: make someone else owner first." : ""}
      </ConfirmDialog>
    </Card>
  );
}

function OpenInvites({ companyId, initial, grantable }: { companyId: string; initial: BoardInviteDto[]; grantable: BoardRole[] }) {
  const qc = useQueryClient();
  const invites = useQuery({ queryKey: memberKeys.invites(companyId), queryFn: () => fetchBoardInvites(companyId), initialData: initial }).data;
  const revoke = useMutation({
    mutationFn: (id: string) => revokeBoardInvite(companyId, id),
    onSettled: () => qc.invalidateQueries({ queryKey: memberKeys.invites(companyId) }),
  });
  return (
    <Card>
      <CardHeader title="Open invites" description="Links not yet used, revoked or expired." />
      <ApiErrorAlert error={revoke.error} className="mx-5 mt-4" />
      {invites.length === 0 ? (
        <CardBody><EmptyState title="No open invites">Links you create above are listed here until they are used or expire.</EmptyState></CardBody>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="invite-list">
          {invites.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3" data-testid="invite-row">
              <div className="min-w-0 flex-1 basis-48">
                <p className="truncate text-sm text-slate-900">{i.email ?? <span className="text-slate-500">Anyone with the link</span>}</p>
                <p className="text-xs text-slate-500">created {formatDate(i.createdAt)} · expires {formatDate(i.expiresAt)}</p>
              </div>
              <Badge tone={roleTone[i.role]}>{i.role}</Badge>
              {grantable.includes(i.role) && (
                <Button size="sm" variant="ghost" pending={revoke.isPending && revoke.variables === i.id} onClick={() => revoke.mutate(i.id)}>Revoke</Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
