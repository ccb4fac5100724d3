// @trc/protocol: the device API contract shared by the emulated decoder and the console.
export * from "./alarms.ts";
export * from "./api.ts";
export * from "./commands.ts";
export * from "./config.ts";
export * from "./config-tree.ts";
export * from "./constants.ts";
export * from "./enums.ts";
export * from "./firmware.ts";
export * from "./issues.ts";
export * from "./levels.ts";
export * from "./openapi.ts";
export * from "./passings-stream.ts";
export * from "./telemetry.ts";
export * from "./test-image.ts";
export * from "./time-format.ts";
export * from "./unit-address.ts";
