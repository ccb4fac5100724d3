// The public API of @trc/device: start a unit in this process or as a child process, and drive its test hooks.
export { type BrokerOptions, type RunningBroker, startBroker } from "./broker/embedded-broker.ts";
export { freePort, hasMosquitto, MOSQUITTO, startMosquitto } from "./broker/mosquitto.ts";
export { type ChildDevice, type ChildDeviceOptions, READY_LINE, startChildDevice } from "./child.ts";
export { type ClockHooks, type ClockState, clockHooksClient } from "./clock-hooks-client.ts";
export {
  EVENT_MAX_UNITS,
  type EventOptions,
  eventClientId,
  joinBroker,
  type RunningEvent,
  startEvent,
} from "./event.ts";
export { type FleetOptions, fleetUnitName, type RunningFleet, startFleet } from "./fleet.ts";
export type { FaultSpec } from "./middleware/faults.ts";
export type { LogEntry, RequestStats } from "./middleware/request-log.ts";
export type { DeviceOptions, DeviceProfile, ResolvedOptions } from "./options.ts";
export {
  RECEIVER_MODES,
  type ReceiverMode,
  type ReceiverOptions,
  type ReceiverStats,
  type RunningReceiver,
  startReceiver,
} from "./receiver/receiver.ts";
export { type RunningDevice, startDevice } from "./server.ts";
export {
  type MassStart,
  type StreamHooks,
  type StreamState,
  streamHooksClient,
  type TestTag,
} from "./stream-hooks-client.ts";
export { type FaultRequest, type TestHooks, testHooksClient } from "./test-hooks-client.ts";
