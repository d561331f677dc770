// Unknown API paths answer with the API's JSON error, not the board's HTML 404 page.
import { AppError } from "@/lib/http/errors";
import { errorResponse } from "@/lib/http/respond";

const notFound = () => errorResponse(new AppError("not_found", "No such API endpoint"), crypto.randomUUID());

export { notFound as GET, notFound as POST, notFound as PATCH, notFound as PUT, notFound as DELETE };
