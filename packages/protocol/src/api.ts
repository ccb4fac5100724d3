// The calls of SPEC §7: paths, and the schemas of the answers that are not telemetry, commands, config or firmware.
import * as z from "zod/mini";
import { DEVICE_MODES } from "./enums.ts";

export const API = {
  telemetry: (dataset: string) => `/api/telemetry/${dataset}`,
  deviceName: "/api/config/deviceName",
  commandExecute: "/api/commands/execute",
  authTest: "/api/commands/auth/test",
  commandQuantity: "/api/commands/mapping/quantity",
  commandInfo: (index: number) => `/api/commands/mapping/getInfo?index=${index}`,
  configSet: "/api/config/set",
  configGet: "/api/config/get",
  configQuantity: "/api/config/mapping/quantity",
  configInfo: (index: number) => `/api/config/mapping/getInfo?index=${index}`,
  firmwareUpdate: "/api/firmware/update",
  filesAll: "/api/filesystem/getAll",
  fileDelete: (name: string) => `/api/filesystem/file?fileName=${encodeURIComponent(name)}`,
  fileDownload: (name: string) => `/api/filesystem/download?fileName=${encodeURIComponent(name)}`,
  filesRefresh: "/api/filesystem/dev/refreshFSDB",
  /** Declared by the spec, unused by the console. */
  filesDeleteAll: "/api/filesystem/files/all",
  filesDeleteLogging: "/api/filesystem/files/logging",
  filesDeleteTiming: "/api/filesystem/files/timing",
} as const;

export const DeviceNameResponse = z.object({ deviceName: z.string(), mode: z.enum(DEVICE_MODES) });
export type DeviceNameResponse = z.infer<typeof DeviceNameResponse>;

export const MappingQuantity = z.object({ len: z.int().check(z.gte(0), z.lte(1000)) });

export const FileEntry = z.object({ name: z.string(), size: z.number().check(z.gte(0)) });
export const FileList = z.object({ files: z.array(FileEntry) });
export type FileEntry = z.infer<typeof FileEntry>;
export type FileList = z.infer<typeof FileList>;

/** Every 4xx/5xx answer of the emulated device carries a reason. */
export const ErrorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;
