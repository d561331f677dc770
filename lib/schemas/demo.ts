import { z } from "zod";
import { companyResponseSchema } from "@/lib/schemas/companies";
import { agentResponseSchema } from "@/lib/schemas/agents";
import { issueResponseSchema } from "@/lib/schemas/issues";

/** Nothing to choose: the demo company is always the same small one, under a prefix still free. */
export const createDemoCompanySchema = z.strictObject({});

export const demoCompanyResponseSchema = z.object({
  company: companyResponseSchema,
  agents: z.array(agentResponseSchema).describe("The CEO, then the engineer reporting to it; both run Charter's demo script"),
  issue: issueResponseSchema.describe("The CEO's first task, assigned (so the CEO is woken at once)"),
  boardPath: z.string().describe("Where the board shows the task: /<prefix>/issues/<identifier>"),
}).meta({ id: "DemoCompany" });
