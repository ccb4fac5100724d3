// Parses an answer against its schema leniently: keeps every valid field, drops and names the invalid ones.
import type { FieldIssue } from "@trc/protocol";
import { fieldIssues } from "@trc/protocol";
import type * as z from "zod/mini";

/** Every field may be missing: what a wrong-shaped answer leaves after its bad fields are removed. */
export type Loose<T> = T extends readonly (infer U)[]
  ? Loose<U>[]
  : T extends object
    ? { [K in keyof T]?: Loose<T[K]> }
    : T;

export interface Parsed<T> {
  data: Loose<T> | undefined;
  issues: FieldIssue[];
}

function dropAt(root: unknown, path: readonly PropertyKey[]): void {
  let v: unknown = root;
  for (let i = 0; i < path.length - 1; i++) {
    if (v === null || typeof v !== "object") return;
    v = (v as Record<PropertyKey, unknown>)[path[i] as PropertyKey];
  }
  if (v !== null && typeof v === "object")
    delete (v as Record<PropertyKey, unknown>)[path[path.length - 1] as PropertyKey];
}

export function parseLenient<S extends z.ZodMiniType>(schema: S, raw: unknown): Parsed<z.infer<S>> {
  const result = schema.safeParse(raw);
  if (result.success) return { data: result.data as Loose<z.infer<S>>, issues: [] };
  const issues = fieldIssues(result.error.issues, raw);
  if (raw === null || typeof raw !== "object" || result.error.issues.some((i) => i.path.length === 0)) {
    return { data: undefined, issues };
  }
  const copy = structuredClone(raw);
  for (const issue of result.error.issues) dropAt(copy, issue.path);
  return { data: copy as Loose<z.infer<S>>, issues };
}
