// Every answer a test gets through call() is held against the OpenAPI document: its status must be
// documented for the operation (errors may fall under `default`), and a JSON body must validate
// against the documented schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses). So the document
// describes what the routes really return, as long as the suite exercises them.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import fs from "node:fs";
import { openApiDocument } from "@/app/api/api-document";

type Json = Record<string, unknown>;

// ajv-formats is CommonJS; its default export arrives wrapped or not depending on the loader
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function compiled(pointer: string): ValidateFunction {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema(openApiDocument() as unknown as Json, "openapi.json");
  }
  let v = validators.get(pointer);
  if (!v) validators.set(pointer, (v = ajv.compile({ $ref: `openapi.json#${pointer}` })));
  return v;
}

const escape = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

/** A response object, following a $ref into components.responses; with its JSON pointer. */
function resolveResponse(doc: Json, pointer: string, response: Json): { pointer: string; response: Json } {
  const ref = response.$ref;
  if (typeof ref !== "string") return { pointer, response };
  const name = ref.replace("#/components/responses/", "");
  return { pointer: `/components/responses/${escape(name)}`, response: ((doc.components as Json).responses as Json)[name] as Json };
}

const mediaMatches = (range: string, type: string) =>
  range === type || range === "*/*" || (range.endsWith("/*") && type.startsWith(range.slice(0, -1)));

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  body: unknown;
}

/** Throws when `answer` is not what the document says `method path` answers. */
export function checkAnswer(method: string, path: string, answer: Answer): void {
  const doc = openApiDocument() as unknown as Json;
  // OPENAPI_SEEN_LOG=<file>: which operations and statuses the suite exercised (to find the ones it never checks)
  if (process.env.OPENAPI_SEEN_LOG) fs.appendFileSync(process.env.OPENAPI_SEEN_LOG, `${method} ${path} ${answer.status}\n`);
  const where = `${method} ${path} answered ${answer.status}`;
  const opPointer = `/paths/${escape(path)}/${method.toLowerCase()}`;
  const op = ((doc.paths as Json)[path] as Json | undefined)?.[method.toLowerCase()] as Json | undefined;
  if (!op) throw new Error(`${method} ${path} is not in the OpenAPI document`);
  const responses = op.responses as Json;
  const key = String(answer.status) in responses ? String(answer.status) : answer.status >= 400 ? "default" : null;
  if (!key) throw new Error(`${where}, a status the OpenAPI document does not list (${Object.keys(responses).join(", ")})`);
  const { pointer, response } = resolveResponse(doc, `${opPointer}/responses/${key}`, responses[key] as Json);
  const content = response.content as Record<string, Json> | undefined;
  if (!content) {
    if (answer.text !== "") throw new Error(`${where} with a body, where the document says none: ${answer.text.slice(0, 200)}`);
    return;
  }
  const type = answer.contentType.split(";")[0].trim();
  const range = Object.keys(content).find((r) => mediaMatches(r, type));
  if (!range) throw new Error(`${where} as ${type || "no content type"}, where the document says ${Object.keys(content).join(", ")}`);
  // bytes of any type (an uploaded JSON file) are not the document's JSON
  if (!type.includes("json") || !range.includes("json")) return;
  const validate = compiled(`${pointer}/content/${escape(range)}/schema`);
  if (!validate(answer.body)) {
    const problems = (validate.errors ?? []).slice(0, 8).map((e) => `  ${e.instancePath || "(body)"} ${e.message} ${JSON.stringify(e.params)}`);
    throw new Error(`${where}, a body that does not match the OpenAPI document:\n${problems.join("\n")}\nbody: ${answer.text.slice(0, 500)}`);
  }
}
