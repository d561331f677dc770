// The one error class and the one table from code to HTTP status. Services throw AppError; the
// mapper in lib/http/respond.ts turns it (and ZodError, Prisma errors) into the docs/design.md §4 body.
// Framework-free so services can import it.

export const errorStatus = {
  validation_error: 400,
  invalid_json: 400,
  unauthenticated: 401,
  forbidden: 403,
  strategy_not_approved: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  already_answered: 409,
  delivery_in_flight: 409,
  idempotency_in_progress: 409,
  idempotency_answer_lost: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid_transition: 422,
  budget_exceeded: 422,
  invalid_reference: 422,
  unprocessable: 422,
  verification_required: 422,
  idempotency_key_reused: 422,
  derived_field: 422,
  reporting_cycle: 422,
  goal_cycle: 422,
  issue_cycle: 422,
  blocker_cycle: 422,
  invalid_package: 422,
  source_unavailable: 422,
  package_too_large: 422,
  replace_not_allowed: 422,
  target_mismatch: 422,
  invalid_schedule: 422,
  invite_expired: 410,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface ErrorDetail {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what: string) => new AppError("not_found", `${what} not found`);
export const forbidden = (message = "You do not have permission to do this") => new AppError("forbidden", message);
export const strategyNotApproved = () => new AppError("strategy_not_approved",
  "The board has not approved this CEO's strategy yet, so no task can move to in_progress until it approves the CEO's approve_ceo_strategy request.");
export const conflict = (message: string, details?: unknown) => new AppError("conflict", message, details);
export const invalidReference = (path: string, what: string) =>
  new AppError("invalid_reference", `${what} does not exist in this company`, [{ path, message: `unknown ${what}` }]);
export const validationError = (path: string, message: string) =>
  new AppError("validation_error", "The request does not match the expected fields", [{ path, message }]);
