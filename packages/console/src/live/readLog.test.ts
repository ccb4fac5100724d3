// The Live page's read log: a bounded ring (older reads drop off, still counted), unique tags, rates, the tag test.
import type { TagRead } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { RATE_SECONDS, ReadLog } from "./readLog.ts";

const r = (seq: number, tag: string, ant: number, rssi = -60): TagRead => ({
  seq,
  tag,
  ant,
  rssi,
  time: 1e12 + seq,
});

describe("ReadLog", () => {
  it("keeps every read while under its capacity, by position", () => {
    const log = new ReadLog(4);
    log.push([r(10, "A", 0, -58.5), r(11, "B", 1)], 0);
    expect(log.total).toBe(2);
    expect(log.kept).toBe(2);
    expect(log.at(0)).toEqual({ seq: 10, tag: "A", ant: 0, rssi: -58.5, time: 1e12 + 10 });
    expect(log.at(1)?.seq).toBe(11);
    expect(log.at(2)).toBeNull();
  });

  it("keeps at most its capacity: older reads drop off but stay counted", () => {
    const log = new ReadLog(3);
    log.push(
      [1, 2, 3, 4, 5].map((s) => r(s, `T${s}`, 0)),
      0,
    );
    expect(log.total).toBe(5);
    expect(log.kept).toBe(3);
    expect(log.first).toBe(2);
    expect(log.at(1)).toBeNull();
    expect([...log.keptReads()].map((k) => k.seq)).toEqual([3, 4, 5]);
  });

  it("counts unique tags per antenna among the kept reads", () => {
    const log = new ReadLog(4);
    log.push([r(1, "A", 0), r(2, "A", 0), r(3, "B", 0), r(4, "A", 1)], 0);
    expect(log.antennas()).toEqual([0, 1]);
    expect(log.uniqueTags(0)).toBe(2);
    expect(log.uniqueTags(1)).toBe(1);
    // A and A (antenna 0) drop off: A is gone from antenna 0 only once both did.
    log.push([r(5, "C", 1)], 0);
    expect(log.uniqueTags(0)).toBe(2);
    log.push([r(6, "C", 1)], 0);
    expect(log.uniqueTags(0)).toBe(1);
    expect(log.uniqueTags(1)).toBe(2);
    expect(log.uniqueTags(7)).toBe(0);
  });

  it("gives reads per second per antenna over the last minute's whole seconds", () => {
    const log = new ReadLog(100);
    log.push([r(1, "A", 0), r(2, "B", 0)], 10_500);
    log.push([r(3, "A", 0)], 11_200);
    log.push([r(4, "A", 1)], 11_900);
    const rates = log.rates(0, 12_000);
    expect(rates).toHaveLength(RATE_SECONDS);
    expect(rates.slice(-2)).toEqual([
      { t: 10_000, v: 2 },
      { t: 11_000, v: 1 },
    ]);
    expect(rates[0]).toEqual({ t: (11 - RATE_SECONDS + 1) * 1000, v: 0 });
    // A minute later the same buckets hold nothing.
    expect(log.rates(0, 72_000).every((p) => p.v === 0)).toBe(true);
    // A bucket reused a minute later starts from zero.
    log.push([r(5, "A", 0)], 70_100);
    expect(log.rates(0, 71_000).at(-1)).toEqual({ t: 70_000, v: 1 });
  });

  it("the tag test counts the tag's kept and later reads per antenna with the best RSSI", () => {
    const log = new ReadLog(10);
    log.push([r(1, "X", 0, -70), r(2, "Y", 0), r(3, "X", 2, -55.5)], 0);
    log.focus("X");
    expect(log.focused).toBe("X");
    expect(log.focusStats()).toEqual([
      { ant: 0, reads: 1, bestRssi: -70 },
      { ant: 2, reads: 1, bestRssi: -55.5 },
    ]);
    log.push([r(4, "X", 0, -61), r(5, "X", 0, -66)], 0);
    expect(log.focusStats()[0]).toEqual({ ant: 0, reads: 3, bestRssi: -61 });
    log.focus("");
    expect(log.focused).toBeNull();
    expect(log.focusStats()).toEqual([]);
  });

  it("clear forgets every read, count and figure", () => {
    const log = new ReadLog(3);
    log.push([r(1, "A", 0), r(2, "B", 1)], 0);
    log.focus("A");
    log.clear();
    expect([log.total, log.kept, log.at(0), log.antennas(), log.focused]).toEqual([0, 0, null, [], null]);
    log.push([r(3, "C", 2)], 0);
    expect(log.at(0)?.tag).toBe("C");
  });
});
