// Alarm scenarios (test hooks only): overrides laid over the living telemetry so each unit alarm can be made to happen,
// and the reader's scenarios (reads stop, a test tag held at an antenna, the link to the server down).
import type {
  BatteryTelemetry,
  CellularTelemetry,
  PassingsTelemetry,
  StorageTelemetry,
  TempsTelemetry,
  UhfPortsTelemetry,
  UnitDataset,
} from "@trc/protocol";
import type { Clock } from "../clock/clock.ts";
import type { UnitLink } from "../mqtt/unit-link.ts";
import type { RaceControl } from "../race/race-control.ts";
import { type AntennaScenario, portOverrides, timeOverrides } from "./antenna-scenario.ts";
import type { TestTag } from "./race-reads.ts";
import type { TagReader } from "./tag-reader.ts";
import type { TimeKeeper } from "./time-keeper.ts";
import type { UhfControl } from "./uhf-control.ts";

/** What the scenarios use of the unit: its host clock, reader, and whether race control or a broker count passings. */
export interface ScenarioUnit {
  readonly hostClock: Pick<Clock, "now">;
  readonly reader: Pick<
    TagReader,
    | "passings"
    | "setStopped"
    | "setLostChannels"
    | "setServerDown"
    | "setDrainPerMinute"
    | "clearRaceReads"
    | "setTestTag"
  >;
  readonly timing: Pick<RaceControl, "counts">;
  readonly mqtt: Pick<UnitLink, "server">;
  /** The antenna ports and the time sources (D13). */
  readonly uhf: Pick<UhfControl, "setOverrides">;
  readonly time: Pick<TimeKeeper, "setOverrides">;
}

/** Every field is optional; `null` clears one override. D13's (antennas, time sources): antenna-scenario.ts. */
export interface Scenario extends AntennaScenario {
  /** Battery charge in %, discharging. */
  batteryPercent?: number;
  /** Share of the storage used, %. */
  storagePercent?: number;
  /** Channel ids whose antenna is gone. */
  antennaLost?: number[];
  /** Return loss per channel id, dB (signed or not, as a unit sends it). */
  returnLoss?: Record<string, number>;
  /** Temperature per sensor name, °C. */
  temps?: Record<string, number>;
  /** Cellular power and/or connection state. */
  cellular?: { power?: string; connection?: string };
  /** The reader makes no read (the stream sends none, the passings counters stop where they are). */
  readsStopped?: boolean;
  /** A tag held at a channel, read `perSecond` times a second. */
  testTag?: TestTag;
  /** The link to the upstream server: true down (nothing sent, Left grows with the reads), false up (all sent). */
  serverDown?: boolean;
  /** Passings the link sends a minute once up, so a backlog drains over time (absent: at once when held up). */
  drainPerMinute?: number;
}

interface State {
  scenario: Scenario;
  frozen: PassingsTelemetry | null;
}

const states = new WeakMap<ScenarioUnit, State>();

function stateOf(device: ScenarioUnit): State {
  let s = states.get(device);
  if (!s) {
    s = { scenario: {}, frozen: null };
    states.set(device, s);
  }
  return s;
}

export function scenarioOf(device: ScenarioUnit): Scenario {
  return stateOf(device).scenario;
}

/** Merges `patch` into the unit's scenario (a null field is removed); `null` as a whole clears every override. */
export function setScenario(device: ScenarioUnit, patch: Record<string, unknown> | null): Scenario {
  const s = stateOf(device);
  const next: Record<string, unknown> = patch === null ? {} : { ...s.scenario };
  for (const [k, v] of Object.entries(patch ?? {})) {
    if (v === null) delete next[k];
    else next[k] = v;
  }
  s.scenario = next as Scenario;
  const now = device.hostClock.now();
  const reader = device.reader;
  if (!s.scenario.readsStopped) s.frozen = null;
  reader.setStopped(!!s.scenario.readsStopped, now);
  reader.setLostChannels(s.scenario.antennaLost ?? [], now);
  reader.setServerDown(s.scenario.serverDown ?? null, now);
  reader.setDrainPerMinute(s.scenario.drainPerMinute ?? null, now);
  device.uhf.setOverrides(portOverrides(s.scenario));
  device.time.setOverrides(timeOverrides(s.scenario), now);
  // What the counters showed when the reads stopped (the stream stopped at the same read).
  if (s.scenario.readsStopped) s.frozen ??= reader.passings(now);
  if (patch === null) reader.clearRaceReads(now);
  else if ("testTag" in patch) reader.setTestTag(s.scenario.testTag ?? null, now);
  return s.scenario;
}

/** The telemetry answer with the scenario's overrides applied. */
export function applyScenario(device: ScenarioUnit, dataset: UnitDataset, value: unknown): unknown {
  const st = stateOf(device);
  const sc = st.scenario;
  switch (dataset) {
    case "battery": {
      if (sc.batteryPercent === undefined) return value;
      const b = value as BatteryTelemetry;
      const current = -Math.abs(b.current || 620);
      // Time to empty follows the charge left at that current (the Ready check's battery item reads it).
      const timeEmpty = Math.round((((b.capacity || 5200) * sc.batteryPercent) / 100 / -current) * 60);
      return {
        ...b,
        state: "DISCHARGING",
        percentage: sc.batteryPercent,
        current,
        time_full: 0,
        time_empty: timeEmpty,
      };
    }
    case "storage": {
      if (sc.storagePercent === undefined) return value;
      const s = value as StorageTelemetry;
      return { ...s, used: Math.round((s.total * sc.storagePercent) / 100) };
    }
    case "uhf/ports": {
      const p = value as UhfPortsTelemetry;
      const lost = sc.antennaLost ?? [];
      const loss = sc.returnLoss ?? {};
      return {
        channels: p.channels.map((c) => {
          if (lost.includes(c.id)) return { ...c, ant: false, loss: 0.6, pwr: 0 };
          const l = loss[String(c.id)];
          return l === undefined ? c : { ...c, loss: l };
        }),
      };
    }
    case "hw/temp": {
      const t = value as TempsTelemetry;
      const over = sc.temps ?? {};
      return { temps: t.temps.map((x) => (over[x.name] === undefined ? x : { ...x, temp: over[x.name] })) };
    }
    case "cellular":
      return sc.cellular ? { ...(value as CellularTelemetry), ...sc.cellular } : value;
    case "passings": {
      if (!sc.readsStopped) return value;
      const live = value as PassingsTelemetry;
      st.frozen ??= live;
      // With a broker, Left is the reads it has not acknowledged (D11): it keeps falling while the reader is stopped;
      // race control's Filtered/Sent/Left (D12) go on too (a marker, a program taking what is Left).
      const { filtered, sent, left } = live;
      const race = device.timing.counts() ? { filtered, sent, left } : {};
      return { ...st.frozen, delta: 0, ...(device.mqtt.server ? { left } : {}), ...race };
    }
    default:
      return value;
  }
}
