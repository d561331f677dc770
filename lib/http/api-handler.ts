// The one request wrapper: request id, body limits, zod parsing of params/query/body, actor
// resolution, and every error through one mapper. Handlers read: parse → service → respond.
import type { NextRequest } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { errorResponse } from "@/lib/http/respond";
import { withIdempotency } from "@/lib/http/idempotency";
import { listQuerySchema, type JsonPage, type ListQuery, type Page } from "@/lib/http/pagination";
import { readBody, readMultipart } from "@/lib/http/body";
import { parse, parseParams, queryObject } from "@/lib/http/parse";
import { agentKeyDigest, invalidBearer, resolveActor, touchRunOfKey } from "@/lib/http/resolve-actor";
import { describeRoute, type ResponseDoc, type RouteDoc } from "@/lib/openapi/route-doc";
import type { Actor } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/services/context";

type ZObj = z.ZodObject<z.ZodRawShape>;

/** What a route takes and answers; the RouteDoc fields (response, summary…) also feed the OpenAPI document. */
interface Spec<P extends ZObj | undefined, Q extends ZObj | undefined, B extends z.ZodType | undefined, L extends boolean>
  extends Pick<RouteDoc, "summary" | "description" | "multipart" | "auth" | "status" | "alsoAnswers" | "errors" | "idempotent"> {
  /** what a success answers (a zod schema of the JSON, a raw body, null for 204): required, so no route goes undocumented */
  response: ResponseDoc;
  params?: P;
  query?: Q;
  body?: B;
  /** the query also takes limit and cursor; the handler returns a Page */
  list?: L;
  /** a larger JSON body limit than MAX_BODY_BYTES, for the few routes whose bodies carry files */
  maxBodyBytes?: () => number;
  /**
   * Answers a caller with an agent key in one statement that also authenticates it, skipping the
   * separate actor lookup; for the hottest agent reads. Returns what the handler would (an object or
   * a listOf page); null: the key does not authenticate (401); undefined: a case it does not answer
   * (another company, a search…), which the general path then does.
   */
  byAgentKey?: (keyDigest: string, args: { params: Out<P>; query: QueryOut<Q, L> }) => Promise<unknown>;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type QueryOut<Q, L> = L extends true ? (Q extends z.ZodType ? z.output<Q> : unknown) & ListQuery : Out<Q>;

interface Args<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  form: FormData | undefined;
  ctx: ServiceContext;
  req: NextRequest;
  requestId: string;
}

type Ctx = { params: Promise<Record<string, string | string[]>> };

const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;
const noQuery = z.object({}).strict();

class ListResult<T> {
  constructor(readonly page: Page<T> | JsonPage) {}
}

/** Marks a handler's return value as a page of a list (docs/design.md §5 headers). */
export const listOf = <T>(page: Page<T> | JsonPage) => new ListResult(page);

function nextLink(req: NextRequest, cursor: string): string {
  const url = new URL(req.nextUrl.pathname + req.nextUrl.search, env().PUBLIC_BASE_URL ?? req.nextUrl.origin);
  url.searchParams.set("cursor", cursor);
  return `<${url.toString()}>; rel="next"`;
}

/** A handler's return value as the HTTP answer: a Response as is, a page with its docs/design.md §5 headers, nothing as 204. */
function respond(result: unknown, req: NextRequest, requestId: string, status = 200): Response {
  if (result instanceof Response) {
    result.headers.set("X-Request-Id", requestId);
    return result;
  }
  const headers: Record<string, string> = { "X-Request-Id": requestId };
  if (result instanceof ListResult) {
    const page: Page<unknown> | JsonPage = result.page;
    if (page.nextCursor) Object.assign(headers, { Link: nextLink(req, page.nextCursor), "X-Next-Cursor": page.nextCursor });
    if ("json" in page) return new Response(page.json, { status: 200, headers: { ...headers, "Content-Type": "application/json" } });
    return Response.json(page.items, { status: 200, headers });
  }
  if (result === undefined) return new Response(null, { status: 204, headers });
  return Response.json(result, { status, headers });
}

export function apiHandler<
  P extends ZObj | undefined = undefined,
  Q extends ZObj | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  L extends boolean = false,
>(spec: Spec<P, Q, B, L>, fn: (args: Args<Out<P>, QueryOut<Q, L>, Out<B>>) => Promise<unknown>) {
  const querySchema = spec.list ? (spec.query ?? z.object({})).extend(listQuerySchema.shape).strict() : spec.query?.strict();
  return describeRoute(async (req: NextRequest, routeCtx: Ctx): Promise<Response> => {
    const incoming = req.headers.get("x-request-id");
    const requestId = incoming && requestIdPattern.test(incoming) ? incoming : crypto.randomUUID();
    try {
      const params = spec.params ? parseParams(spec.params, await routeCtx.params) : undefined;
      const query = querySchema ? parse(querySchema, queryObject(req), "query") : parse(noQuery, queryObject(req), "query");
      const keyDigest = spec.byAgentKey ? agentKeyDigest(req) : null;
      if (spec.byAgentKey && keyDigest) {
        const answer = await spec.byAgentKey(keyDigest, { params, query } as { params: Out<P>; query: QueryOut<Q, L> });
        if (answer === null) throw invalidBearer();
        touchRunOfKey(req, keyDigest);
        if (answer !== undefined) return respond(answer, req, requestId, spec.status);
      }
      const actor = spec.auth === "none" ? null : await resolveActor(req);
      const form = spec.multipart ? await readMultipart(req, spec.multipart.maxBytes) : undefined;
      const body = spec.body ? parse(spec.body, await readBody(req, spec.maxBodyBytes?.()), "body") : undefined;
      const ctx = { db: db(), actor: actor as Actor };
      const handle = async () => {
        try {
          return respond(await fn({ params, query, body, form, ctx, req, requestId } as Args<Out<P>, QueryOut<Q, L>, Out<B>>), req, requestId, spec.status);
        } catch (err) {
          return errorResponse(err, requestId);
        }
      };
      if (!spec.idempotent) return await handle();
      const answer = await withIdempotency(req, actor, body, handle);
      answer.headers.set("X-Request-Id", requestId);
      return answer;
    } catch (err) {
      return errorResponse(err, requestId);
    }
  }, spec);
}
