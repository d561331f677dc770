import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/http/errors";
import { assertSchedule, describeCron, firesMoreThanDaily, localDateTime, nextWindows } from "@/lib/routine-schedule";
import { matchTimeZones } from "@/components/routines/schedule";
import { renderTitle } from "@/lib/services/routines/fire";
import { dueWindows } from "@/lib/services/routines/scheduler";

const at = (iso: string) => new Date(iso);
const fieldOf = (fn: () => void) => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? [e.code, (e.details as { path: string }[])[0].path] : ["other"];
  }
  return null;
};

describe("schedules", () => {
  it("accept five fields in an IANA zone and refuse the rest naming the field", () => {
    expect(fieldOf(() => assertSchedule("0 9 * * 1-5", "Europe/Paris"))).toBeNull();
    expect(fieldOf(() => assertSchedule("*/15 * * * *", "UTC"))).toBeNull();
    expect(fieldOf(() => assertSchedule("0 9 * * * *", "UTC"))).toEqual(["invalid_schedule", "cron"]);
    expect(fieldOf(() => assertSchedule("@daily", "UTC"))).toEqual(["invalid_schedule", "cron"]);
    expect(fieldOf(() => assertSchedule("0 0 31 4 *", "UTC"))).toEqual(["invalid_schedule", "cron"]);
    expect(fieldOf(() => assertSchedule("0 25 * * *", "UTC"))).toEqual(["invalid_schedule", "cron"]);
    for (const zone of ["Nowhere/City", "+02:00", "utc+1", ""]) expect(fieldOf(() => assertSchedule("0 9 * * *", zone)), zone).toEqual(["invalid_schedule", "timezone"]);
  });

  it("read a schedule aloud and list its next windows in its zone", () => {
    expect(describeCron("0 9 * * 1-5")).toBe("At 09:00, Monday through Friday");
    expect(nextWindows("0 9 * * *", "Asia/Tokyo", at("2031-01-01T00:00:00Z"), 2).map((d) => d.toISOString())).toEqual(["2031-01-02T00:00:00.000Z", "2031-01-03T00:00:00.000Z"]);
    expect(localDateTime(at("2031-07-01T22:30:00Z"), "Europe/Paris")).toEqual({ date: "2031-07-02", time: "00:30" });
  });

  it("split due windows into the last missed one and those still inside their 60 s", () => {
    const t = { cron: "* * * * *", timezone: "UTC", nextFireAt: at("2031-01-01T10:00:00Z") };
    expect(dueWindows(t, at("2031-01-01T10:00:59Z"))).toEqual({ lastMissed: null, onTime: [at("2031-01-01T10:00:00Z")] });
    const late = dueWindows(t, at("2031-01-01T10:05:30Z"));
    expect(late.lastMissed).toEqual(at("2031-01-01T10:04:00Z"));
    expect(late.onTime).toEqual([at("2031-01-01T10:05:00Z")]);
  });
});

describe("how often a schedule fires", () => {
  it("more than daily when two windows share a local day", () => {
    const now = at("2031-01-06T12:00:00Z");
    expect(firesMoreThanDaily("0 9 * * *", "Europe/Paris", now)).toBe(false);
    expect(firesMoreThanDaily("0 9 * * 1-5", "Europe/Paris", now)).toBe(false);
    expect(firesMoreThanDaily("0 10 * * 1", "UTC", now)).toBe(false);
    expect(firesMoreThanDaily("0 * * * *", "UTC", now)).toBe(true);
    expect(firesMoreThanDaily("0 9,17 * * 1", "Asia/Tokyo", now)).toBe(true);
  });
});

describe("the time zone list", () => {
  const zones = ["UTC", "America/New_York", "America/Los_Angeles", "America/Cumberland", "Europe/Paris", "Europe/Berlin", "Asia/Tokyo"];
  it("finds zones by any part, spaces for underscores, case aside; the start of a part first", () => {
    expect(matchTimeZones(zones, "new york")).toEqual(["America/New_York"]);
    expect(matchTimeZones(zones, "PAR")).toEqual(["Europe/Paris"]);
    expect(matchTimeZones(zones, "europe")).toEqual(["Europe/Berlin", "Europe/Paris"]);
    expect(matchTimeZones(zones, "ber")).toEqual(["Europe/Berlin", "America/Cumberland"]);
    expect(matchTimeZones(zones, "")).toEqual(zones);
    expect(matchTimeZones(zones, "", 2)).toHaveLength(2);
  });
});

describe("execution issue titles", () => {
  it("fill routine, date, time and top-level payload strings; leave unknown placeholders", () => {
    const when = at("2031-03-04T05:06:00Z");
    expect(renderTitle("{{routine}} {{date}} {{time}}", "Triage", when, "UTC", {})).toBe("Triage 2031-03-04 05:06");
    expect(renderTitle("Deploy {{payload.service}} {{ payload.n }} {{payload.nested}} {{other}}", "R", when, "UTC", { service: "api", n: 3, nested: { a: "x" } }))
      .toBe("Deploy api {{other}}");
    expect(renderTitle("{{payload.__proto__}}{{payload.constructor}}", "Fallback", when, "UTC", {})).toBe("Fallback");
    expect(renderTitle("x".repeat(600), "R", when, "UTC", null)).toHaveLength(500);
  });
});
