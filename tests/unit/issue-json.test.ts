// issueJson writes the issue DTO as text straight from an array row (the issue list's hot path): it
// must be the very bytes JSON.stringify(issueDto(row)) gives, for any text and every null.
import { describe, expect, it } from "vitest";
import { issueDto, issueJson, issueJsonColumns, type IssueJsonRow } from "@/lib/dto/issues";

const ids = ["0199a1b2-0000-7000-8000-000000000001", "0199a1b2-0000-7000-8000-000000000002", "0199a1b2-0000-7000-8000-000000000003"];
const controls = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join("");
const texts = [
  "", "plain", `"quoted" \\ back\\slash /slash`, controls, "\u007f del", "line\u2028separator\u2029paragraph",
  "Ünïcödé — ✓", "🚀 astral 𝄞", "</script><script>alert(1)</script>", "tab\tnew\nline\r\n",
];

function row(i: number, full: boolean): IssueJsonRow {
  const id = (n: number) => (full ? ids[n % ids.length] : null);
  const time = (n: number) => (full ? `2026-11-${String(10 + n).padStart(2, "0")}T08:09:10.${String(n * 7).padStart(3, "0")}Z` : null);
  return [
    ids[0], ids[1], `ACME-${i}`, full ? 2_147_483_647 : i, texts[i % texts.length], texts[(i + 3) % texts.length],
    "in_progress", "critical", id(0), id(1), id(2), id(0), id(1), id(2), id(0), full ? ids.slice(0, 1 + (i % 3)) : [],
    time(1), time(2), time(3), time(4), id(1), "2026-01-02T03:04:05.006Z", "+012026-01-02T03:04:05.006Z",
    // the stall: none (moving), or a reason with facts holding any text
    full ? "agent_paused" : null, time(5), full ? { agentId: ids[0], agentName: texts[i % texts.length], failedRuns: i } : null,
  ];
}

/** The same row as issueDto takes it: an object keyed by column name. */
const asObject = (r: IssueJsonRow) => Object.fromEntries(issueJsonColumns.map((c, i) => [c, r[i]])) as unknown as Parameters<typeof issueDto>[0];

describe("issueJson", () => {
  it("is JSON.stringify(issueDto(row)), byte for byte, for every text and with every column null or set", () => {
    for (let i = 0; i < texts.length; i++) {
      for (const full of [true, false]) {
        const r = row(i, full);
        expect(issueJson(r)).toBe(JSON.stringify(issueDto(asObject(r))));
        expect(JSON.parse(issueJson(r))).toEqual(issueDto(asObject(r)));
      }
    }
  });

  it("ignores columns after the issue's (a statement's own, like the caller's company)", () => {
    const r = row(2, true);
    expect(issueJson([...r, "extra", 42] as IssueJsonRow)).toBe(issueJson(r));
  });

  it("names exactly the DTO's fields", () => {
    const keys = Object.keys(JSON.parse(issueJson(row(1, true))) as object);
    expect(keys).toEqual(Object.keys(issueDto(asObject(row(1, true)))));
  });
});
