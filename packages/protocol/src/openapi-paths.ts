// The paths of the OpenAPI document: every call of SPEC §7 with its parameters, bodies and answers.
import { API } from "./api.ts";
import { BUILT_IN_COMMANDS } from "./commands.ts";
import { BUILT_IN_CONFIG } from "./config.ts";
import {
  FileNameParam,
  inlineSchema,
  type JsonSchema,
  MappingIndex,
  ref,
  schemaName,
} from "./openapi-components.ts";
import { camel, ERRORS, json, operation, pathOf, WITH_PASSWORD } from "./openapi-operation.ts";
import { streamPaths } from "./openapi-stream.ts";
import { CONFIG_TEXT, EXECUTE_TEXT, TELEMETRY_TEXT, UNUSED_TELEMETRY_TEXT } from "./openapi-text.ts";
import { timingPaths } from "./openapi-timing.ts";
import { TELEMETRY_DATASETS, TELEMETRY_SCHEMAS } from "./telemetry.ts";

/** Where a unit (the emulator) serves the document. */
export const OPENAPI_PATH = "/api/openapi.json";

function mapping(kind: "commands" | "config", quantity: string, info: string, item: string, count: number) {
  const label = kind === "commands" ? "command" : "configuration item";
  return {
    [quantity]: {
      get: operation({
        id: `${kind}MappingQuantity`,
        tag: kind === "commands" ? "Commands" : "Configuration",
        summary: `How many ${label}s the unit lists (the built-in list has ${count})`,
        ok: json(ref("MappingQuantity")),
        okText: "The count.",
      }),
    },
    [pathOf(info)]: {
      get: operation({
        id: `${kind}MappingGetInfo`,
        tag: kind === "commands" ? "Commands" : "Configuration",
        summary: `One ${label} of the unit's list`,
        description: `Used only when the console's remote store flag is on. A 401 means the caller may not see it.`,
        query: { name: "index", description: "0..len-1", schema: inlineSchema(MappingIndex) },
        ok: json(ref(item)),
        okText: `The ${label}.`,
        errors: [400, 401, 404],
      }),
    },
  };
}

function telemetryPaths(): Record<string, Record<string, JsonSchema>> {
  const out: Record<string, Record<string, JsonSchema>> = {};
  for (const dataset of TELEMETRY_DATASETS) {
    const name = schemaName(TELEMETRY_SCHEMAS[dataset]);
    out[API.telemetry(dataset)] = {
      get: operation({
        id: `telemetry${camel(dataset)}`,
        tag: "Telemetry",
        summary: `Telemetry dataset ${dataset}`,
        description: TELEMETRY_TEXT[dataset] ?? UNUSED_TELEMETRY_TEXT,
        ok: json(ref(name)),
        okText: "The current reading.",
        // D13: a unit without GPS answers 404.
        errors: dataset === "gnss" ? [404, 500] : [500],
        own: { 404: { description: "The unit has no GPS (D13).", content: json(ref("ErrorBody")) } },
      }),
    };
  }
  return out;
}

const FILE_QUERY = {
  name: "fileName",
  description:
    "A plain file name (URL-encoded): no folders, no .., no control characters, not starting with a dot.",
  schema: inlineSchema(FileNameParam),
};

function filePaths(): Record<string, Record<string, JsonSchema>> {
  const bulk = (which: string, what: string) => ({
    delete: operation({
      id: `deleteFiles${which}`,
      tag: "Files",
      summary: `Delete ${what} (declared by the spec, unused by the console)`,
      ok: json(ref("BulkDeleteAnswer")),
      okText: "What was deleted.",
    }),
  });
  return {
    [API.filesAll]: {
      get: operation({
        id: "listFiles",
        tag: "Files",
        summary: "Every file on the unit",
        ok: json(ref("FileList")),
        okText: "The list.",
      }),
    },
    [pathOf(API.fileDelete("x"))]: {
      delete: operation({
        id: "deleteFile",
        tag: "Files",
        summary: "Delete one file",
        query: FILE_QUERY,
        ok: json(ref("FileDeleteAnswer")),
        okText: "Deleted; the console refreshes the list.",
        errors: [400, 404],
      }),
    },
    [pathOf(API.fileDownload("x"))]: {
      get: operation({
        id: "downloadFile",
        tag: "Files",
        summary: "Download one file (the console opens it in a new tab)",
        description:
          "A name that is not a plain file name is refused (400); it never answers another file's bytes.",
        query: FILE_QUERY,
        ok: {
          "application/octet-stream": {
            schema: { type: "string", contentMediaType: "application/octet-stream" },
          },
          "text/csv": { schema: { type: "string" } },
          "text/plain": { schema: { type: "string" } },
        },
        okText: "The file's bytes, with Content-Disposition: attachment.",
        errors: [400, 404],
      }),
    },
    [API.filesRefresh]: {
      post: operation({
        id: "refreshFiles",
        tag: "Files",
        summary: "Recreate the example file system (the page reloads afterwards)",
        ok: json(ref("FilesRefreshAnswer")),
        okText: "The files written.",
      }),
    },
    [API.filesDeleteAll]: bulk("All", "every file"),
    [API.filesDeleteLogging]: bulk("Logging", "the log files"),
    [API.filesDeleteTiming]: bulk("Timing", "the timing files"),
  };
}

/** Every write may be refused for its Origin (403); a write with a body also for the body's type (415). */
function withOriginAnswers(
  all: Record<string, Record<string, JsonSchema>>,
): Record<string, Record<string, JsonSchema>> {
  for (const ops of Object.values(all)) {
    for (const [method, op] of Object.entries(ops)) {
      if (method !== "post" && method !== "delete") continue;
      const responses = op.responses as Record<string, JsonSchema>;
      responses[403] = { $ref: `#/components/responses/${ERRORS[403][0]}` };
      if (op.requestBody) responses[415] = { $ref: `#/components/responses/${ERRORS[415][0]}` };
    }
  }
  return all;
}

export function paths(): Record<string, Record<string, JsonSchema>> {
  return withOriginAnswers({
    ...telemetryPaths(),
    ...timingPaths(),
    ...streamPaths(),
    [API.deviceName]: {
      get: operation({
        id: "deviceName",
        tag: "Configuration",
        summary: "The unit's name and mode (the console's header and tab title)",
        ok: json(ref("DeviceNameResponse")),
        okText: "Name and mode.",
      }),
    },
    [API.commandExecute]: {
      post: operation({
        id: "executeCommand",
        tag: "Commands",
        summary: "Run a command",
        description: EXECUTE_TEXT,
        body: json(ref("ExecuteRequest")),
        ok: json(ref("ExecuteAnswer")),
        okText: "Done (the console shows the body as JSON).",
        errors: WITH_PASSWORD,
      }),
    },
    [API.authTest]: {
      post: operation({
        id: "testPassword",
        tag: "Commands",
        summary: "Test a password; answers its level",
        body: json(ref("AuthTestRequest")),
        ok: json(ref("AuthTestResponse")),
        okText: "Password was correct: its level.",
        errors: [400, 401, 413, 429],
        own: {
          400: { $ref: "#/components/responses/NoPassword" },
          401: { $ref: "#/components/responses/WrongPassword" },
        },
      }),
    },
    ...mapping(
      "commands",
      API.commandQuantity,
      API.commandInfo(0),
      "CommandDefinition",
      BUILT_IN_COMMANDS.length,
    ),
    [API.configSet]: {
      post: operation({
        id: "setConfig",
        tag: "Configuration",
        summary: "Set one configuration value",
        description: CONFIG_TEXT,
        body: json(ref("ConfigSetRequest")),
        ok: json(ref("ConfigSetAnswer")),
        okText: "Stored (the console shows '200 - Success' and the body).",
        errors: WITH_PASSWORD,
      }),
    },
    [API.configGet]: {
      get: operation({
        id: "getConfig",
        tag: "Configuration",
        summary: "Every configuration value by internal name",
        ok: json({ allOf: [ref("ConfigGetResponse"), ref("BuiltInConfigValues")] }),
        okText: "The values; at least the built-in keys, each of its type.",
      }),
    },
    ...mapping("config", API.configQuantity, API.configInfo(0), "ConfigItem", BUILT_IN_CONFIG.length),
    [API.firmwareUpdate]: {
      post: operation({
        id: "uploadFirmwareChunk",
        tag: "Firmware",
        summary: "Upload one chunk of an ESP32 application image (D6)",
        description:
          "A chunk with flSize starts a new upload into the inactive OTA slot; it must be at offset 0 and hold at least the 288 bytes of the image header and app descriptor, which are checked. One upload at a time: while another image's upload holds the unit, a first chunk is answered 409. Once every byte is there the unit verifies the image as ESP-IDF does (segments, checksum byte, appended SHA-256 when the header announces one), switches the partition and reboots a few seconds later; telemetry/firmware then reports the descriptor's version.",
        body: {
          "multipart/form-data": {
            schema: ref("FirmwareChunkForm"),
            encoding: { chunk: { contentType: "application/octet-stream" } },
          },
        },
        ok: json(ref("FirmwareChunkResponse")),
        okText: "The chunk was taken.",
        errors: [400, 409, 413, 500],
        own: {
          400: {
            description:
              "Refused: not multipart, no chunk, not an image, a bad size or offset, control characters in the descriptor's version or project name; or, on the last chunk, an image whose checksum or appended SHA-256 does not match (the running firmware stays).",
            content: json({ anyOf: [ref("FirmwareChunkRefusal"), ref("ErrorBody")] }),
          },
          409: {
            description:
              "A first chunk of another image while an upload holds the unit (a chunk in the last 30 s, or an installed image awaiting its restart); the upload in progress goes on untouched. The same first chunk again is a retry and is taken.",
            content: json({ anyOf: [ref("FirmwareChunkRefusal"), ref("ErrorBody")] }),
          },
        },
      }),
    },
    ...filePaths(),
    [OPENAPI_PATH]: {
      get: operation({
        id: "openApi",
        tag: "Meta",
        summary: "This document (served by the emulator; optional on a unit)",
        ok: json({ type: "object" }),
        okText: "The OpenAPI document.",
      }),
    },
  });
}
