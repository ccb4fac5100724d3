// The uhf/ports and uhf/config datasets (SPEC §7, D13): SPEC's fields of each channel as they always were, then D13's
// state, median RSSI and reads per passing of the last 60 s, and identifying; the transmitter and each port's settings.
import {
  type DeviceMode,
  UHF_PORT_WINDOW_MS,
  type UhfChannel,
  type UhfConfigTelemetry,
  type UhfPortsTelemetry,
} from "@trc/protocol";
import type { ConfigStore } from "../state/config-store.ts";
import { round, smoothNoise } from "./noise.ts";
import { portStats } from "./port-stats.ts";
import type { TagReader } from "./tag-reader.ts";
import type { UhfControl } from "./uhf-control.ts";
import { NOISE, transmits } from "./uhf-ports.ts";

/** What the UHF datasets read of the unit: its mode, reader, ports and configuration. */
export interface UhfTelemetryUnit {
  readonly mode: DeviceMode;
  readonly reader: Pick<TagReader, "advance" | "channelCount" | "hasAntenna" | "log" | "startedAt">;
  readonly uhf: Pick<UhfControl, "count" | "identifying" | "portConfig" | "power" | "state" | "transmitter">;
  readonly config: Pick<ConfigStore, "get">;
}

/** uhf/ports at host time `now` (`deviceNow` by the unit's clock, as its reads are timed). */
export function uhfPorts(unit: UhfTelemetryUnit, now: number, deviceNow: number): UhfPortsTelemetry {
  const reader = unit.reader;
  reader.advance(now);
  if (unit.mode !== "uhf") return { channels: [] };
  const tS = (now - reader.startedAt) / 1000;
  const tagTimeoutMs = Math.max(0, unit.config.get("tag_timeout", 5)) * 1000;
  const stats = portStats(reader.log.since(deviceNow - UHF_PORT_WINDOW_MS), tagTimeoutMs);
  const channels: UhfChannel[] = [];
  for (let id = 0; id < reader.channelCount; id++) {
    const state = unit.uhf.state(id, reader.hasAntenna(id), now);
    // D13: absent is `ant` false (also when the scenario says so).
    const ant = reader.hasAntenna(id) && state !== "absent";
    const loss =
      state === "fault"
        ? 0
        : !ant
          ? round(0.6 + 0.2 * smoothNoise(30, tS, 60), 1)
          : state === "noise"
            ? round(NOISE.lossDb + 1.5 * smoothNoise(25 + id, tS, 20), 1)
            : round(17 + 3 * smoothNoise(20 + id, tS, 60), 1);
    const pwr =
      ant && transmits(state) ? round(unit.uhf.power(id) + 0.2 * smoothNoise(40 + id, tS, 30), 1) : 0;
    const stat = stats.get(id);
    channels.push({
      id,
      ant,
      reads: reader.log.channelReads(id),
      loss,
      pwr,
      state,
      rssi: stat?.rssi ?? null,
      hits: stat?.hits ?? null,
      identifying: unit.uhf.identifying(id, now),
    });
  }
  return { channels };
}

/** uhf/config (D13), with the emulated reader's air settings beside it. */
export function uhfConfig(unit: UhfTelemetryUnit): UhfConfigTelemetry & Record<string, unknown> {
  const power = unit.config.get<string>("uhf_power", "HIGH");
  return {
    region: unit.config.get("uhf_region", "Australia"),
    power: power === "LOW" || power === "MEDIUM" ? power : "HIGH",
    transmitter: unit.uhf.transmitter ? "ON" : "OFF",
    ports: Array.from({ length: unit.uhf.count }, (_, id) => unit.uhf.portConfig(id)),
    session: 1,
    target: "A",
    tari_us: 25,
    q: 4,
  };
}
