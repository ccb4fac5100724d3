// Turns schema issues into short, human texts that name the field at fault.
import type * as z from "zod/mini";

export interface FieldIssue {
  /** Dotted path of the field, e.g. "channels.2.loss"; "(root)" for the whole answer. */
  readonly field: string;
  readonly message: string;
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function describe(issue: z.core.$ZodIssue, input: unknown): string {
  switch (issue.code) {
    case "invalid_type":
      return `expected ${issue.expected}, got ${typeOf(input)}`;
    case "too_big":
      return `must be at most ${String(issue.maximum)}`;
    case "too_small":
      return `must be at least ${String(issue.minimum)}`;
    case "invalid_value":
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "invalid_format":
      return `is not a valid ${issue.format}`;
    case "not_multiple_of":
      return "must be a whole number";
    case "unrecognized_keys":
      return `has unknown keys ${issue.keys.join(", ")}`;
    case "invalid_union":
      return `has the wrong type (${typeOf(input)})`;
    default:
      return issue.message || "is invalid";
  }
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const key of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** A path segment as shown: plain names as they are; an empty key, or one with dots, spaces or quotes, in JSON quotes. */
function segment(key: PropertyKey): string {
  const text = String(key);
  return typeof key === "string" && !/^[^.\s"]+$/.test(key) ? JSON.stringify(text) : text;
}

export function fieldIssues(issues: readonly z.core.$ZodIssue[], input: unknown): FieldIssue[] {
  return issues.map((issue) => ({
    field: issue.path.length ? issue.path.map(segment).join(".") : "(root)",
    message: describe(issue, valueAt(input, issue.path)),
  }));
}

export function formatIssues(issues: readonly FieldIssue[]): string {
  return issues.map((i) => `${i.field} ${i.message}`).join("; ");
}
