// This API's OpenAPI 3.1 document, public: what the board's /docs/api page and any client read.
import { z } from "zod";
import { apiHandler } from "@/lib/http/api-handler";

const documentSchema = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

export const GET = apiHandler(
  { auth: "none", summary: "This API's OpenAPI 3.1 document", response: documentSchema },
  // loaded on call: the document lists this route too, so a static import would close a cycle
  async () => (await import("@/app/api/api-document")).openApiDocument(),
);
