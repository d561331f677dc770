// The JSON objects in a coding CLI's output: one JSON document or one JSON object per line (stream
// modes); anything that is not JSON is ignored. Read by the usage parsers and the run transcript alike.

export type Obj = Record<string, unknown>;

export function jsonObjects(text: string): Obj[] {
  const trimmed = text.trim();
  const whole = tryParse(trimmed);
  if (whole) return Array.isArray(whole) ? whole.filter(isObj) : [whole];
  return trimmed.split("\n").map((l) => tryParse(l.trim())).filter(isObj);
}

function tryParse(s: string): Obj | Obj[] | null {
  if (!s.startsWith("{") && !s.startsWith("[")) return null;
  try {
    const v: unknown = JSON.parse(s);
    return isObj(v) || Array.isArray(v) ? (v as Obj | Obj[]) : null;
  } catch {
    return null;
  }
}

export const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);
