// Schedule triggers on a real database with the scheduler's clock injected: windows fire once, late
// fires inside 60 s are normal, missed windows follow the catch-up policy, daylight-saving changes,
// and one broken routine does not stop the others.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { fireDueRoutines } from "@/lib/services/routines/scheduler";
import { createWorld } from "../factories";
import { client } from "../support/api";
import { at, makeRoutine, runsOf, scheduleFrom } from "../support/routines";

describe("schedule triggers", () => {
  it("fire a window once, within its minute, and move to the next window", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w, { concurrencyPolicy: "always_create", titleTemplate: "{{routine}} {{date}} {{time}}" });
    const t = await scheduleFrom(r.id, w, "*/5 * * * *", "Europe/Paris", at("2031-01-06T09:57:00Z"));
    expect(t.first.toISOString()).toBe("2031-01-06T10:00:00.000Z");
    await fireDueRoutines({ now: at("2031-01-06T09:59:59Z") });
    expect(await runsOf(r.id)).toEqual([]);
    await fireDueRoutines({ now: at("2031-01-06T10:00:01Z") });
    await fireDueRoutines({ now: at("2031-01-06T10:00:03Z") });
    const runs = await runsOf(r.id);
    expect(runs).toEqual([expect.objectContaining({ source: "schedule", triggerId: t.id, status: "issue_created", scheduledFor: at("2031-01-06T10:00:00Z") })]);
    const issue = await db().issue.findUniqueOrThrow({ where: { id: runs[0].issueId! } });
    // {{date}} and {{time}} in the trigger's zone (Paris is UTC+1 in January)
    expect(issue.title).toBe("Daily triage 2031-01-06 11:00");
    expect((await db().routineTrigger.findUniqueOrThrow({ where: { id: t.id } })).nextFireAt).toEqual(at("2031-01-06T10:05:00Z"));
    // a window evaluated 59 s late is still a normal fire
    await fireDueRoutines({ now: at("2031-01-06T10:05:59Z") });
    expect((await runsOf(r.id)).map((x) => x.status)).toEqual(["issue_created", "issue_created"]);
  });

  it("skip_missed: after downtime the missed windows are one skipped run (missed_window), the on-time window fires", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w);
    await scheduleFrom(r.id, w, "*/5 * * * *", "UTC", at("2031-02-01T09:58:00Z"));
    await fireDueRoutines({ now: at("2031-02-01T11:00:30Z") });
    const runs = await runsOf(r.id);
    expect(runs.map((x) => [x.scheduledFor?.toISOString(), x.status, x.reason])).toEqual([
      ["2031-02-01T10:55:00.000Z", "skipped", "missed_window"],
      ["2031-02-01T11:00:00.000Z", "issue_created", null],
    ]);
    expect(runs[0].payload).toEqual({ missedWindowsFrom: "2031-02-01T10:00:00.000Z", missedWindowsTo: "2031-02-01T10:55:00.000Z" });
  });

  it("run_once: all missed windows make one fire, scheduledFor the last missed window", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w, { catchUpPolicy: "run_once" });
    await scheduleFrom(r.id, w, "0 * * * *", "UTC", at("2031-03-01T00:30:00Z"));
    // down from 00:30 to 06:20: windows 01:00 … 06:00 were missed, none is on time
    await fireDueRoutines({ now: at("2031-03-01T06:20:00Z") });
    const runs = await runsOf(r.id);
    expect(runs.map((x) => [x.scheduledFor?.toISOString(), x.status])).toEqual([["2031-03-01T06:00:00.000Z", "issue_created"]]);
    expect(await db().issue.count({ where: { companyId: w.company.id, assigneeAgentId: w.engineer.id } })).toBe(1);
  });

  it("daylight saving: a fixed time in the spring gap fires once after it, an autumn time once, an interval on both occurrences", async () => {
    const w = await createWorld();
    const spring = await makeRoutine(w, { name: "Spring", concurrencyPolicy: "always_create", titleTemplate: "{{routine}} {{date}} {{time}}" });
    const ts = await scheduleFrom(spring.id, w, "30 2 * * *", "America/New_York", at("2031-03-08T12:00:00Z"));
    // 2031-03-09 02:30 does not exist in New York: the window is 03:00 EDT (07:00Z)
    expect(ts.first.toISOString()).toBe("2031-03-09T07:00:00.000Z");
    const autumn = await makeRoutine(w, { name: "Autumn", concurrencyPolicy: "always_create" });
    const ta = await scheduleFrom(autumn.id, w, "30 1 * * *", "America/New_York", at("2031-11-01T12:00:00Z"));
    const interval = await makeRoutine(w, { name: "Interval", concurrencyPolicy: "always_create" });
    await scheduleFrom(interval.id, w, "*/30 1 * * *", "America/New_York", at("2031-11-02T04:00:00Z"));
    // walk the clock minute by minute through both nights
    for (const [from, to] of [["2031-03-09T06:50:00Z", "2031-03-09T07:10:00Z"], ["2031-11-02T04:50:00Z", "2031-11-02T07:10:00Z"]]) {
      for (let t = at(from).getTime(); t <= at(to).getTime(); t += 60_000) await fireDueRoutines({ now: new Date(t + 2_000) });
    }
    // (the November walk also records the spring routine's missed windows: only its fires count here)
    const springRuns = (await runsOf(spring.id)).filter((x) => x.status === "issue_created");
    expect(springRuns.map((x) => x.scheduledFor?.toISOString())).toEqual(["2031-03-09T07:00:00.000Z"]);
    expect((await db().issue.findUniqueOrThrow({ where: { id: springRuns[0].issueId! } })).title).toBe("Spring 2031-03-09 03:00");
    expect(ta.first.toISOString()).toBe("2031-11-02T05:30:00.000Z");
    expect((await runsOf(autumn.id)).filter((x) => x.status === "issue_created").map((x) => x.scheduledFor?.toISOString())).toEqual(["2031-11-02T05:30:00.000Z"]);
    // 01:00 and 01:30 EDT, then 01:00 and 01:30 EST
    expect((await runsOf(interval.id)).map((x) => x.scheduledFor?.toISOString())).toEqual([
      "2031-11-02T05:00:00.000Z", "2031-11-02T05:30:00.000Z", "2031-11-02T06:00:00.000Z", "2031-11-02T06:30:00.000Z",
    ]);
  });

  it("a paused routine records one paused skip per pause, not one a minute, and no fired activity", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w, { concurrencyPolicy: "always_create" });
    const owner = client(w.tokens.owner);
    await scheduleFrom(r.id, w, "* * * * *", "UTC", at("2031-05-01T09:59:30Z"));
    const tick = (iso: string) => fireDueRoutines({ now: at(iso) });
    const setStatus = async (status: string) => expect((await owner.patch(`/api/routines/${r.id}`, { status })).status).toBe(200);
    await setStatus("paused");
    for (const m of ["00", "01", "02", "03", "04"]) await tick(`2031-05-01T10:${m}:05Z`);
    await setStatus("active");
    await tick("2031-05-01T10:05:05Z");
    await setStatus("paused");
    await tick("2031-05-01T10:06:05Z");
    await tick("2031-05-01T10:07:05Z");
    expect((await runsOf(r.id)).map((x) => [x.scheduledFor?.toISOString().slice(11, 16), x.status, x.reason])).toEqual([
      ["10:00", "skipped", "paused"],
      ["10:05", "issue_created", null],
      ["10:06", "skipped", "paused"],
    ]);
    // the pauses are in the activity; the skipped windows are not (only the one real fire is)
    const actions = await db().activityLog.findMany({ where: { entityId: r.id }, orderBy: { createdAt: "asc" }, select: { action: true } });
    expect(actions.map((a) => a.action)).toEqual(["routine.created", "routine.trigger_created", "routine.paused", "routine.resumed", "routine.fired", "routine.paused"]);
    // the activity API names the routine as each line's subject, for the board to link
    const listed = await owner.get(`/api/companies/${w.company.id}/activity?entityType=routine`);
    expect(listed.body.map((a: { subject: unknown }) => a.subject)).toEqual(Array(6).fill({ label: "Daily triage", title: null, ref: r.id }));
  });

  it("an agent's pause is one skip per stretch for its routine's windows, while Run now still records each press", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w, { concurrencyPolicy: "always_create" });
    await scheduleFrom(r.id, w, "* * * * *", "UTC", at("2031-05-02T09:59:30Z"));
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "paused", pauseReason: "board" } });
    for (const m of ["00", "01", "02"]) await fireDueRoutines({ now: at(`2031-05-02T10:${m}:05Z`) });
    for (let i = 0; i < 2; i++) expect((await client(w.tokens.owner).post(`/api/routines/${r.id}/run`, {})).status).toBe(202);
    expect((await runsOf(r.id)).map((x) => [x.source, x.reason])).toEqual([
      ["schedule", "assignee_paused"], ["api", "assignee_paused"], ["api", "assignee_paused"],
    ]);
  });

  it("a schedule that fires more than daily puts the time in the default issue title, never in a chosen one", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    const template = async (id: string) => (await db().routine.findUniqueOrThrow({ where: { id } })).titleTemplate;
    const daily = await makeRoutine(w, { name: "Daily" });
    expect((await owner.post(`/api/routines/${daily.id}/triggers`, { kind: "schedule", cron: "0 9 * * *", timezone: "Europe/Paris" })).status).toBe(201);
    expect(await template(daily.id)).toBe("{{routine}} {{date}}");
    const often = await makeRoutine(w, { name: "Often" });
    expect((await owner.post(`/api/routines/${often.id}/triggers`, { kind: "schedule", cron: "0 9,17 * * 1", timezone: "Europe/Paris" })).status).toBe(201);
    expect(await template(often.id)).toBe("{{routine}} {{date}} {{time}}");
    const chosen = await makeRoutine(w, { name: "Chosen", titleTemplate: "Sweep {{date}}" });
    expect((await owner.post(`/api/routines/${chosen.id}/triggers`, { kind: "schedule", cron: "*/15 * * * *", timezone: "UTC" })).status).toBe(201);
    expect(await template(chosen.id)).toBe("Sweep {{date}}");
  });

  it("one broken routine does not stop another: an unreadable schedule is switched off, a failing fire is retried", async () => {
    const w = await createWorld();
    const good = await makeRoutine(w, { name: "Good" });
    await scheduleFrom(good.id, w, "* * * * *", "UTC", at("2031-04-01T10:00:00Z"));
    const bad = await makeRoutine(w, { name: "Unreadable" });
    const tb = await scheduleFrom(bad.id, w, "* * * * *", "UTC", at("2031-04-01T10:00:00Z"));
    await db().routineTrigger.update({ where: { id: tb.id }, data: { cron: "not a cron" } });
    // a company whose issue counter was set back: its routine's issue collides with an existing number, so its fire fails
    const w2 = await createWorld();
    await client(w2.tokens.owner).post(`/api/companies/${w2.company.id}/issues`, { title: "Existing" });
    await db().company.update({ where: { id: w2.company.id }, data: { issueCounter: 0 } });
    const failing = await makeRoutine(w2, { name: "Failing" });
    const tf = await scheduleFrom(failing.id, w2, "* * * * *", "UTC", at("2031-04-01T10:00:00Z"));
    await fireDueRoutines({ now: at("2031-04-01T10:01:10Z") });
    expect((await runsOf(good.id)).map((x) => x.status)).toEqual(["issue_created"]);
    expect((await db().routineTrigger.findUniqueOrThrow({ where: { id: tb.id } })).nextFireAt).toBeNull();
    expect(await runsOf(failing.id)).toEqual([]);
    expect((await db().routineTrigger.findUniqueOrThrow({ where: { id: tf.id } })).nextFireAt).toEqual(at("2031-04-01T10:01:00Z"));
    // repaired before the window is missed, the next tick fires it normally
    await db().company.update({ where: { id: w2.company.id }, data: { issueCounter: 1 } });
    await fireDueRoutines({ now: at("2031-04-01T10:01:40Z") });
    expect((await runsOf(failing.id)).map((x) => [x.scheduledFor?.toISOString(), x.status])).toEqual([["2031-04-01T10:01:00.000Z", "issue_created"]]);
  });
});
