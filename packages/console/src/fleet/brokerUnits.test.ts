// A unit heard on a broker: its messages (D11) into a row with the polled rows' columns, Offline from the will or silence.
import { describe, expect, it } from "vitest";
import type { BrokerMessage } from "../api/mqtt.ts";
import {
  applyMessage,
  BROKER_SILENCE_MS,
  type BrokerUnit,
  brokerRow,
  brokerUnitState,
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

describe("brokerRow", () => {
  it("shows the name, figures and source like a polled row; Open goes to the identity's address", () => {
    const row = brokerRow(feed(online), T0 + 1000, 0);
    expect(row).toMatchObject({
      name: "FINISH-1",
      mode: "uhf",
      state: "online",
      battery: "82 %",
      seen: "120",
      readsPerMin: "—",
      antennas: "2 / 1",
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
    expect(brokerRow(unit, T0, 0)).toMatchObject({ opens: null, openWhy: "Its identity names no address" });
  });

  it("the will makes it Offline at once, with Unit offline only", () => {
    const unit = feed([
      ...online,
      msg("trc/fin1/telemetry/battery", { percentage: 5 }),
      msg("trc/fin1/status", "offline", T0 + 2000),
    ]);
    const row = brokerRow(unit, T0 + 2000, 0);
    expect(row.state).toBe("offline");
    expect(row.alarms).toEqual(["Unit offline"]);
    expect(row.ready).toBe("Not ready: Unit offline");
    expect(row.level).toBe("offline");
    expect(row.lastAnswer).toBe(T0);
  });

  it("silence for twice the publish interval (60 s) makes it Offline; a message brings it back", () => {
    const unit = feed(online);
    expect(BROKER_SILENCE_MS).toBe(60_000);
    expect(brokerUnitState(unit, T0 + BROKER_SILENCE_MS - 1)).toBe("online");
    expect(brokerUnitState(unit, T0 + BROKER_SILENCE_MS)).toBe("offline");
    const back = applyMessage(unit, BROKER, msg("trc/fin1/telemetry/passings", { seen: 121 }, T0 + 70_000));
    expect(back && brokerUnitState(back, T0 + 70_000)).toBe("online");
  });

  it("heard of but no status yet: Checking", () => {
    const unit = feed([msg("trc/fin1/telemetry/passings", { seen: 1 })]);
    expect(brokerRow(unit, T0, 0)).toMatchObject({
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
    const row = brokerRow(unit, T0, 0);
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
    ]);
    const row = brokerRow(unit, T0 + 13_000, 0);
    expect(row).toMatchObject({ state: "online", alarms: [], clock: "+20 ms one way", ready: "Ready" });
    // A failing item is named, as on a polled row: the device clock 500 ms off.
    const off = applyMessage(
      unit,
      BROKER,
      msg("trc/fin1/telemetry/time/sources", sources(T0 + 13_000), T0 + 12_500),
    );
    expect(off && brokerRow(off, T0 + 13_000, 0).ready).toBe("Not ready: Device clock");
  });

  it("reads per minute from live passings at least 10 s apart (retained ones are of unknown age)", () => {
    const unit = feed([
      ...online,
      msg("trc/fin1/telemetry/passings", { seen: 200 }, T0 + 1000),
      msg("trc/fin1/telemetry/passings", { seen: 205 }, T0 + 5000),
      msg("trc/fin1/telemetry/passings", { seen: 230 }, T0 + 31_000),
    ]);
    expect(brokerRow(unit, T0 + 31_000, 0)).toMatchObject({ seen: "230", readsPerMin: "60" });
  });

  it("the clock offset from a live time/sources (one way); a retained one is ignored", () => {
    const sources = (time: number) => ({ sources: [{ name: "rtc", time }], utc_offset: 0 });
    const retained = feed([...online, msg("trc/fin1/telemetry/time/sources", sources(T0 + 5000), T0, true)]);
    expect(brokerRow(retained, T0, 0).clock).toBe("—");
    const live = feed([...online, msg("trc/fin1/telemetry/time/sources", sources(T0 + 2500), T0 + 500)]);
    expect(brokerRow(live, T0 + 500, 0).clock).toBe("+2000 ms one way");
  });

  it("race control from its timing telemetry: Mode and Programs; a unit that publishes none shows a dash", () => {
    expect(brokerRow(feed(online), T0, 0)).toMatchObject({ timing: "—", programs: "—" });
    const program = {
      port: "filtered",
      address: "10.0.0.50:51234",
      connectedAt: T0,
      sent: 1,
      lastSentAt: T0,
    };
    const test = { mode: "test", session: null, programs: [], replay: null };
    const unit = feed([...online, msg("trc/fin1/telemetry/timing", test, T0, true)]);
    expect(brokerRow(unit, T0, 0)).toMatchObject({ timing: "Test", programs: "0", programsSplit: "" });
    const session = { file: "timing_0002.csv", startedAt: T0, passings: 5000 };
    const timing = applyMessage(
      unit,
      BROKER,
      msg("trc/fin1/telemetry/timing", { ...test, mode: "timing", session, programs: [program] }, T0 + 1000),
    );
    expect(timing && brokerRow(timing, T0 + 1000, 0)).toMatchObject({
      timing: "Timing · 5,000 passings",
      programs: "1",
      programsSplit: "1 filtered · 0 raw",
    });
    // Read strictly, as the console's own query: a wrong field leaves the figures out rather than guess.
    const wrong = feed([
      ...online,
      msg("trc/fin1/telemetry/timing", { ...test, programs: [{ port: "udp" }] }),
    ]);
    expect(brokerRow(wrong, T0, 0)).toMatchObject({ timing: "—", programs: "—" });
    expect(wrong.reading.data.timing).toBeUndefined();
  });

  it("a payload that is not the dataset's JSON leaves the figure out, never throws", () => {
    const unit = feed([
      ...online,
      msg("trc/fin1/telemetry/passings", "not json"),
      msg("trc/fin1/identity", "{"),
    ]);
    expect(brokerRow(unit, T0, 0)).toMatchObject({ seen: "—", name: "FINISH-1" });
  });
});
