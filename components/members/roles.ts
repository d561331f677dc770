// What each board role may do, in the words the members page and the invite page use.
export const boardRoles = ["owner", "admin", "member", "viewer"] as const;
export type BoardRole = (typeof boardRoles)[number];

export const roleDescriptions: Record<BoardRole, string> = {
  owner: "everything admins may, and grant or remove ownership",
  admin: "manage members, invites, budgets and settings",
  member: "create and run agents, work on issues, decide approvals",
  viewer: "read everything, change nothing",
};

const rank: Record<BoardRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/** The roles someone with `role` may hand out: only owners grant ownership (the API's rule). */
export function grantableRoles(role: BoardRole | null, isInstanceAdmin: boolean): BoardRole[] {
  if (isInstanceAdmin || role === "owner") return [...boardRoles];
  if (role && rank[role] >= rank.admin) return ["admin", "member", "viewer"];
  return [];
}
