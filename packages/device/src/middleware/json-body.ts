// Reading a JSON request body: refuses empty, malformed or deeply nested JSON and checks it against a protocol schema.
import { fieldIssues, formatIssues } from "@trc/protocol";
import type * as z from "zod/mini";
import type { DeviceContext } from "../http.ts";
import { describeText, logBody } from "./request-log.ts";

export const MAX_JSON_DEPTH = 8;

export type BodyResult<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Nesting depth of a parsed JSON value (a scalar is 0), without recursion. */
export function jsonDepth(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== "object") continue;
    max = Math.max(max, d + 1);
    if (max > MAX_JSON_DEPTH) return max;
    for (const x of Object.values(v)) stack.push([x, d + 1]);
  }
  return max;
}

/** The body as JSON, or the reason it is not acceptable; the request log gets the (masked) body. */
export async function readJson(c: DeviceContext): Promise<BodyResult<unknown>> {
  const text = await c.req.text();
  const entry = c.get("logEntry");
  if (!text.trim()) return { ok: false, reason: "The body is empty; expected a JSON object" };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    if (entry) entry.body = describeText(text);
    return { ok: false, reason: "The body is not valid JSON" };
  }
  logBody(entry, value);
  if (jsonDepth(value) > MAX_JSON_DEPTH) {
    return { ok: false, reason: `The JSON is nested too deeply (more than ${MAX_JSON_DEPTH} levels)` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, reason: "The body must be a JSON object" };
  }
  return { ok: true, value };
}

/** Reads the body and checks it with a protocol schema; the reason names the fields at fault. */
export async function readBody<S extends z.ZodMiniType>(
  c: DeviceContext,
  schema: S,
): Promise<BodyResult<z.infer<S>>> {
  const json = await readJson(c);
  if (!json.ok) return json;
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) {
    return { ok: false, reason: `Bad packet: ${formatIssues(fieldIssues(parsed.error.issues, json.value))}` };
  }
  return { ok: true, value: parsed.data as z.infer<S> };
}
