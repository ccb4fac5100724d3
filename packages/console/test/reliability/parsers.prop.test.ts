// Property tests: arbitrary JSON through the API client's lenient parse with every protocol schema — nothing throws, every bad field is named and dropped.
import * as protocol from "@trc/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import { parseLenient } from "../../src/api/lenient.ts";

/** Every zod schema the protocol exports (answers and requests alike). */
const isSchema = (v: unknown): v is z.ZodMiniType =>
  typeof v === "object" && v !== null && typeof (v as { safeParse?: unknown }).safeParse === "function";
const SCHEMAS: [string, z.ZodMiniType][] = Object.entries(protocol as Record<string, unknown>).flatMap(
  ([name, v]): [string, z.ZodMiniType][] => (isSchema(v) ? [[name, v]] : []),
);

/** JSON as a misbehaving device sends it: anything, or objects with the schema's own keys holding anything. */
function answers(schema: z.ZodMiniType) {
  const shape = (schema as { _zod?: { def?: { shape?: Record<string, unknown> } } })._zod?.def?.shape;
  const keys = shape ? Object.keys(shape) : [];
  const anyJson = fc.jsonValue({ maxDepth: 3 });
  return fc.oneof(
    anyJson,
    fc.constantFrom(null, "", "<script>alert(1)</script>", [], {}, 0, Number.MAX_SAFE_INTEGER),
    keys.length
      ? fc.dictionary(fc.constantFrom(...keys, "__proto__", "constructor", "extra"), anyJson, {
          maxKeys: keys.length + 2,
        })
      : anyJson,
  );
}

/** The value at a dotted issue path, or undefined when the path is gone. */
function at(root: unknown, field: string): unknown {
  if (field === "(root)") return root;
  // A quoted key (empty, dotted) cannot be followed by splitting on dots.
  if (field.includes(`"`)) return undefined;
  let v = root;
  for (const part of field.split(".")) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

describe("parseLenient with every protocol schema", () => {
  it("finds the protocol's schemas", () => {
    const names = SCHEMAS.map(([n]) => n);
    for (const n of [
      "BatteryTelemetry",
      "FileList",
      "FirmwareChunkResponse",
      "DeviceNameResponse",
      "ErrorBody",
    ])
      expect(names).toContain(n);
  });

  for (const [name, schema] of SCHEMAS) {
    it(`${name}: never throws; valid answers pass whole; a wrong answer names each bad field and drops it`, () => {
      fc.assert(
        fc.property(answers(schema), (raw) => {
          const snapshot = JSON.stringify(raw);
          const parsed = parseLenient(schema, raw);
          // The answer itself is never changed.
          expect(JSON.stringify(raw)).toBe(snapshot);
          if (schema.safeParse(raw).success) {
            expect(parsed.issues).toEqual([]);
            return;
          }
          expect(parsed.issues.length).toBeGreaterThan(0);
          for (const issue of parsed.issues) {
            expect(issue.field.length).toBeGreaterThan(0);
            expect(issue.message.length).toBeGreaterThan(0);
            // A dropped field is gone from what the page gets (unknown-key issues name the object that had them).
            if (parsed.data !== undefined && issue.field !== "(root)" && !/unknown keys/.test(issue.message))
              expect(at(parsed.data, issue.field), `${issue.field}: ${issue.message}`).toBeUndefined();
          }
        }),
        { numRuns: 150, seed: 8 },
      );
    });
  }
});
