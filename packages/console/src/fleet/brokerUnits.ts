// What the fleet knows of a unit from its broker messages (D11), and the row it makes: pure, tested without a broker.
import {
  ALARM_OFFLINE_MS,
  MQTT_CONTRACT,
  MqttIdentity,
  READY_RACE_HOURS_DEFAULT,
  TIMING_DATASET,
  UNIT_DATASET_SCHEMAS,
  unitAddress,
} from "@trc/protocol";
import { parseLenient } from "../api/lenient.ts";
import type { BrokerMessage } from "../api/mqtt.ts";
import { EMPTY_MEMORY, remember } from "../shared/alarms/alarmRules.ts";
import { type ClockEstimate, readDeviceClock } from "../shared/clock/timeSync.ts";
import { MISSING } from "../shared/readings/telemetryFormat.ts";
import { EMPTY_TRAIL, extendTrail } from "../shared/ready/readyRules.ts";
import { readsPerMinute } from "./fleetHistory.ts";
import { type FleetRow, fleetAlarms, fleetReady, rowFigures, rowLevel, type UnitState } from "./model.ts";
import type { FleetData, FleetDataset, FleetReading } from "./poll.ts";

/**
 * A unit is Offline when nothing came from it for twice its publish interval (D11: telemetry every 30 s, so 60 s),
 * or at once when its status says `offline` (its will, or a clean disconnect).
 */
export const BROKER_SILENCE_MS = 2 * MQTT_CONTRACT.telemetryEveryMs;
/** Reads per minute is measured between live passings messages at least this far apart. */
const RATE_MIN_SPAN_MS = 10_000;
/** The Ready check's trail of counts takes a point at most this often (a unit reading publishes every second). */
const TRAIL_EVERY_MS = 5000;

const SHOWN: ReadonlySet<string> = new Set<FleetDataset>([
  "battery",
  "passings",
  "uhf/ports",
  "firmware",
  "storage",
  "hw/temp",
  "cellular",
  TIMING_DATASET,
]);

export interface BrokerUnit {
  /** The unit's MQTT client id (`{id}` in `trc/{id}/…`). */
  id: string;
  /** The broker it was heard on. */
  broker: string;
  status: "online" | "offline" | null;
  name: string;
  mode: string;
  /** Its console's address (from its identity, canonical), or null. */
  address: string | null;
  reading: FleetReading;
  /** When the last message from it arrived (epoch ms). */
  lastMessageAt: number;
  /** Device clock minus browser clock from its last live time/sources (one way: the transit time is in it). */
  clockOffsetMs: number | null;
  /** When that time/sources arrived. */
  clockAt: number;
  /** The live passings reading the next reads-per-minute is measured from. */
  rateBase: { seen?: number; at: number } | null;
}

/** The unit id and what the topic carries (`dataset` for telemetry, else ""), or null for a topic not read here. */
export function topicOf(
  topic: string,
): { id: string; kind: "status" | "identity" | "telemetry"; dataset: string } | null {
  const m = /^trc\/([^/]+)\/(status|identity|telemetry\/(.+))$/.exec(topic);
  if (!m?.[1]) return null;
  if (m[3]) return { id: m[1], kind: "telemetry", dataset: m[3] };
  return { id: m[1], kind: m[2] as "status" | "identity", dataset: "" };
}

function fresh(id: string, broker: string, at: number): BrokerUnit {
  return {
    id,
    broker,
    status: null,
    name: "",
    mode: "",
    address: null,
    reading: {
      name: "",
      mode: "",
      data: {},
      errors: {},
      at,
      readsPerMin: null,
      memory: EMPTY_MEMORY,
      poll: 0,
    },
    lastMessageAt: at,
    clockOffsetMs: null,
    clockAt: 0,
    rateBase: null,
  };
}

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The unit after one message (a new object: rows compare by identity), or the same unit when it changed nothing. */
export function applyMessage(
  unit: BrokerUnit | undefined,
  broker: string,
  message: BrokerMessage,
): BrokerUnit | undefined {
  const topic = topicOf(message.topic);
  if (!topic) return unit;
  const u: BrokerUnit = { ...(unit ?? fresh(topic.id, broker, message.at)) };
  if (topic.kind === "status") {
    const status = message.payload.trim();
    u.status = status === "online" || status === "offline" ? status : u.status;
    // `offline` is the broker speaking for the unit (its will) or its goodbye: not a sign of life.
    if (status !== "offline") u.lastMessageAt = message.at;
    return u;
  }
  u.lastMessageAt = message.at;
  if (topic.kind === "identity") {
    // Leniently, as every answer of a unit: a wrong field is left out, the others are taken.
    const { data } = parseLenient(MqttIdentity, json(message.payload));
    if (data) {
      u.name = data.deviceName ?? u.name;
      u.mode = data.mode ?? u.mode;
      u.address = data.address ? unitAddress(data.address) : null;
      u.reading = { ...u.reading, name: u.name, mode: u.mode };
    }
    return u;
  }
  const body = json(message.payload);
  if (topic.dataset === "time/sources") {
    const clock = message.retained ? null : readDeviceClock(body);
    if (clock) {
      u.clockOffsetMs = clock.time - message.at;
      u.clockAt = message.at;
    }
    return u;
  }
  if (!SHOWN.has(topic.dataset)) return u;
  const dataset = topic.dataset as FleetDataset;
  const data: FleetData = { ...u.reading.data };
  const errors = { ...u.reading.errors };
  const parsed = parseLenient(UNIT_DATASET_SCHEMAS[dataset], body);
  // Timing is read strictly, as the console's own query reads it: race control is acted on, not guessed.
  if (parsed.data === undefined || (dataset === TIMING_DATASET && parsed.issues.length)) {
    delete data[dataset];
    errors[dataset] = "Not valid JSON for this dataset";
  } else {
    (data as Record<string, unknown>)[dataset] = parsed.data;
    delete errors[dataset];
  }
  const seen = data.passings?.seen;
  const channels = data["uhf/ports"]?.channels;
  // Timing only when this message brought it: a retained reading heard again is not a new one.
  const timing = dataset === TIMING_DATASET ? data.timing : undefined;
  const memory = remember(u.reading.memory, { channels, seen, at: message.at, timing });
  let readsPerMin = u.reading.readsPerMin;
  if (dataset === "passings" && !message.retained) {
    const sample = { seen, at: message.at };
    const base = u.rateBase;
    if (!base || sample.at - base.at >= RATE_MIN_SPAN_MS) {
      if (base) readsPerMin = readsPerMinute(base, sample);
      u.rateBase = sample;
    }
  }
  let trail = u.reading.trail ?? EMPTY_TRAIL;
  const lastPoint = trail.passings[trail.passings.length - 1]?.t ?? 0;
  if ((dataset === "passings" || dataset === "uhf/ports") && message.at - lastPoint >= TRAIL_EVERY_MS)
    trail = extendTrail(trail, message.at, data.passings, channels);
  u.reading = { ...u.reading, data, errors, memory, readsPerMin, trail, at: message.at };
  return u;
}

/** Online, Offline (its status, or silence), or Checking (heard of, no status yet). */
export function brokerUnitState(u: BrokerUnit, now: number): UnitState {
  if (u.status === "offline" || now - u.lastMessageAt >= BROKER_SILENCE_MS) return "offline";
  return u.status === "online" ? "online" : "checking";
}

const signed = (ms: number) => `${ms > 0 ? "+" : ms < 0 ? "−" : ""}${Math.abs(Math.round(ms))} ms`;

/** The row of a unit heard on a broker: the same columns, alarm rules, sort and summary as a polled unit's. */
export function brokerRow(
  u: BrokerUnit,
  now: number,
  noReadsMinutes: number,
  raceHours = READY_RACE_HOURS_DEFAULT,
): FleetRow {
  const state = brokerUnitState(u, now);
  const clock: ClockEstimate | undefined =
    u.clockOffsetMs === null ? undefined : ({ offsetMs: u.clockOffsetMs, errorBoundMs: 0 } as ClockEstimate);
  // Offline on a broker is known at once (the will), so `Unit offline` shows at once, not 10 s after the last message.
  const heard = state === "offline" ? Math.min(u.lastMessageAt, now - ALARM_OFFLINE_MS) : u.lastMessageAt;
  const alarms = fleetAlarms({ ...u.reading, at: heard }, state, clock, noReadsMinutes, now);
  const row: FleetRow = {
    address: `${u.broker}#${u.id}`,
    isThis: false,
    name: u.name || u.id,
    state,
    lastAnswer: u.lastMessageAt,
    ...rowFigures(u.reading, u.clockOffsetMs === null ? MISSING : `${signed(u.clockOffsetMs)} one way`),
    alarms,
    level: rowLevel(state, alarms),
    problem: u.status === "offline" ? "The unit said offline (its will or a clean disconnect)" : null,
    source: `Broker ${u.broker}`,
    detail: `MQTT ${u.id}`,
    opens: u.address,
    openWhy: u.address ? null : "Its identity names no address",
  };
  // The Ready verdict is the row's dearest figure and only drawn rows show it (500 units, a window of them drawn):
  // computed when first read, then kept with the row.
  let ready: string | undefined;
  Object.defineProperty(row, "ready", {
    enumerable: true,
    get: () =>
      (ready ??= fleetReady(
        { ...u.reading, at: heard },
        state,
        clock && { status: "success", data: clock, dataUpdatedAt: u.clockAt, errorUpdatedAt: 0 },
        alarms,
        raceHours,
        now,
      )),
  });
  return row;
}

const rowCache = new WeakMap<
  BrokerUnit,
  { now: number; noReadsMinutes: number; raceHours: number; row: FleetRow }
>();
/** `brokerRow`, computed again only for a unit that changed (a new object) or a new clock tick: 500 units, 4 redraws a second. */
export function cachedBrokerRow(
  u: BrokerUnit,
  now: number,
  noReadsMinutes: number,
  raceHours: number,
): FleetRow {
  const hit = rowCache.get(u);
  if (hit && hit.now === now && hit.noReadsMinutes === noReadsMinutes && hit.raceHours === raceHours)
    return hit.row;
  const row = brokerRow(u, now, noReadsMinutes, raceHours);
  rowCache.set(u, { now, noReadsMinutes, raceHours, row });
  return row;
}
