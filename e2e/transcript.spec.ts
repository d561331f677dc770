// A coding agent's run as the board shows it: a fake `claude` (a shell script printing Claude Code's
// stream-json lines) is woken by assigning it an issue from the board; the issue lists the run live,
// the run page shows the transcript while the run runs (assistant text as markdown, the tool call
// folded with its result) and the result with its cost once it ends; the raw log is a tab away. The
// agent page shows the session policy, and "Reset sessions" forgets the session the run stored.
// A second test seeds a run of 500 steps and an issue of 100 runs, to see the pages at scale.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, post } from "./api";
import { withE2eDatabase } from "./db";

const SESSION_ID = "5f1c2a9e-0b7d-4c1e-9a55-2b7e1f3d8c40";

/** Claude Code's `--output-format stream-json --verbose` lines of a short heartbeat. */
function streamLines(): { before: string[]; after: string[] } {
  const s = { session_id: SESSION_ID };
  const line = (o: object) => JSON.stringify({ ...o, ...s });
  return {
    before: [
      line({ type: "system", subtype: "init", model: "claude-fake-1", tools: ["Bash", "Read"], permissionMode: "default" }),
      line({ type: "assistant", message: { content: [{ type: "text", text: "I will **check out** the issue first, then add the button." }] } }),
      line({ type: "assistant", message: { content: [{ type: "tool_use", id: "toolu_01", name: "Bash", input: { command: "echo checked out TRJ-1", description: "Check out the issue" } }] } }),
      line({ type: "user", message: { content: [{ type: "tool_result", tool_use_id: "toolu_01", content: "checked out TRJ-1", is_error: false }] } }),
    ],
    after: [
      line({ type: "assistant", message: { content: [{ type: "text", text: "The export button is in; tests pass." }] } }),
      line({
        type: "result", subtype: "success", is_error: false, result: "Added the **export button** and commented on TRJ-1.",
        total_cost_usd: 0.0421, num_turns: 3, duration_ms: 4200, usage: { input_tokens: 1200, output_tokens: 340 },
      }),
    ],
  };
}

/** A `claude` that records its arguments, prints the first lines, waits for the test's gate, then ends. */
function writeFakeClaude(dir: string): string {
  const { before, after } = streamLines();
  const print = (lines: string[]) => lines.map((l) => `printf '%s\\n' '${l}'`).join("\n");
  const script = `#!/bin/sh
printf '%s\\n' "$@" > "$FAKE_CLAUDE_DIR/args-$$.txt"
${print(before)}
i=0
while [ ! -f "$FAKE_CLAUDE_DIR/gate" ] && [ $i -lt 300 ]; do sleep 0.2; i=$((i+1)); done
${print(after)}
`;
  const file = path.join(dir, "claude");
  fs.writeFileSync(file, script, { mode: 0o755 });
  return file;
}

async function storedSessions(agentId: string): Promise<string[]> {
  return withE2eDatabase(async (db) => {
    const { rows } = await db.query<{ sessionId: string }>(`SELECT "sessionId" FROM "AgentTaskSession" WHERE "agentId" = $1`, [agentId]);
    return rows.map((r) => r.sessionId);
  });
}

test("a claude_local run: the live transcript, the issue's runs, and resetting the agent's sessions", async ({ page }, testInfo) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-fake-claude-"));
  fs.chmodSync(dir, 0o777);
  const command = writeFakeClaude(dir);
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Transcript Journey", { issuePrefix: "TRJ" });
  const agent = await createAgent(api, company.id, {
    name: "Claudia", role: "engineer", title: "Writes the code", adapterType: "claude_local",
    adapterConfig: { command, env: { FAKE_CLAUDE_DIR: dir } },
  });
  const issue = await post<{ identifier: string }>(api, `/api/companies/${company.id}/issues`, { title: "Add the export button", description: "To the report page." });

  await test.step("the issue has no runs yet; assigning it wakes the agent and its run appears live", async () => {
    await page.goto(`/TRJ/issues/${issue.identifier}`);
    const runs = page.getByTestId("issue-runs");
    await expect(runs).toContainText("No agent has worked on this issue yet");
    await page.getByLabel("Assignee").selectOption({ label: "Claudia" });
    await expect(runs.getByTestId("issue-run")).toHaveCount(1, { timeout: 20_000 });
    await expect(runs.getByTestId("issue-run")).toContainText("Claudia");
    await expect(runs.getByTestId("issue-run")).toContainText("Running");
    await snap(page, testInfo, "01-issue-run-listed");
  });

  await test.step("the run page shows the transcript while the run runs", async () => {
    await page.getByTestId("issue-run").getByRole("link", { name: "Claudia" }).click();
    await expect(page.getByRole("heading", { name: "Heartbeat of Claudia" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Transcript" })).toHaveAttribute("aria-selected", "true");
    const transcript = page.getByTestId("run-transcript");
    // assistant text is markdown: the bold words are a <strong>
    await expect(transcript.getByTestId("step-assistant").first().locator("strong")).toHaveText("check out", { timeout: 20_000 });
    await expect(transcript.getByTestId("step-system").first()).toContainText(`Session ${SESSION_ID} started`);
    const call = transcript.getByTestId("step-tool");
    await expect(call).toHaveCount(1);
    await expect(call).toContainText("Bash");
    await expect(call).toContainText("echo checked out TRJ-1");
    await expect(page.getByTestId("run-status")).toHaveText("Running");
    await expect(transcript.getByTestId("step-result")).toHaveCount(0);
    await snap(page, testInfo, "02-run-live");

    // folded: the input and the output are shown only when the call is opened
    await expect(call.getByText("checked out TRJ-1", { exact: true })).toHaveCount(0);
    await call.getByRole("button").click();
    await expect(call.getByRole("button")).toHaveAttribute("aria-expanded", "true");
    await expect(call).toContainText('"description": "Check out the issue"');
    await expect(call.getByText("checked out TRJ-1", { exact: true })).toBeVisible();
    await snap(page, testInfo, "03-tool-call-open");
  });

  await test.step("the rest arrives live, and the result shows its cost", async () => {
    fs.writeFileSync(path.join(dir, "gate"), "");
    const transcript = page.getByTestId("run-transcript");
    await expect(transcript.getByTestId("step-result")).toBeVisible({ timeout: 20_000 });
    await expect(transcript.getByTestId("step-result")).toContainText("Added the export button");
    await expect(transcript.getByTestId("step-result-cost")).toHaveText("Cost $0.0421");
    await expect(transcript.getByTestId("step-assistant")).toHaveCount(2);
    await expect(page.getByTestId("run-status")).toHaveText("Succeeded", { timeout: 20_000 });
    await expect(page.getByTestId("run-cost")).toHaveText("$0.04");
    await snap(page, testInfo, "04-run-done");

    await page.getByRole("tab", { name: "Raw log" }).click();
    await expect(page.getByTestId("run-log")).toContainText('"type":"result"');
    await page.getByRole("tab", { name: "Transcript" }).click();
    await expect(transcript.getByTestId("step-tool")).toHaveCount(1);
  });

  await test.step("the CLI was run for stream-json", async () => {
    const args = fs.readdirSync(dir).filter((f) => f.startsWith("args-")).map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
    expect(args).toHaveLength(1);
    expect(args[0].split("\n")).toEqual(expect.arrayContaining(["--output-format", "stream-json", "--verbose"]));
  });

  await test.step("the issue lists the finished run", async () => {
    await page.getByRole("link", { name: /^TRJ-1 / }).click();
    const run = page.getByTestId("issue-run");
    await expect(run).toHaveCount(1);
    await expect(run).toContainText("Succeeded");
    await expect(run).toContainText("$0.04");
    await snap(page, testInfo, "05-issue-run-done");
  });

  await test.step("the agent page shows the session policy and resets the stored session", async () => {
    expect(await storedSessions(agent.id)).toEqual([SESSION_ID]);
    await page.goto(`/TRJ/agents/${agent.urlKey}`);
    const sessions = page.getByTestId("agent-sessions");
    await expect(sessions.getByTestId("session-policy")).toHaveText("One session per issue");
    await sessions.getByRole("button", { name: "Reset sessions" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset Claudia's sessions?" });
    await expect(dialog).toContainText("starts a fresh session");
    await snap(page, testInfo, "06-reset-sessions-confirm");
    await dialog.getByRole("button", { name: "Reset sessions" }).click();
    await expect(dialog).toBeHidden();
    await expect(sessions.getByRole("status")).toContainText("Sessions reset");
    expect(await storedSessions(agent.id)).toEqual([]);
    await snap(page, testInfo, "07-sessions-reset");
  });
});

test("a run of 500 steps and an issue of 100 runs", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Transcripts at Scale", { issuePrefix: "TBIG" });
  const agent = await createAgent(api, company.id, { name: "Marathon", role: "engineer", adapterType: "claude_local" });
  const issue = await post<{ id: string; identifier: string }>(api, `/api/companies/${company.id}/issues`, { title: "A refactor of a hundred heartbeats" });
  const runId = await withE2eDatabase(async (db) => {
    const runs = await db.query<{ id: string }>(
      `INSERT INTO "HeartbeatRun" (id, "companyId", "agentId", "issueId", status, "adapterType", "startedAt", "finishedAt", "costCents", "createdAt")
       SELECT gen_random_uuid(), $1, $2, $3, (ARRAY['succeeded','failed','cancelled','timed_out']::"RunStatus"[])[1 + i % 4], 'claude_local',
              now() - make_interval(mins => 200 - i), now() - make_interval(mins => 199 - i), i * 3, now() - make_interval(mins => 200 - i)
         FROM generate_series(1, 100) i RETURNING id`,
      [company.id, agent.id, issue.id],
    );
    const id = runs.rows[0].id;
    // per turn: text, a call and its result (every 37th an error); a result line at the end
    await db.query(
      `INSERT INTO "HeartbeatRunStep" ("companyId", "runId", seq, at, kind, text, "toolName", input, output, "isError")
       SELECT $1, $2, s, now() - make_interval(secs => 1000 - s),
              (CASE WHEN s = 500 THEN 'result' WHEN s % 3 = 1 THEN 'assistant' WHEN s % 3 = 2 THEN 'tool_call' ELSE 'tool_result' END)::"RunStepKind",
              CASE WHEN s = 500 THEN 'All done.' WHEN s % 3 = 1 THEN 'Turn ' || s || ': looking at **module ' || s || '**.' END,
              CASE WHEN s % 3 <> 1 AND s < 500 THEN 'Bash' END,
              CASE WHEN s = 500 THEN jsonb_build_object('costUsd', 1.5, 'estimated', false, 'numTurns', 166)
                   WHEN s % 3 = 2 THEN jsonb_build_object('command', 'rg -n useRows lib/module-' || s) END,
              CASE WHEN s % 3 = 0 THEN 'lib/module-' || s || '.ts:1: const rows = useRows();' END,
              CASE WHEN s % 3 = 0 THEN s % 37 = 0 END
         FROM generate_series(1, 500) s`,
      [company.id, id],
    );
    return id;
  });

  await page.goto(`/TBIG/runs/${runId}`);
  await expect(page.getByText("500 steps")).toBeVisible();
  await expect(page.getByTestId("step-tool")).toHaveCount(166);
  await expect(page.getByTestId("step-assistant")).toHaveCount(167);
  await expect(page.getByTestId("step-result-cost")).toHaveText("Cost $1.50");
  await snap(page, testInfo, "10-run-500-steps");

  // the live stream's first `ready` reads the page's data again (it was drawn before the stream opened):
  // that re-read must not drop a page of older runs still on its way. The stream is held until the page
  // is asked for, and the page is slowed, so the re-read comes while it is in flight.
  let releaseStream!: () => void;
  const streamHeld = new Promise<void>((resolve) => (releaseStream = resolve));
  await page.route(/\/api\/companies\/[^/]+\/events$/, async (route) => {
    await streamHeld;
    await route.continue();
  });
  await page.route(/\/heartbeat-runs\?.*cursor=/, async (route) => {
    releaseStream();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  const reread = page.waitForResponse((r) => /\/heartbeat-runs\?/.test(r.url()) && !r.url().includes("cursor="));
  await page.goto(`/TBIG/issues/${issue.identifier}`);
  await expect(page.getByTestId("issue-run")).toHaveCount(10);
  await page.getByRole("button", { name: "Show older runs" }).click();
  await reread;
  await expect(page.getByTestId("issue-run")).toHaveCount(20);
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await snap(page, testInfo, "11-issue-100-runs");
});
