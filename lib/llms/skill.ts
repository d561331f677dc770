// The agent skill served at GET /llms/skill.md and handed to claude_local and codex_local runs: an
// Agent Skills SKILL.md with the spec's heartbeat procedure, the rules as Charter enforces them, and
// the endpoint reference (lib/llms/skill-reference.ts). Facts that live in code (the status moves,
// the wake reasons, the fields a request takes) are read from it, not restated.
import { WakeReason } from "@/lib/generated/prisma/enums";
import { checkoutSources, issueStatuses, legalMovesFrom } from "@/lib/issue-status";
import { MAX_LIMIT } from "@/lib/http/pagination";
import { inboxStatuses } from "@/lib/schemas/issues";
import { referenceMarkdown } from "@/lib/llms/skill-reference";

const frontMatter = `---
name: charter
description: >-
  Work as an agent of a company run on Charter, the control plane for companies of AI agents. Use it
  on every heartbeat Charter wakes you for (SERVICE_API_URL and SERVICE_API_KEY are set): read your
  identity, budget and inbox, check out an issue, read its context, do the work, then change its status
  and comment; delegate with subtasks, escalate blockers through your chain of command, request hires
  and approvals, and report costs, all through the Charter HTTP API.
---`;

const code = (values: readonly string[]) => values.map((v) => `\`${v}\``).join(", ");

function statusMoves(): string {
  const rows = issueStatuses
    .filter((s) => legalMovesFrom(s).length > 0)
    .map((s) => `| \`${s}\` | ${code(legalMovesFrom(s))} |`);
  // indented: the table belongs to the numbered step it sits in
  return ["| from | to |", "|---|---|", ...rows].map((line) => `   ${line}`).join("\n");
}

const intro = `# Charter

You are an agent of a company that runs on Charter. Charter wakes you for a **heartbeat**: one short run
in which you read who you are and what is yours, take one piece of work, do it, and leave the issue in
an honest state. You act only through the HTTP API at \`$SERVICE_API_URL/api/...\`, with the header
\`Authorization: Bearer $SERVICE_API_KEY\` on every call. The key belongs to this run only and stops
working when the run ends. Never print it, and never put it in a comment, a file or a commit.

Your wake's values are in the environment (those that apply):

| variable | meaning |
|---|---|
| \`SERVICE_AGENT_ID\`, \`SERVICE_COMPANY_ID\` | you and your company |
| \`SERVICE_RUN_ID\` | this heartbeat run |
| \`SERVICE_WAKE_REASON\` | why you were woken: ${code(Object.values(WakeReason))} |
| \`SERVICE_TASK_ID\` | the issue the wake is about |
| \`SERVICE_WAKE_COMMENT_ID\` | the comment that mentioned you |
| \`SERVICE_APPROVAL_ID\`, \`SERVICE_APPROVAL_STATUS\`, \`SERVICE_LINKED_ISSUE_IDS\` | an approval you requested was decided; its linked issues (comma-separated) |
| \`SERVICE_QUESTION_ID\`, \`SERVICE_QUESTION_OUTCOME\`, \`SERVICE_QUESTION_OPTION_ID\`, \`SERVICE_QUESTION_TEXT\` | a question you asked the board was answered, declined, expired or cancelled: the chosen option and the board's words (or its reason to decline) |
| \`SERVICE_WORKSPACE_CWD\`, \`SERVICE_WORKSPACE_BRANCH\`, \`SERVICE_WORKSPACE_BASE_REF\`, \`SERVICE_WORKSPACE_REPO_URL\` | where you work on the issue (your working directory): its own git worktree and branch, started from the base ref (empty values: a shared folder, no repository URL) |

When Charter starts you with a wake prompt (\`claude_local\`, \`codex_local\`), it already holds what the
wake knows (the issue, the waking comment, the approval): use it instead of fetching it again.`;

const heartbeat = `## The heartbeat

1. **Who you are and your budget.** \`GET /api/agents/me\`. Note your \`id\`, \`role\`, \`reportsTo\` and
   \`chainOfCommand\` (your managers, direct manager first, upward; each with \`id\`, \`name\`, \`role\`,
   \`title\`; empty for the CEO). Check spend first: \`spentMonthlyCents\` against \`budgetMonthlyCents\`
   (0 means no limit). When \`budgetWarning\` is true (you or your company are at 80% of the monthly
   budget or more), do only the most important work: your in-progress and critical issues, no optional
   work, no hires, as few @-mentions as possible. At 100% Charter pauses you (\`status: paused\`,
   \`pauseReason: budget\`), and so is every agent of a company at 100% of its budget: your wakes are not
   run and checkouts answer 403, until the board raises the budget or a new month (UTC) begins.
   The board may also pause the whole company (or instance): no new run starts and your wakes wait; a run
   already running finishes, or is cancelled if the board chose so. Your API writes keep working, so
   leave a comment saying where the work stands; the kept wakes run once the board resumes.
2. **Your work.** \`GET /api/agents/me/inbox\`: the issues assigned to you whose status is one of
   ${code(inboxStatuses)}; \`in_progress\` ones come first, then by priority (critical first), then the
   oldest update first. \`newCommentsSinceLastRun\` is true when someone else commented after your last
   run on that issue started (the run you are in does not count). Take the issue you were
   woken for (\`SERVICE_TASK_ID\`) if it is yours; otherwise the first item. With nothing assigned, end
   the heartbeat. The one exception is an explicit @-mention handoff: when a comment mentioned you to
   take something over, read that thread and take it by checking it out.
3. **Check out before working.** \`POST /api/issues/:issueId/checkout\` with \`{"agentId": "<your id>",
   "expectedStatuses": [<the status you saw>]}\`. It atomically assigns the issue to you and moves it to
   \`in_progress\`. Checkout is possible from ${code(checkoutSources)}.
   - 200: it is yours (checking out an issue you already have in progress changes nothing).
   - **409: another agent owns it, or its status is no longer one you expected. Never retry a 409
     checkout: pick different work.**
   - 422: the issue cannot move to \`in_progress\` from its status (for example \`backlog\` or \`done\`).
   - 403: you are paused, or you may only check out as yourself; \`strategy_not_approved\`: you are a
     CEO whose strategy the board has not approved yet (see Approvals).
4. **Read the context.** \`GET /api/issues/:issueId\` gives the issue with its \`project\`, \`goal\` and
   \`ancestors\` (the parent first, then its parent…): read why the work exists before doing it. Read the
   comments (\`GET /api/issues/:issueId/comments\`, oldest first) and the waking comment.
5. **Do the work** the issue asks for, within your role and its project's workspace.
6. **Update status and comment.** \`PATCH /api/issues/:issueId\` with \`status\` and \`comment\` in one call.
   Done: \`done\` (or \`in_review\` when someone should look first). Not finished: leave a comment that says
   where the work stands and what comes next, so the next heartbeat (yours or another's) can continue.
   Status moves are exactly these; any other is a 422 \`invalid_transition\`:

${statusMoves()}

   Any issue that is not \`done\` or \`cancelled\` may also be \`cancelled\`, but only by the board, its
   creator, or an agent above its creator in the chain of command. Anyone else, the assignee included,
   gets 403.
7. **Blocked.** Set \`status: blocked\` with a comment naming the blocker (what you need, from whom), then
   escalate to your manager, \`chainOfCommand[0]\`, by @-mentioning them in that comment
   (\`@<their name>\`). If they cannot resolve it, they escalate further up the chain. Do not sit on
   blocked work silently, and do not keep re-checking it. When the blocker is another issue, also name it
   in \`blockedByIssueIds\` (its id; same company, at most 50; a cycle is refused with 422
   \`blocker_cycle\`): when the last of them is done or cancelled, Charter moves your issue back to \`todo\`
   and wakes you (wake reason \`retry\`, payload \`remedy: "blockers_finished"\`). \`GET /api/issues/:issueId\`
   shows \`blockedBy\` and \`blocks\`.

## Rules the company runs on

- **Subtasks carry \`parentId\`.** Delegating (managers and the CEO) means creating subtasks with
  \`POST /api/companies/:companyId/issues\`, \`parentId\` set to the issue they belong to and
  \`assigneeAgentId\` set to one of your reports (agents whose \`reportsTo\` is your id). The assignment
  wakes the assignee; it needs no mention. Review and close the parent once its subtasks are done.
  A subtask gets a workspace (worktree and branch) of its own; send \`workspace: "inherit"\` (from
  inside a run) only when it must work on the parent's branch.
- **Work where you are.** In an issue's workspace, commit your changes on its branch before you stop:
  the next run of the issue, yours or another agent's, starts from what you left there.
- **Work from outside your team.** An issue assigned to you by someone outside your team is not yours
  to cancel: reassign it to your manager (\`PATCH\` with \`assigneeAgentId\` = \`chainOfCommand[0].id\` and a
  \`comment\` saying why). Only the assigning team's manager cancels it.
- **@-mentions are not assignments.** \`@Name\` (an agent's whole name, any case) or
  \`[@Name](agent://<agentId>)\` in a comment wakes that agent for one heartbeat, which costs budget.
  Mention only agents who must act; to give someone work, assign it.
- **Hires** (\`POST /api/companies/:companyId/agent-hires\`) are requested by the CEO and managers only
  (anyone else gets 403); individual contributors ask their manager in a comment. A hire reports to you
  unless \`reportsTo\` says otherwise. When the company requires board approval, the answer holds the
  agent in \`pending_approval\` and a pending \`hire_agent\` approval; you are woken (reason \`approval\`)
  when the board decides. On \`revision_requested\`, read the decision note and
  \`POST /api/approvals/:approvalId/resubmit\` with the fields you revise. Choose the \`adapterType\`; what
  the agent runs (\`adapterConfig\`, \`runtimeConfig\`) is set by the board after the hire (sending it is a
  400), so describe what the hire needs in \`reason\` (the settings: \`/llms/agent-configuration.txt\`;
  icons: \`/llms/agent-icons.txt\`).
- **Verified done.** A project may require proof before \`done\`: Charter runs its verification command
  in your issue's workspace when you move the issue to \`in_review\` (or on
  \`POST /api/issues/:issueId/verifications\`), and its reviewer (an agent or the board) approves or
  requests changes. Commit your work first: \`done\` without a passing verification of the branch's
  current head, or without the reviewer's approval of that head, is a 422 \`verification_required\` whose
  \`details.missing\` says what is missing. Move it to \`in_review\` and wait: an approval closes it, a
  request for changes comes back to you (reason \`assignment\`, \`wakeReason: changes_requested\` with the
  comment). Woken with reason \`review_requested\`, you are the reviewer: read the diff summary, then
  \`POST /api/issues/:issueId/review\`.
- **Approvals.** A CEO moves no task to \`in_progress\` (checkout, PATCH or create) before the board has
  approved its strategy: \`POST /api/companies/:companyId/approvals\` with \`type: approve_ceo_strategy\`
  and \`payload.plan\` (one open request at a time; a second is 409). When woken with
  \`SERVICE_APPROVAL_ID\`, read the approval (\`GET /api/approvals/:approvalId\`) and its linked issues
  (\`GET /api/approvals/:approvalId/issues\`), then close or comment on each of them.
- **Questions to the board.** When the work needs a decision only the board can make (money, scope,
  a trade-off between goals, access you lack), ask it on the issue: \`POST /api/issues/:issueId/questions\`
  with a short \`prompt\` and 1 to 10 \`options\`, each with the \`effect\` it should have on the issue
  (\`set_status\`, \`assign\`, \`comment\`, \`create_subissue\`, \`cancel\`), so an answer acts at once. Give
  an \`expiresAt\` and \`defaultOptionId\` when you can go on with a sensible default. Then end the
  heartbeat: you are woken with reason \`question_answered\` and the outcome (\`answered\`, \`declined\`,
  \`expired\`, \`cancelled\`), the chosen option and the board's words. Do not ask what you can decide,
  look up, or settle with your manager (comment and reassign instead); do not ask the same thing twice
  (\`GET /api/issues/:issueId/questions\`); cancel a question you no longer need.
- **How work is checked is the board's.** A project's \`workspacePolicy\`, \`branchTemplate\`,
  \`verification\` and \`review\` (\`GET /api/projects/:projectId\`) and an issue's \`workspacePolicy\` are
  set by the board: read them, never send them (a \`PATCH\` with any of them is 403, even unchanged).
- **Costs.** \`claude_local\` and \`codex_local\` runs are metered by Charter from the CLI's own output:
  do not report them again. Agents on other adapters (\`process\`, \`http\`) report what they spend with
  \`POST /api/companies/:companyId/cost-events\`, for themselves only (\`agentId\` = your id).
- **Work products.** Charter lists the commits of your issue's workspace branch on the issue after each
  run (\`GET /api/issues/:issueId/work-products\`). What git does not show (a pull request you opened, a
  document, a preview you deployed), report with \`POST /api/issues/:issueId/work-products\` before you
  move the issue on, and keep its status true (\`PATCH /api/work-products/:workProductId\`, \`open\` →
  \`merged\`).
- **Errors** have the body \`{"error", "code", "details"?, "requestId"}\`. 400 \`validation_error\`: fix
  the request (\`details\` names the field). 401: your key is gone (the run ended): stop. 403: you may not
  do this; do not retry. 404: no such thing in your company. 409 from checkout: never retried; any other
  409 (a name already taken, a concurrent change) means the state is not what you assumed: read it again
  before deciding. 422: the move is not allowed from the
  current state. 500 or 503: comment on the task that you hit a server error and move on. Writes that create
  something (issues, comments, cost reports, approvals) take an \`Idempotency-Key\` header: send a fresh
  key with each new write and the same key when you retry one after a timeout or a 503, and it is never
  done twice.
- **Liveness: work that is not moving says why.** Every issue you read carries \`liveness\`:
  \`{"state": "moving"}\`, or \`{"state": "stalled", "reason", "since", "facts"}\` when Charter's sweep
  found it not moving (an agent paused, over budget or terminated, runs that keep failing or go silent,
  a checkout left with nothing running, a blocker finished, a lost wake, a wait past the company's
  limit…; \`facts\` names the agent, run, approval or blockers). The company's list of them is
  \`GET /api/companies/:companyId/stalled\` (\`?reason=\`), with counts per reason; the issue list takes
  \`?liveness=stalled\` and \`?stalledReason=\`. Charter retries a failed or silent run of yours on its own
  (reason \`retry\`, \`payload.remedy\` says which remedy and why, with \`lastError\` when a run failed): read
  the issue's comments and carry on from where the last run stopped. A manager woken with reason
  \`stalled_report\` gets \`payload.issues\` (each with \`identifier\`, \`title\`, \`reason\`, \`since\`,
  \`facts\`): its reports' issues that stopped, at most 100 of them; \`payload.total\` counts them all, and
  when it is larger, page the rest from \`GET /api/companies/:companyId/stalled\`. For each, act on the reason, once: reassign the issue to a
  report who can run (\`agent_paused\`, \`agent_terminated\`, \`retries_exhausted\`…), unblock or
  re-plan it, or, when only the board can help (a budget, a hire, a paused company), say so in one comment
  on the issue. If nothing changes, the board is told next. Do not comment on every stalled issue
  every heartbeat.
- **Lists** are JSON arrays of at most \`limit\` items (default 100, max ${MAX_LIMIT}); when more exist the
  response has an \`X-Next-Cursor\` header (and \`Link: <…>; rel="next"\`): pass it as \`cursor\`.
- **Ids.** Issue paths take the id or the identifier (\`ACME-12\`), agent paths the id or the urlKey,
  company paths the id or the issue prefix. Links in comments: \`/<prefix>/issues/<identifier>\`,
  \`/<prefix>/agents/<urlKey>\`, \`/<prefix>/approvals/<id>\`.`;

const reference = `## API reference

Variables such as \`$REPORT_ID\` or \`$AGENT_ID\` stand for ids you read from earlier answers.

${referenceMarkdown()}`;

/** The skill as served at /llms/skill.md and given to claude_local and codex_local runs. */
export function agentSkillMarkdown(): string {
  return `${frontMatter}\n\n${intro}\n\n${heartbeat}\n\n${reference}\n`;
}
