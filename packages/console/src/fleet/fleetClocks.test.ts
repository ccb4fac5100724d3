// The event's clocks on the Fleet page (issue 41, item 5): which units are compared, the line, each unit's offset in
// the disclosure, and the summary's readiness and colour when they disagree.
import { describe, expect, it } from "vitest";
import { emptyRecord, foldEvents } from "../shared/unit/record.ts";
import { answerEvents } from "../shared/unit/recordEvents.ts";
import { brokerRow } from "./brokerUnits.ts";
import { CLOCKS_NOT_COMPARED, fleetClocks, rowClock } from "./fleetClocks.ts";
import {
  CLOCKS_NOT_READY,
  type FleetRow,
  fleetLevel,
  fleetSummaryText,
  rowOf,
  summaryText,
  worstLevel,
} from "./model.ts";

const T = 1_700_000_000_000;
const ctx = { now: T, noReadsMinutes: 10, raceHours: 4, timingNotNeeded: false };

/** A row of a polled unit that answered at T (online), with a clock figure when given. */
function polled(
  name: string,
  clock?: { offsetMs: number; errorBoundMs: number } | "failed",
  state: "online" | "offline" = "online",
): FleetRow {
  const address = `http://${name.toLowerCase()}`;
  const record = foldEvents(emptyRecord(address), [
    ...answerEvents({ name, mode: "uhf", data: {}, errors: {}, at: T - 20_000 }),
    { kind: "answered", at: T - 20_000 },
    ...(state === "offline"
      ? [{ kind: "silent" as const, reason: "The device cannot be reached", at: T }]
      : []),
    ...(clock === "failed"
      ? [{ kind: "clock-failed" as const, at: T - 19_000 }]
      : clock
        ? [{ kind: "clock" as const, ...clock, oneWay: false, at: T - 19_000 }]
        : []),
  ]);
  return rowOf(address, false, record, ctx);
}

/** A row of a unit heard on a broker: online, its one-way offset from a live `time/sources`. */
function heard(id: string, name: string, offsetMs: number): FleetRow {
  const record = foldEvents(emptyRecord(`ws://broker#${id}`), [
    { kind: "said", status: "online", at: T - 1000 },
    { kind: "identity", name, mode: "uhf", at: T - 1000 },
    { kind: "answered", at: T - 1000 },
    { kind: "clock", offsetMs, errorBoundMs: 0, oneWay: true, at: T - 1000 },
  ]);
  return brokerRow({ id, broker: "ws://broker", address: null, record }, ctx);
}

const texts = (rows: FleetRow[]) => fleetClocks(rows).lines.map((l) => l.text);

describe("the fleet's clocks", () => {
  it("within 100 ms: `Clocks within N ms`, each unit's offset earliest first with its bound and source", () => {
    const rows = [polled("DECODER-01", { offsetMs: 5, errorBoundMs: 2 }), heard("m7", "MARATHON-7", -7)];
    const clocks = fleetClocks(rows);
    expect(clocks.text).toBe("Clocks within 12 ms");
    expect(clocks.spread?.agree).toBe(true);
    expect(texts(rows)).toEqual(["MARATHON-7 −7 ms (one way)", "DECODER-01 +5 ms ± 2 ms (sync)"]);
    expect(clocks.lines.map((l) => l.unit)).toEqual(["ws://broker#m7", "http://decoder-01"]);
  });

  it("over 100 ms: `Clocks disagree: N ms between` the earliest and the latest, each named as its row is", () => {
    const rows = [
      polled("DECODER-01", { offsetMs: -10, errorBoundMs: 3 }),
      polled("DECODER-02", { offsetMs: 40, errorBoundMs: 1.2 }),
      polled("DECODER-03", { offsetMs: 120, errorBoundMs: 4 }),
    ];
    const clocks = fleetClocks(rows);
    expect(clocks.text).toBe("Clocks disagree: 130 ms between DECODER-01 and DECODER-03");
    expect(clocks.spread?.agree).toBe(false);
    expect(texts(rows)).toEqual([
      "DECODER-01 −10 ms ± 3 ms (sync)",
      "DECODER-02 +40 ms ± 1 ms (sync)",
      "DECODER-03 +120 ms ± 4 ms (sync)",
    ]);
    // A broker unit named by its identity; until then by its MQTT id, as its row is.
    expect(
      fleetClocks([polled("FINISH", { offsetMs: 0, errorBoundMs: 2 }), heard("m7", "", 2001)]).text,
    ).toBe("Clocks disagree: 2001 ms between FINISH and m7");
  });

  it("exactly 100 ms apart agree (the Ready check's limit); 101 ms disagree", () => {
    const at = (ms: number) => [
      polled("A", { offsetMs: 0, errorBoundMs: 1 }),
      polled("B", { offsetMs: ms, errorBoundMs: 1 }),
    ];
    expect(fleetClocks(at(100)).text).toBe("Clocks within 100 ms");
    expect(fleetClocks(at(101)).text).toBe("Clocks disagree: 101 ms between A and B");
  });

  it("leaves out an Offline unit, a failed sync and a unit not measured yet, and says why", () => {
    const rows = [
      polled("START", { offsetMs: 3, errorBoundMs: 2 }),
      polled("SPLIT", { offsetMs: 2000, errorBoundMs: 2 }, "offline"),
      polled("FINISH", "failed"),
      polled("LAP"),
      heard("m7", "MARATHON-7", 50),
    ];
    expect(rowClock(rows[1] as FleetRow)).toEqual({ name: "SPLIT", why: "offline" });
    const clocks = fleetClocks(rows);
    expect(clocks.text).toBe("Clocks within 47 ms");
    expect(texts(rows)).toEqual([
      "START +3 ms ± 2 ms (sync)",
      "MARATHON-7 +50 ms (one way)",
      "SPLIT: not compared (offline)",
      "FINISH: not compared (clock sync failed)",
      "LAP: not compared (not measured yet)",
    ]);
  });

  it("fewer than two units with a figure: nothing to compare", () => {
    const one = [polled("START", { offsetMs: 3, errorBoundMs: 2 }), polled("LAP")];
    expect(fleetClocks(one)).toMatchObject({ spread: null, text: CLOCKS_NOT_COMPARED });
    expect(CLOCKS_NOT_COMPARED).toBe("Clocks not compared: fewer than two units with a clock offset");
    expect(fleetClocks([]).spread).toBeNull();
  });
});

describe("the summary's readiness", () => {
  const agree = [
    polled("A", { offsetMs: 0, errorBoundMs: 1 }),
    polled("B", { offsetMs: 60, errorBoundMs: 1 }),
  ];
  const apart = [
    polled("A", { offsetMs: -60, errorBoundMs: 1 }),
    polled("B", { offsetMs: 70, errorBoundMs: 1 }),
  ];

  it("keeps its words while the clocks agree or are not compared; adds `Not ready: clocks disagree` when they do not", () => {
    expect(CLOCKS_NOT_READY).toBe("Not ready: clocks disagree");
    expect(fleetSummaryText(agree, fleetClocks(agree).spread)).toBe(
      "2 units: 2 online, 0 offline, 0 with alarms",
    );
    expect(fleetSummaryText(agree, null)).toBe(summaryText(agree));
    expect(fleetSummaryText(apart, fleetClocks(apart).spread)).toBe(
      "2 units: 2 online, 0 offline, 0 with alarms · Not ready: clocks disagree",
    );
  });

  it("its colour: the worst row's, at least alarm while the clocks disagree (each unit alone within its 1 s alarm)", () => {
    expect(apart.map((r) => r.alarms)).toEqual([[], []]);
    expect(worstLevel(apart)).toBe("ok");
    expect(fleetLevel(apart, fleetClocks(apart).spread)).toBe("alarm");
    expect(fleetLevel(agree, fleetClocks(agree).spread)).toBe("ok");
    expect(fleetLevel(agree, null)).toBe("ok");
    // An offline unit stays the worst: red.
    const down = [...apart, polled("C", undefined, "offline")];
    expect(fleetLevel(down, fleetClocks(down).spread)).toBe("offline");
    // Still checking, but its clocks measured and apart: alarm, not checking.
    const checking = [...apart, rowOf("http://new", false, undefined, ctx)];
    expect(worstLevel(checking)).toBe("checking");
    expect(fleetLevel(checking, fleetClocks(checking).spread)).toBe("alarm");
  });
});
