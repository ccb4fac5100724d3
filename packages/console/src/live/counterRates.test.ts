// Reads per second from two polls of the counters, per channel and in all; unknown until two, or after a reboot.
import { describe, expect, it } from "vitest";
import { counterRates, perSecondText } from "./counterRates.ts";

const sample = (at: number, seen: number | undefined, reads: number[]) => ({
  at,
  seen,
  channels: reads.map((r, id) => ({ id, ant: id !== 2, reads: r })),
});

describe("counterRates", () => {
  it("knows nothing from one poll", () => {
    expect(counterRates(null, sample(0, 10, [1, 2]))).toEqual({
      total: null,
      channels: [
        { id: 0, ant: true, perSecond: null },
        { id: 1, ant: true, perSecond: null },
      ],
    });
  });

  it("divides each counter's growth by the seconds between the polls", () => {
    const r = counterRates(sample(1000, 100, [40, 60, 0]), sample(3000, 130, [50, 80, 0]));
    expect(r.total).toBe(15);
    expect(r.channels.map((c) => c.perSecond)).toEqual([5, 10, 0]);
    expect(r.channels[2]?.ant).toBe(false);
  });

  it("a counter that went back (a reboot) or is missing is unknown, the others still count", () => {
    const r = counterRates(sample(0, 100, [40, 60]), sample(2000, 20, [44, 10, 7]));
    expect(r.total).toBeNull();
    expect(r.channels.map((c) => c.perSecond)).toEqual([2, null, null]);
    expect(counterRates(sample(0, undefined, []), sample(1000, 5, [])).total).toBeNull();
  });

  it("writes a rate with one decimal", () => {
    expect(perSecondText(12.345)).toBe("12.3 reads/s");
    expect(perSecondText(null)).toBe("—");
  });
});
