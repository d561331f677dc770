// Compile-time: each response schema is its DTO's shape both ways, so a field added to a DTO and not
// to the document (or the other way) fails `tsc`. The runtime check of every test answer
// (tests/support/openapi.ts) covers what types cannot: hand-written JSON text, values, formats.
import type { z } from "zod";
import type { ActivityEntryDto } from "@/lib/dto/activity-entry";
import type { AgentDto, agentKeyDto, configRevisionDto } from "@/lib/dto/agents";
import type { ApprovalDto, approvalCommentDto } from "@/lib/dto/approvals";
import type { CompanyDto } from "@/lib/dto/companies";
import type { GoalDto } from "@/lib/dto/goals";
import type { RunDto, RunStepDto } from "@/lib/dto/heartbeat-runs";
import type { CommentDto, IssueDto } from "@/lib/dto/issues";
import type { LabelDto } from "@/lib/dto/labels";
import type { ProjectDto, WorkspaceDto } from "@/lib/dto/projects";
import type { boardTokenDto, userDto } from "@/lib/dto/users";
import type { costEventDto } from "@/lib/services/costs";
import type { wakeDto } from "@/lib/services/wakeups";
import type { activityResponseSchema } from "@/lib/schemas/activity";
import type { agentKeyResponseSchema, agentResponseSchema, configRevisionResponseSchema } from "@/lib/schemas/agents";
import type { approvalCommentResponseSchema, approvalResponseSchema } from "@/lib/schemas/approvals";
import type { companyResponseSchema } from "@/lib/schemas/companies";
import type { costEventResponseSchema } from "@/lib/schemas/costs";
import type { goalResponseSchema } from "@/lib/schemas/goals";
import type { runResponseSchema, runStepResponseSchema, wakeResponseSchema } from "@/lib/schemas/heartbeat-runs";
import type { commentResponseSchema, issueResponseSchema } from "@/lib/schemas/issues";
import type { labelResponseSchema } from "@/lib/schemas/labels";
import type { projectResponseSchema, workspaceResponseSchema } from "@/lib/schemas/projects";
import type { boardTokenResponseSchema, userResponseSchema } from "@/lib/schemas/users";

/** Each of A and B is assignable to the other (JSON values typed `unknown` on one side count as equal). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Every value of the DTO's type is one the schema describes (where the schema is looser than the DTO's type). */
type Covers<Schema, Dto> = [Dto] extends [Schema] ? true : false;
type Holds<T extends true> = T;
type Out<S extends z.ZodType> = z.output<S>;

type _ResponseSchemasMatchDtos = [
  Holds<Same<Out<typeof activityResponseSchema>, ActivityEntryDto>>,
  Holds<Same<Out<typeof agentResponseSchema>, AgentDto>>,
  Holds<Same<Out<typeof agentKeyResponseSchema>, ReturnType<typeof agentKeyDto>>>,
  Holds<Same<Out<typeof configRevisionResponseSchema>, ReturnType<typeof configRevisionDto>>>,
  Holds<Same<Out<typeof approvalResponseSchema>, ApprovalDto>>,
  Holds<Same<Out<typeof approvalCommentResponseSchema>, ReturnType<typeof approvalCommentDto>>>,
  Holds<Same<Out<typeof companyResponseSchema>, CompanyDto>>,
  Holds<Same<Out<typeof costEventResponseSchema>, ReturnType<typeof costEventDto>>>,
  Holds<Same<Out<typeof goalResponseSchema>, GoalDto>>,
  Holds<Same<Out<typeof runResponseSchema>, RunDto>>,
  // a step's input is any JSON value that is present; JSON Schema cannot say "any but null" more simply
  Holds<Covers<Out<typeof runStepResponseSchema>, RunStepDto>>,
  Holds<Same<Out<typeof wakeResponseSchema>, ReturnType<typeof wakeDto>>>,
  Holds<Same<Out<typeof issueResponseSchema>, IssueDto>>,
  Holds<Same<Out<typeof commentResponseSchema>, CommentDto>>,
  Holds<Same<Out<typeof labelResponseSchema>, LabelDto>>,
  Holds<Same<Out<typeof projectResponseSchema>, ProjectDto>>,
  Holds<Same<Out<typeof workspaceResponseSchema>, WorkspaceDto>>,
  Holds<Same<Out<typeof userResponseSchema>, ReturnType<typeof userDto>>>,
  Holds<Same<Out<typeof boardTokenResponseSchema>, ReturnType<typeof boardTokenDto>>>,
];
