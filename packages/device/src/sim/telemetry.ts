// Every telemetry dataset (SPEC §7's and D12's timing), computed from the unit's state and elapsed time (its host
// clock) when asked for; with the test hooks on, the alarm scenario laid over it.
import type { DeviceMode, UnitDataset } from "@trc/protocol";
import type { Clock } from "../clock/clock.ts";
import type { UnitLink } from "../mqtt/unit-link.ts";
import type { ResolvedOptions } from "../options.ts";
import type { RaceControl } from "../race/race-control.ts";
import type { ConfigStore } from "../state/config-store.ts";
import type { DataPaths } from "../state/data-dir.ts";
import type { FirmwareStore } from "../state/firmware-store.ts";
import type { IdentityStore } from "../state/identity.ts";
import type { Upload } from "../upload/upload.ts";
import { battery, powerChannels, powerConsumption } from "./battery.ts";
import { cellular, cellularAntenna } from "./cellular.ts";
import { temperatures } from "./environment.ts";
import { interfaces, services } from "./network.ts";
import { applyScenario, type ScenarioUnit } from "./scenario.ts";
import { storage } from "./storage.ts";
import type { TagReader } from "./tag-reader.ts";
import type { TimeKeeper } from "./time-keeper.ts";
import { gnss, type SourcesReading, timeSources } from "./time-sources.ts";
import { type UhfTelemetryUnit, uhfConfig, uhfPorts } from "./uhf-telemetry.ts";
import { hwConfig, os } from "./unit-info.ts";

/** A dataset the unit does not have (answered 404 with the reason): gnss on a unit without GPS (D13). */
export class NotFitted {
  constructor(readonly reason: string) {}
}

/** What the datasets read of the unit: its clocks and times, options, stores, reader, race control and MQTT link. */
export interface TelemetryUnit extends ScenarioUnit, UhfTelemetryUnit {
  readonly hostClock: Pick<Clock, "now">;
  /** The device clock (time/sources). */
  readonly clock: Pick<Clock, "now">;
  readonly mode: DeviceMode;
  /** Since power-on and since the last boot (ms of the host clock). */
  elapsed(now: number): number;
  sinceBoot(now: number): number;
  readonly options: Pick<ResolvedOptions, "scenario" | "testHooks">;
  readonly paths: Pick<DataPaths, "root">;
  readonly config: Pick<ConfigStore, "get">;
  readonly firmware: Pick<FirmwareStore, "telemetry">;
  readonly identity: Pick<IdentityStore, "value">;
  readonly reader: ScenarioUnit["reader"] & UhfTelemetryUnit["reader"] & Pick<TagReader, "txOn">;
  readonly uhf: ScenarioUnit["uhf"] & UhfTelemetryUnit["uhf"];
  /** The time sources (D13). */
  readonly time: ScenarioUnit["time"] & Pick<TimeKeeper, "at">;
  readonly timing: Pick<RaceControl, "counts" | "telemetry">;
  readonly mqtt: Pick<UnitLink, "server" | "outbox">;
  readonly upload: Pick<Upload, "left" | "telemetry">;
}

/** A dataset as the unit answers and publishes it: read, then (test hooks only) the alarm scenario laid over it. */
export async function unitTelemetry(unit: TelemetryUnit, dataset: UnitDataset): Promise<unknown> {
  const read = await readTelemetry(unit, dataset);
  // Alarm scenarios exist only with the test hooks on.
  return unit.options.testHooks ? applyScenario(unit, dataset, read) : read;
}

async function readTelemetry(device: TelemetryUnit, dataset: UnitDataset): Promise<unknown> {
  const now = device.hostClock.now();
  const elapsed = device.elapsed(now);
  const sinceBoot = device.sinceBoot(now);
  const cfg = device.config;
  const charging = device.options.scenario.includes("charging");
  const sources = (): SourcesReading => ({
    sources: device.time.at(now),
    hostNow: now,
    deviceNow: device.clock.now(),
    elapsedMs: elapsed,
  });
  switch (dataset) {
    case "firmware":
      return device.firmware.telemetry();
    case "storage":
      return storage(device.paths.root);
    case "passings": {
      const passings = device.reader.passings(now);
      // Race control's passings once it has any (D12: Left is what no timing program took yet); else, with a broker,
      // Left is the reads it has not acknowledged yet (D11); without one, the living unit's upstream backlog.
      const race = device.timing.counts();
      // D14: with http_url set, Left also counts what the server has not acknowledged (both are the newest passings).
      const server = await device.upload.left();
      if (race)
        return { ...passings, ...race, ...(server === null ? {} : { left: Math.max(race.left, server) }) };
      if (server !== null) return { ...passings, left: server };
      return device.mqtt.server ? { ...passings, left: device.mqtt.outbox.left } : passings;
    }
    case "timing":
      return { ...(await device.timing.telemetry()), upload: await device.upload.telemetry() };
    case "uhf/ports":
      return uhfPorts(device, now, device.clock.now());
    case "time/sources":
      return timeSources(sources(), cfg.get("utc_offset", 0));
    case "networking/interfaces":
      return interfaces(sinceBoot);
    case "hw/temp":
      return temperatures(elapsed, device.mode, device.reader.txOn);
    case "cellular":
      return cellular(sinceBoot);
    case "cellular/ant":
      return cellularAntenna(elapsed);
    case "battery":
      return battery(elapsed, charging);
    case "gnss":
      return gnss(sources()) ?? new NotFitted("This unit has no GPS");
    case "os":
      return os(elapsed, sinceBoot);
    case "uhf/config":
      return uhfConfig(device);
    case "power/channels":
      return powerChannels(elapsed, charging);
    case "power/consumption":
      return powerConsumption(elapsed);
    case "networking/services":
      return services(
        cfg.get("raw_port", 10000),
        cfg.get("filtered_port", 10001),
        device.identity.value.mqttServer,
      );
    case "hw/config":
      return hwConfig(device.mode, device.identity.value.serial, device.identity.value.whitelabel);
  }
}
