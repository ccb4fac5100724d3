// The OpenAPI document: valid OpenAPI 3.1 (a maintained validator), served by the emulator, and docs/openapi.json not stale.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { Validator } from "@seriousme/openapi-schema-validator";
import { buildOpenApi, OPENAPI_PATH, openApiJson } from "@trc/protocol";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEmulator, type TestUnit } from "./units.ts";

const DOCS_FILE = fileURLToPath(new URL("../../../docs/openapi.json", import.meta.url));

let unit: TestUnit;
beforeAll(async () => {
  unit = await startEmulator();
});
afterAll(() => unit.close());

it("GET /api/openapi.json is a valid OpenAPI 3.1 document, the generated one", async () => {
  const res = await fetch(`${unit.url}${OPENAPI_PATH}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  const served = (await res.json()) as Record<string, unknown>;
  const validator = new Validator();
  const result = await validator.validate(served);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe("3.1");
  expect(served).toEqual(buildOpenApi());
});

it("the validator refuses a broken document (it really validates)", async () => {
  const broken = structuredClone(buildOpenApi()) as { paths: Record<string, Record<string, unknown>> };
  const execute = broken.paths["/api/commands/execute"] as { post: { responses: Record<string, unknown> } };
  execute.post.responses["200"] = { content: {} };
  expect((await new Validator().validate(broken)).valid).toBe(false);
});

it("docs/openapi.json is the generated document (else run npm run openapi)", async () => {
  const file = await readFile(DOCS_FILE, "utf8").catch(() => "(missing)");
  expect(file === openApiJson(), "docs/openapi.json is stale: run npm run openapi").toBe(true);
});
