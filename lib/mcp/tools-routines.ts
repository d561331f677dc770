// The routine tools: list a company's routines and fire one now, through the services behind
// /api/companies/:companyId/routines and /api/routines/:routineId/run, with the API's own schemas.
import { z } from "zod";
import { listRoutinesQuery, routineParams } from "@/lib/schemas/routines";
import { apiBaseUrl } from "@/lib/runtime/execute";
import { listRoutines } from "@/lib/services/routines/crud";
import { runRoutineNow } from "@/lib/services/routines/runs";
import { companyOf, companyRef, listQuery, page, readOnly, tool } from "@/lib/mcp/tools";

export const routineTools = [
  tool({
    name: "list_routines",
    title: "List routines",
    description: "A company's routines (recurring or triggered work): each with its assignee, status, policies, triggers (schedules with their next five windows), next fire and latest run.",
    mirrors: { route: "app/api/companies/[companyId]/routines/route.ts", method: "GET" },
    input: z.object({ companyId: companyRef, ...listRoutinesQuery.shape, status: listRoutinesQuery.shape.status.describe("active or paused"), ...page }),
    annotations: readOnly,
    call: (ctx, { companyId, limit, cursor, ...filter }) => listRoutines(ctx, companyOf(ctx, companyId), { ...filter, ...listQuery({ limit, cursor }) }, apiBaseUrl()),
  }),
  tool({
    name: "run_routine",
    title: "Run a routine now",
    description: "Fires a routine once (source api): it creates an execution issue for the assignee, or records the fire as skipped or coalesced by the routine's concurrency policy. By board members, the assignee, or an agent above it in the chain of command.",
    mirrors: { route: "app/api/routines/[routineId]/run/route.ts", method: "POST" },
    input: z.object({ routineId: routineParams.shape.routineId.describe("The routine's id (list_routines finds it)") }),
    call: (ctx, { routineId }) => runRoutineNow(ctx, routineId),
  }),
];
