// Goals: query keys nested under the company, and the fetchers.
import type { GoalDto } from "@/lib/dto/goals";
import { apiAll, apiSend } from "@/lib/queries/fetcher";

export type { GoalDto };

export const goalKeys = {
  all: (companyId: string) => ["companies", companyId, "goals"] as const,
  list: (companyId: string) => [...goalKeys.all(companyId), "list"] as const,
};

export interface NewGoal {
  title: string;
  description?: string;
  level?: string;
  status?: string;
  parentId?: string | null;
  ownerAgentId?: string | null;
}

export type GoalPatch = Partial<NewGoal>;

export const fetchGoals = (companyId: string) => apiAll<GoalDto>(`/api/companies/${companyId}/goals`);
export const createGoal = (companyId: string, input: NewGoal) => apiSend<GoalDto>("POST", `/api/companies/${companyId}/goals`, input);
export const updateGoal = (goalId: string, patch: GoalPatch) => apiSend<GoalDto>("PATCH", `/api/goals/${goalId}`, patch);
