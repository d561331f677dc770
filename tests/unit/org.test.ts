import { describe, expect, it } from "vitest";
import type { Agent } from "@/lib/generated/prisma/client";
import type { OrgNode } from "@/lib/dto/agents";
import { buildOrgTree } from "@/lib/services/agents/org";

let n = 0;
function agent(name: string, role: Agent["role"], reportsToId: string | null = null): Agent {
  const now = new Date();
  return {
    id: `00000000-0000-7000-8000-${String(++n).padStart(12, "0")}`, companyId: "c", name, urlKey: name.toLowerCase(), role, title: `${name} title`,
    icon: null, capabilities: "", status: "idle", pauseReason: null, reportsToId, adapterType: "process", adapterConfig: {}, runtimeConfig: {},
    budgetMonthlyCents: 0, lastHeartbeatAt: null, createdAt: now, updatedAt: now,
  };
}

const shape = (nodes: OrgNode[]): unknown[] => nodes.map((x) => (x.reports.length ? { [x.name]: shape(x.reports) } : x.name));

describe("buildOrgTree", () => {
  it("nests reports under managers, CEO first, then managers, then the rest by name", () => {
    const ceo = agent("Chief", "ceo");
    const m2 = agent("Zoe", "manager", ceo.id);
    const m1 = agent("Yan", "manager", ceo.id);
    const ic = agent("Abe", "engineer", ceo.id);
    const e1 = agent("Bob", "engineer", m1.id);
    const e2 = agent("Ann", "qa", m1.id);
    const loner = agent("Aaron", "general");
    const otherManager = agent("Mia", "manager");
    const tree = buildOrgTree([e1, loner, m2, ic, ceo, e2, m1, otherManager]);
    expect(shape(tree)).toEqual([{ Chief: [{ Yan: ["Ann", "Bob"] }, "Zoe", "Abe"] }, "Mia", "Aaron"]);
    expect(tree[0]).toMatchObject({ id: ceo.id, name: "Chief", urlKey: "chief", role: "ceo", title: "Chief title", icon: null, status: "idle" });
  });

  it("makes an agent whose manager is missing (e.g. filtered out) a root", () => {
    const ceo = agent("Chief", "ceo");
    const orphan = agent("Orphan", "engineer", "00000000-0000-7000-8000-999999999999");
    expect(shape(buildOrgTree([orphan, ceo]))).toEqual(["Chief", "Orphan"]);
  });

  it("is empty for no agents", () => {
    expect(buildOrgTree([])).toEqual([]);
  });
});
