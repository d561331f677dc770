// Routines on the board: query keys nested under the company, and the fetchers of the routines API.
import type { RoutineDto, RoutineRunDto } from "@/lib/dto/routines";
import { apiGet, apiPage, apiSend } from "@/lib/queries/fetcher";

export type { RoutineDto, RoutineRunDto };
export type TriggerDto = RoutineDto["triggers"][number];
/** What a run's issue link shows (the board pages read it on the server). */
export interface RunIssueRef { id: string; identifier: string; title: string; status: string }

export type CreatedTriggerDto = TriggerDto & { secret: string | null };

/** Runs shown per page on a routine's page. */
export const ROUTINE_RUN_PAGE_SIZE = 25;

export const routineKeys = {
  all: (companyId: string) => ["companies", companyId, "routines"] as const,
  list: (companyId: string) => [...routineKeys.all(companyId), "list"] as const,
  detail: (companyId: string, routineId: string) => [...routineKeys.all(companyId), "detail", routineId] as const,
  runs: (companyId: string, routineId: string) => [...routineKeys.all(companyId), "runs", routineId] as const,
};

export interface RoutineInput {
  name: string;
  description: string;
  assigneeAgentId: string;
  projectId: string | null;
  goalId: string | null;
  parentIssueId: string | null;
  titleTemplate: string;
  priority: string;
  concurrencyPolicy: string;
  catchUpPolicy: string;
}

export type TriggerInput = { kind: "schedule"; cron: string; timezone: string } | { kind: "webhook" } | { kind: "api" };

export const fetchRoutine = (routineId: string) => apiGet<RoutineDto>(`/api/routines/${routineId}`);
export const createRoutine = (companyId: string, input: RoutineInput) => apiSend<RoutineDto>("POST", `/api/companies/${companyId}/routines`, input);
export const updateRoutine = (routineId: string, patch: Partial<RoutineInput> & { status?: "active" | "paused" }) =>
  apiSend<RoutineDto>("PATCH", `/api/routines/${routineId}`, patch);
export const deleteRoutine = (routineId: string) => apiSend<void>("DELETE", `/api/routines/${routineId}`);
export const runRoutine = (routineId: string) => apiSend<RoutineRunDto>("POST", `/api/routines/${routineId}/run`);
export const fetchRoutineRuns = (routineId: string, cursor: string | null) =>
  apiPage<RoutineRunDto>(`/api/routines/${routineId}/runs`, { limit: ROUTINE_RUN_PAGE_SIZE, cursor });

export const createTrigger = (routineId: string, input: TriggerInput) =>
  apiSend<CreatedTriggerDto>("POST", `/api/routines/${routineId}/triggers`, input);
export const deleteTrigger = (routineId: string, triggerId: string) =>
  apiSend<void>("DELETE", `/api/routines/${routineId}/triggers/${triggerId}`);
export const rotateTriggerSecret = (routineId: string, triggerId: string) =>
  apiSend<CreatedTriggerDto>("POST", `/api/routines/${routineId}/triggers/${triggerId}/rotate-secret`);
