// The schemas of the OpenAPI document: every protocol schema converted with zod's JSON Schema conversion, plus notes.
import * as z from "zod/mini";
import { GnssTelemetry, UhfConfigTelemetry, UhfPortConfig } from "./antennas.ts";
import { DeviceNameResponse, ErrorBody, FileEntry, FileList, MappingQuantity } from "./api.ts";
import {
  AuthTestRequest,
  AuthTestResponse,
  CommandArg,
  CommandDefinition,
  ExecuteRequest,
} from "./commands.ts";
import {
  BUILT_IN_CONFIG,
  ConfigGetResponse,
  ConfigItem,
  ConfigSetRequest,
  ConfigValueSchema,
  OPTIONAL_CONFIG,
} from "./config.ts";
import { FirmwareChunkResponse } from "./firmware.ts";
import { FIELD_NOTES } from "./openapi-field-notes.ts";
import { ReadsBatch, ReadsGap, StreamHello, TagRead } from "./passings-stream.ts";
import {
  BatteryTelemetry,
  CellularAntTelemetry,
  CellularTelemetry,
  FirmwareTelemetry,
  InterfacesTelemetry,
  NetInterface,
  PassingsTelemetry,
  StorageTelemetry,
  TempSensor,
  TempsTelemetry,
  TimeSource,
  TimeSourcesTelemetry,
  UhfChannel,
  UhfPortsTelemetry,
  UnusedTelemetry,
} from "./telemetry.ts";
import {
  ReplayProgress,
  TimingProgram,
  TimingSessionInfo,
  TimingSessionSummary,
  TimingTelemetry,
} from "./timing.ts";
import { UploadTelemetry } from "./upload.ts";

export type JsonSchema = { [key: string]: unknown };

const WHOLE_TEXT = /^\d{1,12}$/;

/** The multipart form of one firmware chunk (SPEC §7, D6). */
export const FirmwareChunkForm = z.object({
  chunk: z.file(),
  flSize: z.optional(z.string().check(z.regex(WHOLE_TEXT))),
  offset: z.optional(z.string().check(z.regex(WHOLE_TEXT))),
});
export const FirmwareChunkRefusal = z.extend(FirmwareChunkResponse, { error: z.string() });
/** Answers the console does not read (SPEC §7 "body not shown"); the reference unit's shapes. */
export const ExecuteAnswer = z.looseObject({ cmd: z.string(), result: z.string() });
export const ConfigSetAnswer = z.looseObject({ key: z.string(), value: ConfigValueSchema, time: z.string() });
export const FileDeleteAnswer = z.looseObject({ deleted: z.string() });
export const FilesRefreshAnswer = z.looseObject({
  refreshed: z.array(z.string()),
  files: z.array(FileEntry),
});
export const BulkDeleteAnswer = z.looseObject({
  deleted: z.array(z.string()),
  count: z.int().check(z.gte(0)),
});
export const MappingIndex = z.int().check(z.gte(0));
export const FileNameParam = z.string().check(z.minLength(1), z.maxLength(128));

/** Named schemas, in the order they appear under components.schemas, with what each is. */
const NAMED: readonly [string, z.ZodMiniType, string][] = [
  ["ErrorBody", ErrorBody, "The body of every 4xx/5xx answer of the reference unit: the reason."],
  ["DeviceNameResponse", DeviceNameResponse, "The unit's name and mode (uhf or hf)."],
  ["MappingQuantity", MappingQuantity, "How many entries a mapping has (indexes 0..len-1)."],
  ["CommandArg", CommandArg, "One argument: name, description, format (type) and an example value (val)."],
  [
    "CommandDefinition",
    CommandDefinition,
    "A command: name, description, code (cmd), level (perm), arguments.",
  ],
  [
    "ExecuteRequest",
    ExecuteRequest,
    "A command to run (D3): its code, its arguments as strings, credentials.",
  ],
  ["ExecuteAnswer", ExecuteAnswer, "The reference unit's answer: the code and a result text (plus extras)."],
  ["AuthTestRequest", AuthTestRequest, "A password to test; none (or empty) is answered 400."],
  ["AuthTestResponse", AuthTestResponse, "The level the password gives."],
  ["ConfigValue", ConfigValueSchema, "A configuration value keeps its type: boolean, number or string."],
  [
    "ConfigItem",
    ConfigItem,
    "A configuration item with its category path, type, level, default and current value.",
  ],
  ["ConfigSetRequest", ConfigSetRequest, "One value to set (D3): key, value, ISO timestamp, credentials."],
  ["ConfigSetAnswer", ConfigSetAnswer, "The reference unit echoes the key, value and time it stored."],
  ["ConfigGetResponse", ConfigGetResponse, "Every configuration value by internal name."],
  ["FirmwareChunkForm", FirmwareChunkForm, "One chunk of an image (D6); flSize on the first chunk only."],
  ["FirmwareChunkResponse", FirmwareChunkResponse, "Progress of the upload after this chunk."],
  ["FirmwareChunkRefusal", FirmwareChunkRefusal, "A refused chunk: the progress so far and the reason."],
  ["FileEntry", FileEntry, "A file on the unit: name and size in bytes."],
  ["FileList", FileList, "Every file on the unit."],
  ["FileDeleteAnswer", FileDeleteAnswer, "The name of the file deleted."],
  ["BulkDeleteAnswer", BulkDeleteAnswer, "The names of the files deleted and how many."],
  ["FilesRefreshAnswer", FilesRefreshAnswer, "The example files written and the new list."],
  ["FirmwareTelemetry", FirmwareTelemetry, "The telemetry dataset firmware."],
  ["StorageTelemetry", StorageTelemetry, "The telemetry dataset storage."],
  ["PassingsTelemetry", PassingsTelemetry, "The telemetry dataset passings."],
  ["UhfChannel", UhfChannel, "One UHF antenna channel."],
  ["UhfPortsTelemetry", UhfPortsTelemetry, "The telemetry dataset uhf/ports."],
  ["UhfPortConfig", UhfPortConfig, "One antenna port's settings (D13); also UHF_PORT's answer."],
  ["UhfConfigTelemetry", UhfConfigTelemetry, "The telemetry dataset uhf/config (D13)."],
  ["GnssTelemetry", GnssTelemetry, "The telemetry dataset gnss (D13); a unit without GPS answers 404."],
  ["TimeSource", TimeSource, "One clock source."],
  ["TimeSourcesTelemetry", TimeSourcesTelemetry, "The telemetry dataset time/sources."],
  ["NetInterface", NetInterface, "One network interface."],
  ["InterfacesTelemetry", InterfacesTelemetry, "The telemetry dataset networking/interfaces."],
  ["TempSensor", TempSensor, "One temperature sensor."],
  ["TempsTelemetry", TempsTelemetry, "The telemetry dataset hw/temp."],
  ["CellularTelemetry", CellularTelemetry, "The telemetry dataset cellular."],
  ["CellularAntTelemetry", CellularAntTelemetry, "The telemetry dataset cellular/ant."],
  ["BatteryTelemetry", BatteryTelemetry, "The telemetry dataset battery."],
  ["TagRead", TagRead, "One tag read of the read stream (D10)."],
  ["ReadsBatch", ReadsBatch, "The data of a `reads` event: 1 to 500 reads in seq order."],
  [
    "ReadsGap",
    ReadsGap,
    "The data of a `gap` event: the seqs from..to (inclusive) the unit no longer keeps.",
  ],
  [
    "StreamHello",
    StreamHello,
    "The data of the `hello` event that begins every stream: where it starts, the newest and the oldest kept seq.",
  ],
  ["TimingSessionInfo", TimingSessionInfo, "The open timing session: its file, start and passings stored."],
  ["TimingProgram", TimingProgram, "A timing program connected to the raw or the filtered port."],
  ["ReplayProgress", ReplayProgress, "A replay under way: passings to send again and sent so far."],
  ["TimingSessionSummary", TimingSessionSummary, "A timing file on the unit: its passings, first and last."],
  ["UploadTelemetry", UploadTelemetry, "The posts of passings to the server of http_url (D14)."],
  ["TimingTelemetry", TimingTelemetry, "The telemetry dataset timing (D12): race control's state."],
  [
    "UnusedTelemetry",
    UnusedTelemetry,
    "A dataset declared by the spec but unused by the console: any object.",
  ],
];

const SAFE = Number.MAX_SAFE_INTEGER;

/** Drops what OpenAPI does not want inside components ($schema, fragment $id) and zod's safe-integer bounds. */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (value === null || typeof value !== "object") return value;
  const out: JsonSchema = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === "$schema" || key === "$id") continue;
    if ((key === "maximum" && v === SAFE) || (key === "minimum" && v === -SAFE)) continue;
    out[key] = tidy(v);
  }
  return out;
}

function annotate(name: string, schema: JsonSchema, description: string): JsonSchema {
  const notes = FIELD_NOTES[name] ?? {};
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  for (const [field, note] of Object.entries(notes)) {
    const prop = properties?.[field];
    if (!prop) throw new Error(`openapi: ${name} has no field ${field}`);
    properties[field] = { description: note, ...prop };
  }
  return { description, ...schema };
}

/** D5 as a schema: every built-in key with its type, limits and default. */
function builtInConfigValues(): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const item of BUILT_IN_CONFIG) {
    const p: JsonSchema = { description: item.description, type: item.integer ? "integer" : item.type };
    if (item.allowed) p.enum = [...item.allowed];
    if (item.min !== undefined) p.minimum = item.min;
    if (item.max !== undefined) p.maximum = item.max;
    if (item.format === "ipv4") p.format = "ipv4";
    if (item.maxLength !== undefined) p.maxLength = item.maxLength;
    p.default = item.value_default;
    properties[item.name_internal] = p;
  }
  return {
    description: "The built-in configuration (D5): every key a unit has, with its type and limits.",
    type: "object",
    properties,
    required: BUILT_IN_CONFIG.map((i) => i.name_internal).filter((name) => !OPTIONAL_CONFIG.includes(name)),
  };
}

/** components.schemas of the document, named schemas referring to each other with $ref. */
export function componentSchemas(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of NAMED) registry.add(schema, { id });
  const converted = z.toJSONSchema(registry, { io: "input", uri: (id) => `#/components/schemas/${id}` });
  const out: Record<string, JsonSchema> = {};
  for (const [id, , description] of NAMED) {
    out[id] = annotate(id, tidy(converted.schemas[id]) as JsonSchema, description);
  }
  out.BuiltInConfigValues = builtInConfigValues();
  return out;
}

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** The component name of a protocol schema (e.g. of a telemetry dataset's schema). */
export function schemaName(schema: z.ZodMiniType): string {
  const found = NAMED.find(([, s]) => s === schema);
  if (!found) throw new Error("openapi: a schema without a component name");
  return found[0];
}

/** A parameter's schema (not in components). */
export const inlineSchema = (schema: z.ZodMiniType): JsonSchema =>
  tidy(z.toJSONSchema(schema, { io: "input" })) as JsonSchema;
