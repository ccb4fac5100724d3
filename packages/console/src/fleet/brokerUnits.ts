// What the fleet knows of a unit from its broker messages (D11): each message as the unit record's events (the same
// fold as a polled unit's answers), and the row it makes with the same derivation: pure, tested without a broker.
import { MqttIdentity, TIMING_DATASET, UNIT_DATASET_SCHEMAS, unitAddress } from "@trc/protocol";
import { parseLenient } from "../api/lenient.ts";
import type { BrokerMessage } from "../api/mqtt.ts";
import { readDeviceClock } from "../shared/clock/timeSync.ts";
import type { UnitContext } from "../shared/unit/derive.ts";
import {
  emptyRecord,
  foldEvents,
  isRecordDataset,
  type UnitEvent,
  type UnitRecord,
} from "../shared/unit/record.ts";
import { type FleetRow, unitRow } from "./model.ts";

export { BROKER_SILENCE_MS } from "../shared/unit/derive.ts";

export interface BrokerUnit {
  /** The unit's MQTT client id (`{id}` in `trc/{id}/…`). */
  id: string;
  /** The broker it was heard on. */
  broker: string;
  /** Its console's address (from its identity, canonical), or null. */
  address: string | null;
  /** What the console knows of it (keyed `broker#id`): the same record as a polled unit's. */
  record: UnitRecord;
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

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The record's events of one message; every message but the unit's `offline` is a sign of life. */
export function messageEvents(
  message: BrokerMessage,
  topic: NonNullable<ReturnType<typeof topicOf>>,
): { events: UnitEvent[]; address?: string | null } {
  const at = message.at;
  const alive: UnitEvent = { kind: "answered", at };
  if (topic.kind === "status") {
    const status = message.payload.trim();
    if (status !== "online" && status !== "offline") return { events: [alive] };
    // `offline` is the broker speaking for the unit (its will) or its goodbye: not a sign of life.
    return {
      events: status === "offline" ? [{ kind: "said", status, at }] : [{ kind: "said", status, at }, alive],
    };
  }
  if (topic.kind === "identity") {
    // Leniently, as every answer of a unit: a wrong field is left out, the others are taken.
    const { data } = parseLenient(MqttIdentity, json(message.payload));
    if (!data) return { events: [alive] };
    return {
      events: [{ kind: "identity", name: data.deviceName ?? "", mode: data.mode ?? "", at }, alive],
      address: data.address ? unitAddress(data.address) : null,
    };
  }
  const body = json(message.payload);
  if (topic.dataset === "time/sources") {
    // One way: the transit time is in it. A retained reading is old: its time says nothing of the clock now.
    const clock = message.retained ? null : readDeviceClock(body);
    return {
      events: clock
        ? [{ kind: "clock", offsetMs: clock.time - at, errorBoundMs: 0, oneWay: true, at }, alive]
        : [alive],
    };
  }
  const dataset = topic.dataset;
  if (!isRecordDataset(dataset)) return { events: [alive] };
  const parsed = parseLenient(UNIT_DATASET_SCHEMAS[dataset], body);
  // Timing is read strictly, as the console's own query reads it: race control is acted on, not guessed.
  if (parsed.data === undefined || (dataset === TIMING_DATASET && parsed.issues.length))
    return { events: [{ kind: "unread", dataset, reason: "Not valid JSON for this dataset", at }, alive] };
  // A retained reading heard again is an old one: it is the latest figure, not a point in time.
  return {
    events: [{ kind: "reading", dataset, data: parsed.data, at, retained: message.retained }, alive],
  };
}

/** The unit after one message (a new object: rows compare by identity), or the same unit when it changed nothing. */
export function applyMessage(
  unit: BrokerUnit | undefined,
  broker: string,
  message: BrokerMessage,
): BrokerUnit | undefined {
  const topic = topicOf(message.topic);
  if (!topic) return unit;
  const u = unit ?? { id: topic.id, broker, address: null, record: emptyRecord(`${broker}#${topic.id}`) };
  const { events, address } = messageEvents(message, topic);
  const record = foldEvents(u.record, events);
  if (record === u.record && (address === undefined || address === u.address)) return unit ?? u;
  return { ...u, record, address: address === undefined ? u.address : address };
}

/** The row of a unit heard on a broker: the same columns, derivation, sort and summary as a polled unit's. */
export function brokerRow(u: BrokerUnit, ctx: UnitContext): FleetRow {
  const row = unitRow(u.record, ctx, null);
  return Object.assign(row, {
    address: u.record.unit,
    isThis: false,
    name: u.record.name || u.id,
    problem: u.record.said === "offline" ? "The unit said offline (its will or a clean disconnect)" : null,
    source: `Broker ${u.broker}`,
    detail: `MQTT ${u.id}`,
    opens: u.address,
    openWhy: u.address ? null : "Its identity names no address",
  });
}

const rowCache = new WeakMap<UnitRecord, { ctx: UnitContext; address: string | null; row: FleetRow }>();
const sameContext = (a: UnitContext, b: UnitContext) =>
  a.now === b.now && a.noReadsMinutes === b.noReadsMinutes && a.raceHours === b.raceHours;

/** `brokerRow`, computed again only for a unit that changed (a new record) or a new clock tick: 500 units, 4 redraws a second. */
export function cachedBrokerRow(u: BrokerUnit, ctx: UnitContext): FleetRow {
  const hit = rowCache.get(u.record);
  if (hit && hit.address === u.address && sameContext(hit.ctx, ctx)) return hit.row;
  const row = brokerRow(u, ctx);
  rowCache.set(u.record, { ctx, address: u.address, row });
  return row;
}
