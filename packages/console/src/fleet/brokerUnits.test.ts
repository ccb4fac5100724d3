// A unit heard on a broker: its messages (D11) into a row with the polled rows' columns, Offline from the will or silence.
import { describe, expect, it } from "vitest";
import type { BrokerMessage } from "../api/mqtt.ts";
import { unitState } from "../shared/unit/derive.ts";
import {
  applyMessage,
  BROKER_SILENCE_MS,
  type BrokerUnit,
  brokerRow,
  cachedBrokerRow,
  topicOf,
} from "./brokerUnits.ts";

const BROKER = "ws://10.0.0.5:9001";
const T0 = 1_763_900_000_000;
const msg = (topic: string, payload: unknown, at = T0, retained = false): BrokerMessage => ({
  topic,
  payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  retained,
  at,
});

const ctx = (now: number, noReadsMinutes = 0) => ({
  now,
  noReadsMinutes,
  raceHours: 4,
  timingNotNeeded: false,
});
const rowAt = (u: BrokerUnit, now: number) => brokerRow(u, ctx(now));

function feed(messages: BrokerMessage[]): BrokerUnit {
  let unit: BrokerUnit | undefined;
  for (const m of messages) unit = applyMessage(unit, BROKER, m);
  if (!unit) throw new Error("no unit");
  return unit;
}

const IDENTITY = { deviceName: "FINISH-1", mode: "uhf", address: "http://10.0.0.21:80/" };
const online = [
  msg("trc/fin1/status", "online", T0, true),
  msg("trc/fin1/identity", IDENTITY, T0, true),
  msg("trc/fin1/telemetry/battery", { state: "DISCHARGING", percentage: 0.82 }, T0, true),
  msg("trc/fin1/telemetry/passings", { seen: 120, left: 0 }, T0, true),
  msg("trc/fin1/telemetry/firmware", { version: "2.4.1" }, T0, true),
  msg("trc/fin1/telemetry/uhf/ports", {
    channels: [
      { id: 0, ant: true, reads: 5, loss: 20, pwr: 30 },
      { id: 1, ant: true, reads: 0, loss: 20, pwr: 30 },
    ],
  }),
];

describe("topicOf", () => {
  it("reads the unit id and what the topic carries; other topics are not the fleet's", () => {
    expect(topicOf("trc/fin1/status")).toEqual({ id: "fin1", kind: "status", dataset: "" });
    expect(topicOf("trc/fin1/telemetry/uhf/ports")).toEqual({
      id: "fin1",
      kind: "telemetry",
      dataset: "uhf/ports",
    });
    expect(topicOf("trc/fin1/reads")).toBeNull();
    expect(topicOf("other/fin1/status")).toBeNull();
  });
});

/** Timing into a program on the filtered port: the Ready check's Timing program item holds (every passing sent). */
const TIMING = {
  mode: "timing",
  session: { file: "timing_0001.csv", startedAt: T0, passings: 3 },
  programs: [{ port: "filtered", address: "10.0.0.50:1", connectedAt: T0, sent: 3, lastSentAt: T0 }],
  replay: null,
};

describe("brokerRow", () => {
  it("shows the name, figures and source like a polled row; Open goes to the identity's address", () => {
    const row = rowAt(feed(online), T0 + 1000);
    expect(row).toMatchObject({
      name: "FINISH-1",
      mode: "uhf",
      state: "online",
      battery: "82 %",
      seen: "120",
      readsPerMin: "—",
      antennas: "1 / 2",
      firmware: "2.4.1",
      clock: "—",
      alarms: [],
      level: "ok",
      source: `Broker ${BROKER}`,
      detail: "MQTT fin1",
      opens: "http://10.0.0.21",
      openWhy: null,
    });
  });

  it("Open is disabled with the reason when the identity names no address", () => {
    const unit = feed([...online, msg("trc/fin1/identity", { ...IDENTITY, address: null })]);
    expect(rowAt(unit, T0)).toMatchObject({ opens: null, openWhy: "Its identity names no address" });
  });

  it("the will makes it Offline at once, with Unit offline only", () => {
    const unit = feed([
      ...online,
      msg("trc/fin1/telemetry/battery", { percentage: 5 }),
      msg("trc/fin1/status", "offline", T0 + 2000),
    ]);
    const row = rowAt(unit, T0 + 2000);
    expect(row.state).toBe("offline");
    expect(row.alarms).toEqual(["Unit offline"]);
    expect(row.ready).toBe("Not ready: Unit offline");
    expect(row.level).toBe("offline");
    expect(row.lastAnswer).toBe(T0);
  });

  it("silence for twice the publish interval (60 s) makes it Offline; a message brings it back", () => {
    const unit = feed(online);
    expect(BROKER_SILENCE_MS).toBe(60_000);
    expect(unitState(unit.record, T0 + BROKER_SILENCE_MS - 1)).toBe("online");
    expect(unitState(unit.record, T0 + BROKER_SILENCE_MS)).toBe("offline");
    const back = applyMessage(unit, BROKER, msg("trc/fin1/telemetry/passings", { seen: 121 }, T0 + 70_000));
    expect(back && unitState(back.record, T0 + 70_000)).toBe("online");
  });

  it("its own word decides: online said, then silence; an online status brings it back after the will", () => {
    const gone = feed([...online, msg("trc/fin1/status", "offline", T0 + 2000)]);
    expect(unitState(gone.record, T0 + 2000)).toBe("offline");
    expect(rowAt(gone, T0 + 2000).problem).toBe("The unit said offline (its will or a clean disconnect)");
    const back = applyMessage(gone, BROKER, msg("trc/fin1/status", "online", T0 + 3000));
    expect(back && rowAt(back, T0 + 3000)).toMatchObject({
      state: "online",
      problem: null,
      lastAnswer: T0 + 3000,
    });
  });

  it("the row is computed again only for a changed unit or a new clock tick", () => {
    const unit = feed(online);
    const first = cachedBrokerRow(unit, ctx(T0));
    expect(cachedBrokerRow(unit, ctx(T0))).toBe(first);
    expect(cachedBrokerRow(unit, ctx(T0 + 5000))).not.toBe(first);
    const next = applyMessage(unit, BROKER, msg("trc/fin1/telemetry/passings", { seen: 130 }, T0 + 6000));
    expect(next && cachedBrokerRow(next, ctx(T0 + 5000)).seen).toBe("130");
    // The same message again changes nothing: the same unit.
    expect(next && applyMessage(next, BROKER, msg("trc/fin1/status", "online", T0 + 6000))).toBe(next);
  });

  it("heard of but no status yet: Checking", () => {
    const unit = feed([msg("trc/fin1/telemetry/passings", { seen: 1 })]);
    expect(rowAt(unit, T0)).toMatchObject({
      state: "checking",
      name: "fin1",
      level: "checking",
      ready: "—",
    });
  });

  it("the alarm rules run on its readings: battery low, an antenna lost", () => {
    const unit = feed([
      ...online,
      msg("trc/fin1/telemetry/battery", { state: "DISCHARGING", percentage: 8 }),
      msg("trc/fin1/telemetry/uhf/ports", { channels: [{ id: 0, ant: false, reads: 5, loss: 20, pwr: 30 }] }),
    ]);
    const row = rowAt(unit, T0);
    expect(row.alarms).toEqual(["Battery low (8 %)", "Antenna 1 lost"]);
    // The Ready column runs the same check as on a polled row: the alarms and the missing clock fail it.
    expect(row.ready).toMatch(/^Not ready: .*Alarms/);
  });

  it("an online unit whose every item holds reads Ready in the Ready column, as a polled row does", () => {
    const ports = (a: number, b: number) => ({
      channels: [
        { id: 0, ant: true, reads: a, loss: 20, pwr: 30 },
        { id: 1, ant: true, reads: b, loss: 20, pwr: 30 },
      ],
    });
    const sources = (time: number) => ({ sources: [{ name: "rtc", time }], utc_offset: 0 });
    const unit = feed([
      ...online,
      msg("trc/fin1/telemetry/battery", { state: "CHARGING", percentage: 0.82 }),
      msg("trc/fin1/telemetry/storage", { used: 10, total: 100 }),
      msg("trc/fin1/telemetry/uhf/ports", ports(9, 4), T0 + 6000),
      msg("trc/fin1/telemetry/uhf/ports", ports(12, 6), T0 + 12_000),
      msg("trc/fin1/telemetry/passings", { seen: 133, left: 0 }, T0 + 12_000),
      msg("trc/fin1/telemetry/time/sources", sources(T0 + 12_020), T0 + 12_000),
      msg("trc/fin1/telemetry/timing", TIMING, T0 + 12_000),
    ]);
    const row = rowAt(unit, T0 + 13_000);
    expect(row).toMatchObject({ state: "online", alarms: [], clock: "+20 ms one way", ready: "Ready" });
    // A failing item is named, as on a polled row: the device clock 500 ms off.
    const off = applyMessage(
      unit,
      BROKER,
      msg("trc/fin1/telemetry/time/sources", sources(T0 + 13_000), T0 + 12_500),
    );
    expect(off && rowAt(off, T0 + 13_000).ready).toBe("Not ready: Device clock");
  });

  // Suspected bug (reported): before the record, a broker unit that publishes no timing (no race control) had no
  // Timing program item, as a polled unit whose timing read is a 404; unitReady now says "No timing reading yet".
  it("a unit that publishes no timing dataset (no race control) has no Timing program item", () => {
    const unit = feed(online);
    expect(rowAt(unit, T0).ready).not.toContain("Timing program");
  });

  it("reads per minute from live passings at least 10 s apart (retained ones are of unknown age)", () => {
    const close = feed([
      ...online,
      msg("trc/fin1/telemetry/passings", { seen: 200 }, T0 + 1000),
      msg("trc/fin1/telemetry/passings", { seen: 205 }, T0 + 5000),
    ]);
    // The retained 120 is no point in time; 200 and 205 are 4 s apart: no rate yet.
    expect(rowAt(close, T0 + 5000)).toMatchObject({ seen: "205", readsPerMin: "—" });
    expect(close.record.series["passings:seen"]?.map((p) => p.v)).toEqual([200, 205]);
    const unit = applyMessage(close, BROKER, msg("trc/fin1/telemetry/passings", { seen: 235 }, T0 + 35_000));
    // 30 reads in the 30 s since 205.
    expect(unit && rowAt(unit, T0 + 35_000)).toMatchObject({ seen: "235", readsPerMin: "60" });
  });

  it("a retained reading sets the figure but is no point of its series, nor of the alarm memory", () => {
    const unit = feed(online);
    expect(unit.record.data.battery).toEqual({ state: "DISCHARGING", percentage: 0.82 });
    expect(unit.record.series.battery).toBeUndefined();
    expect(unit.record.series["passings:seen"]).toBeUndefined();
    expect(unit.record.memory.seen ?? null).toBeNull();
    // The live uhf/ports reading is remembered.
    expect(unit.record.memory.hadAntenna).toEqual([0, 1]);
  });

  it("the clock offset from a live time/sources (one way); a retained one is ignored", () => {
    const sources = (time: number) => ({ sources: [{ name: "rtc", time }], utc_offset: 0 });
    const retained = feed([...online, msg("trc/fin1/telemetry/time/sources", sources(T0 + 5000), T0, true)]);
    expect(rowAt(retained, T0).clock).toBe("—");
    const live = feed([...online, msg("trc/fin1/telemetry/time/sources", sources(T0 + 2500), T0 + 500)]);
    expect(rowAt(live, T0 + 500).clock).toBe("+2000 ms one way");
  });

  it("race control from its timing telemetry: Mode and Programs; a unit that publishes none shows a dash", () => {
    expect(rowAt(feed(online), T0)).toMatchObject({ timing: "—", programs: "—" });
    const program = {
      port: "filtered",
      address: "10.0.0.50:51234",
      connectedAt: T0,
      sent: 1,
      lastSentAt: T0,
    };
    const test = { mode: "test", session: null, programs: [], replay: null };
    const unit = feed([...online, msg("trc/fin1/telemetry/timing", test, T0, true)]);
    expect(rowAt(unit, T0)).toMatchObject({ timing: "Test", programs: "0", programsSplit: "" });
    const session = { file: "timing_0002.csv", startedAt: T0, passings: 5000 };
    const timing = applyMessage(
      unit,
      BROKER,
      msg("trc/fin1/telemetry/timing", { ...test, mode: "timing", session, programs: [program] }, T0 + 1000),
    );
    expect(timing && rowAt(timing, T0 + 1000)).toMatchObject({
      timing: "Timing · 5,000 passings",
      programs: "1",
      programsSplit: "1 filtered · 0 raw",
    });
    // Read strictly, as the console's own query: a wrong field leaves the figures out rather than guess.
    const wrong = feed([
      ...online,
      msg("trc/fin1/telemetry/timing", { ...test, programs: [{ port: "udp" }] }),
    ]);
    expect(rowAt(wrong, T0)).toMatchObject({ timing: "—", programs: "—" });
    expect(wrong.record.data.timing).toBeUndefined();
  });

  it("a payload that is not the dataset's JSON leaves the figure out, never throws", () => {
    const unit = feed([
      ...online,
      msg("trc/fin1/telemetry/passings", "not json"),
      msg("trc/fin1/identity", "{"),
    ]);
    expect(rowAt(unit, T0)).toMatchObject({ seen: "—", name: "FINISH-1" });
  });
});
