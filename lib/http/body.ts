// Request bodies, read with a size cap: huge bodies get 413, malformed JSON 400, never a 500.
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/errors";

/** The body's bytes; past `maxBytes` (declared or streamed) an AppError payload_too_large. */
export async function readCapped(req: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const tooLarge = (max: number) => new AppError("payload_too_large", `The request body is larger than ${max} bytes`);

/** The JSON body; an empty body reads as {} so optional-only bodies may be omitted. */
export async function readBody(req: Request, maxBytes = env().MAX_BODY_BYTES): Promise<unknown> {
  const bytes = await readCapped(req, maxBytes);
  const text = Buffer.from(bytes).toString("utf8");
  if (!text.trim()) return {};
  const type = req.headers.get("content-type") ?? "";
  if (type && !type.includes("json")) {
    throw new AppError("unsupported_media_type", "Send the body as application/json");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_json", "The request body is not valid JSON");
  }
}

export async function readMultipart(req: Request, maxBytes: number): Promise<FormData> {
  const type = req.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    throw new AppError("unsupported_media_type", "Send the body as multipart/form-data");
  }
  // multipart framing adds a little to the file itself
  const bytes = await readCapped(req, maxBytes + 64 * 1024);
  try {
    return await new Response(Buffer.from(bytes), { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("validation_error", "The multipart body could not be read", [{ path: "body", message: "malformed multipart" }]);
  }
}
