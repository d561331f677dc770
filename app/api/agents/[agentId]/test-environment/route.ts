import { apiHandler } from "@/lib/http/api-handler";
import { agentParams, testEnvironmentResponseSchema } from "@/lib/schemas/agents";
import { testAgentEnvironment } from "@/lib/services/test-environment";

// Checks the stored config where a run would use it (command, cwd, instructions, URL, CLI version); starts no run
export const POST = apiHandler(
  {
    params: agentParams,
    summary: "Test an agent's environment without running it",
    response: testEnvironmentResponseSchema,
  },
  ({ ctx, params }) => testAgentEnvironment(ctx, params.agentId),
);
