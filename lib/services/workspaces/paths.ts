// Where Charter keeps what it makes: <root>/clones/<project workspace id> (a repoUrl-only
// workspace's one clone) and <root>/worktrees/<company id>/<issue identifier> (an issue's worktree).
// Every path is checked to stay inside the root, through symbolic links too.
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import { WorkspaceError } from "@/lib/services/workspaces/git";

/** The absolute workspace root: CHARTER_WORKSPACE_ROOT, else <CHARTER_DATA_DIR>/workspaces. */
function workspaceRoot(): string {
  const e = env();
  return path.resolve(e.CHARTER_WORKSPACE_ROOT ?? path.join(e.CHARTER_DATA_DIR, "workspaces"));
}

const within = (parent: string, child: string) => child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);

/** The real path of `p`'s nearest existing ancestor joined with the rest (a link anywhere on the way is followed). */
async function realish(p: string): Promise<string> {
  const rest: string[] = [];
  let cur = p;
  for (;;) {
    try {
      return path.join(await fs.realpath(cur), ...rest.reverse());
    } catch {
      const parent = path.dirname(cur);
      if (parent === cur) return p;
      rest.push(path.basename(cur));
      cur = parent;
    }
  }
}

/** `parts` joined under the root, or a WorkspaceError when the result (links followed) leaves it. */
async function insideRoot(...parts: string[]): Promise<string> {
  const root = workspaceRoot();
  const target = path.resolve(root, ...parts);
  await fs.mkdir(root, { recursive: true });
  const realRoot = await fs.realpath(root);
  if (!within(root, target) || !within(realRoot, await realish(target))) {
    throw new WorkspaceError("outside_root", `the path is outside the workspace root: ${target} leads out of ${root}`);
  }
  return target;
}

export const clonePath = (projectWorkspaceId: string) => insideRoot("clones", projectWorkspaceId);
export const worktreePath = (companyId: string, identifier: string) => insideRoot("worktrees", companyId, identifier);
