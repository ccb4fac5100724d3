// The device API as an OpenAPI 3.1 document, generated from the protocol's schemas (pure: no I/O).
import { BUILT_IN_COMMANDS, TIMING_COMMANDS } from "./commands.ts";
import { LEVELS } from "./levels.ts";
import { componentSchemas, type JsonSchema, ref } from "./openapi-components.ts";
import { errorResponses, json } from "./openapi-operation.ts";
import { paths } from "./openapi-paths.ts";
import { API_CONTACT, INTRO } from "./openapi-text.ts";

export { OPENAPI_PATH } from "./openapi-paths.ts";
export const OPENAPI_VERSION = "3.1.0";

export type OpenApiDocument = JsonSchema & {
  openapi: string;
  paths: Record<string, Record<string, JsonSchema>>;
};

/** The document's tags, as the console's pages group the calls. */
const TAGS = {
  Telemetry:
    "Readings of the unit (SPEC §7 datasets), race control's timing dataset (D12) and its read stream (D10); no credentials.",
  Commands: "The unit's command list and running a command (D4), with a password in the body.",
  Configuration: "The unit's configuration values (D5): read them, set one with a password in the body.",
  Firmware: "Uploading an application image in chunks (D6).",
  Files: "The unit's timing and log files: list, download, delete.",
  Meta: "The unit's name and mode, and this document.",
} as const;

/** The whole OpenAPI 3.1 document. */
export function buildOpenApi(): OpenApiDocument {
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: "Timing Reader device API",
      version: "1.0.0",
      summary: "What a timing decoder answers to the Timing Reader Console.",
      description: INTRO,
      contact: API_CONTACT,
    },
    servers: [{ url: "http://192.168.4.1", description: "A unit on its own Wi-Fi (any address works)" }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
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
    "x-timing-commands": TIMING_COMMANDS.map((c) => ({ cmd: c.cmd, name: c.name, perm: c.perm })),
  };
}

/** The document as written to docs/openapi.json: two-space indented, stable key order, final newline. */
export function openApiJson(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
}
