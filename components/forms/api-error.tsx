import { Alert } from "@/components/ui/alert";
import { ApiError } from "@/lib/queries/fetcher";

/** Messages the API gave for one field of the body. */
export function fieldErrors(error: unknown, field: string): string[] {
  return error instanceof ApiError ? error.fieldErrors(field) : [];
}

/**
 * The API's sentence for a failed request (409 duplicate name, 422 cycle…), shown above a form.
 * Field errors the form shows next to its fields are not repeated here.
 */
export function ApiErrorAlert({ error, fields = [], className }: { error: unknown; fields?: string[]; className?: string }) {
  if (!error) return null;
  if (error instanceof ApiError) {
    const unplaced = error.details.filter((d) => !fields.some((f) => d.path === f || d.path === `body.${f}`));
    if (error.details.length > 0 && unplaced.length === 0) return null;
    return (
      <Alert tone="error" className={className}>
        {error.message}
        {unplaced.length > 0 && (
          <ul className="mt-1 list-disc pl-5">
            {unplaced.map((d) => <li key={d.path + d.message}>{d.path.replace(/^body\./, "")}: {d.message}</li>)}
          </ul>
        )}
      </Alert>
    );
  }
  return <Alert tone="error" className={className}>{error instanceof Error ? error.message : String(error)}</Alert>;
}
