// Unit tests of the generated OpenAPI document: every call, dataset, level and built-in command is in it, and it is stable.
import { describe, expect, it } from "vitest";
import { API } from "./api.ts";
import { BUILT_IN_COMMANDS, TIMING_COMMANDS } from "./commands.ts";
import { BUILT_IN_CONFIG } from "./config.ts";
import { LEVELS } from "./levels.ts";
import { buildOpenApi, OPENAPI_PATH, openApiJson } from "./openapi.ts";
import { PASSINGS_STREAM_PATH } from "./passings-stream.ts";
import { TELEMETRY_DATASETS } from "./telemetry.ts";
import { TIMING_DATASET } from "./timing.ts";

const doc = buildOpenApi();
const pathOf = (address: string) => address.split("?")[0] ?? address;

/** One operation of the document; fails the test when it is missing. */
function op(path: string, method: string): Record<string, unknown> {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`no ${method} ${path}`);
  return found;
}

describe("buildOpenApi", () => {
  it("is OpenAPI 3.1 with every call of SPEC §7 and its method", () => {
    expect(doc.openapi).toBe("3.1.0");
    const expected: [string, string][] = [
      ...TELEMETRY_DATASETS.map((d): [string, string] => [API.telemetry(d), "get"]),
      [API.deviceName, "get"],
      [API.commandExecute, "post"],
      [API.authTest, "post"],
      [API.commandQuantity, "get"],
      [pathOf(API.commandInfo(0)), "get"],
      [API.configSet, "post"],
      [API.configGet, "get"],
      [API.configQuantity, "get"],
      [pathOf(API.configInfo(0)), "get"],
      [API.firmwareUpdate, "post"],
      [API.filesAll, "get"],
      [pathOf(API.fileDelete("x")), "delete"],
      [pathOf(API.fileDownload("x")), "get"],
      [API.filesRefresh, "post"],
      [API.filesDeleteAll, "delete"],
      [API.filesDeleteLogging, "delete"],
      [API.filesDeleteTiming, "delete"],
      [OPENAPI_PATH, "get"],
      [PASSINGS_STREAM_PATH, "get"],
      [API.telemetry(TIMING_DATASET), "get"],
    ];
    for (const [path, method] of expected)
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    expect(Object.keys(doc.paths)).toHaveLength(expected.length);
  });

  it("names query parameters, the multipart chunk and the statuses of each call", () => {
    const info = op(pathOf(API.commandInfo(0)), "get") as { parameters: { name: string }[] };
    expect(info.parameters.map((p) => p.name)).toEqual(["index"]);
    const download = op(pathOf(API.fileDownload("x")), "get") as { parameters: { name: string }[] };
    expect(download.parameters.map((p) => p.name)).toEqual(["fileName"]);
    const upload = JSON.stringify(doc.paths[API.firmwareUpdate]);
    expect(upload).toContain("multipart/form-data");
    expect(upload).toContain("#/components/schemas/FirmwareChunkForm");
    const statuses = (path: string, method: string) => Object.keys(op(path, method).responses as object);
    expect(statuses(API.authTest, "post")).toEqual(["200", "400", "401", "403", "413", "415", "429"]);
    expect(statuses(API.commandExecute, "post")).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "413",
      "415",
      "429",
    ]);
    expect(statuses(API.configSet, "post")).toEqual(["200", "400", "401", "403", "404", "413", "415", "429"]);
    // Body-less writes can be refused for their Origin, never for a body type; reads neither.
    expect(statuses(API.filesRefresh, "post")).toEqual(["200", "403"]);
    expect(statuses(pathOf(API.fileDelete("x")), "delete")).toEqual(["200", "400", "403", "404"]);
    expect(statuses(API.configGet, "get")).toEqual(["200"]);
    expect(statuses(API.firmwareUpdate, "post")).toEqual(["200", "400", "403", "409", "413", "415", "500"]);
  });

  it("describes every level and the level of every built-in command", () => {
    const text = JSON.stringify(doc);
    for (const level of LEVELS) expect(text).toContain(`| ${level.level} | ${level.name} | ${level.short} |`);
    const execute = op(API.commandExecute, "post").description as string;
    for (const c of [...BUILT_IN_COMMANDS, ...TIMING_COMMANDS])
      expect(execute).toContain(`| \`${c.cmd}\` | ${c.name} | ${c.perm} (`);
    const values = (doc.components as { schemas: Record<string, { properties: object }> }).schemas
      .BuiltInConfigValues;
    expect(Object.keys(values?.properties ?? {})).toEqual(BUILT_IN_CONFIG.map((i) => i.name_internal));
  });

  it("refers only to components that exist and carries no $schema or $id inside", () => {
    const text = openApiJson();
    const components = doc.components as Record<string, Record<string, unknown>>;
    for (const [, kind, name] of text.matchAll(/"#\/components\/(\w+)\/(\w+)"/g)) {
      expect(components[kind as string]?.[name as string], `${kind}/${name}`).toBeDefined();
    }
    expect(text).not.toMatch(/"\$(schema|id)"/);
  });

  it("is the same text every time (stable key order)", () => {
    expect(openApiJson()).toBe(openApiJson());
    expect(openApiJson().endsWith("}\n")).toBe(true);
  });
});

describe("the read stream in the document", () => {
  it("describes GET /api/passings/stream: event stream, both resume points, its events and its refusals", () => {
    const op = doc.paths[PASSINGS_STREAM_PATH]?.get as {
      parameters: { in: string; name: string }[];
      responses: Record<string, { content?: Record<string, { "x-events"?: object }> }>;
    };
    expect(op.parameters.map((p) => `${p.in} ${p.name}`)).toEqual(["header Last-Event-ID", "query after"]);
    expect(Object.keys(op.responses)).toEqual(["200", "400", "404", "503"]);
    expect(op.responses[200]?.content?.["text/event-stream"]?.["x-events"]).toEqual({
      hello: { $ref: "#/components/schemas/StreamHello" },
      reads: { $ref: "#/components/schemas/ReadsBatch" },
      gap: { $ref: "#/components/schemas/ReadsGap" },
    });
    const schemas = (doc.components as { schemas: Record<string, { required?: string[] }> }).schemas;
    expect(schemas.TagRead?.required).toEqual(["seq", "tag", "ant", "rssi", "time"]);
    expect(schemas.ReadsGap?.required).toEqual(["from", "to"]);
    expect(schemas.StreamHello?.required).toEqual(["after", "newest", "oldest"]);
  });
});

describe("race control in the document (D12)", () => {
  it("describes GET /api/telemetry/timing with its schema, and race control's commands beside the built-in list", () => {
    const timing = op(API.telemetry(TIMING_DATASET), "get") as {
      responses: Record<string, { content?: Record<string, { schema: object }> }>;
    };
    expect(Object.keys(timing.responses)).toEqual(["200", "404", "500"]);
    expect(timing.responses[200]?.content?.["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/TimingTelemetry",
    });
    const schemas = (doc.components as { schemas: Record<string, { required?: string[] }> }).schemas;
    expect(schemas.TimingTelemetry?.required).toEqual(["mode", "session", "programs", "replay"]);
    expect(doc["x-timing-commands"]).toEqual([
      { cmd: "TIMING_START", name: "Start timing", perm: 5 },
      { cmd: "TIMING_STOP", name: "Stop timing", perm: 5 },
      { cmd: "MARKER", name: "Marker", perm: 5 },
      { cmd: "REPLAY_WINDOW", name: "Replay window", perm: 5 },
      { cmd: "UPLOAD_FROM", name: "Upload from", perm: 5 },
      { cmd: "UHF_PORT", name: "UHF port", perm: 5 },
    ]);
    expect((doc["x-built-in-commands"] as { cmd: string }[]).map((c) => c.cmd)).not.toContain("MARKER");
  });
});
