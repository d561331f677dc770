// This API's OpenAPI 3.1 document, public. Its handler lives with the document (app/api/api-document.ts),
// which lists this route among the others.
export { serveOpenApiDocument as GET } from "@/app/api/api-document";
