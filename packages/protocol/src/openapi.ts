// The device API as an OpenAPI 3.1 document, generated from the protocol's schemas (pure: no I/O).
import { BUILT_IN_COMMANDS } from "./commands.ts";
import { LEVELS } from "./levels.ts";
import { componentSchemas, type JsonSchema, ref } from "./openapi-components.ts";
import { errorResponses, json } from "./openapi-operation.ts";
import { paths } from "./openapi-paths.ts";
import { INTRO } from "./openapi-text.ts";

export { OPENAPI_PATH } from "./openapi-paths.ts";
export const OPENAPI_VERSION = "3.1.0";

export type OpenApiDocument = JsonSchema & {
  openapi: string;
  paths: Record<string, Record<string, JsonSchema>>;
};

/** The whole OpenAPI 3.1 document. */
export function buildOpenApi(): OpenApiDocument {
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: "Timing Reader device API",
      version: "1.0.0",
      summary: "What a timing decoder answers to the Timing Reader Console.",
      description: INTRO,
    },
    servers: [{ url: "http://192.168.4.1", description: "A unit on its own Wi-Fi (any address works)" }],
    tags: ["Telemetry", "Commands", "Configuration", "Firmware", "Files", "Meta"].map((name) => ({ name })),
    paths: paths(),
    components: {
      schemas: componentSchemas(),
      responses: {
        ...errorResponses(),
        NoPassword: {
          description: "ERROR: Query did not contain authentication",
          content: json(ref("ErrorBody")),
        },
        WrongPassword: { description: "Password was incorrect", content: json(ref("ErrorBody")) },
      },
    },
    "x-permission-levels": LEVELS.map((l) => ({ ...l })),
    "x-built-in-commands": BUILT_IN_COMMANDS.map((c) => ({ cmd: c.cmd, name: c.name, perm: c.perm })),
  };
}

/** The document as written to docs/openapi.json: two-space indented, stable key order, final newline. */
export function openApiJson(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
}
