// WarpClock: real time plus a warp; an advance fires what is due, in order (on Vitest's fake timers).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type RealTime, WarpClock } from "./warp-clock.ts";

const T0 = 1_700_000_000_000;

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Records what fires and the clock's time when it does. */
function recorder(clock: WarpClock) {
  const fired: [string, number][] = [];
  const at = (name: string) => () => fired.push([name, clock.now() - T0]);
  return { fired, at };
}

describe("WarpClock without advances", () => {
  it("is the real clock, and its timers are real timers", () => {
    const clock = new WarpClock();
    const { fired, at } = recorder(clock);
    expect(clock.now()).toBe(T0);
    expect(clock.warpMs).toBe(0);
    clock.setTimeout(at("t"), 100);
    const every = clock.setInterval(at("i"), 40);
    vi.advanceTimersByTime(99);
    expect(fired).toEqual([
      ["i", 40],
      ["i", 80],
    ]);
    vi.advanceTimersByTime(1);
    expect(fired.at(-1)).toEqual(["t", 100]);
    clock.clearInterval(every);
    vi.advanceTimersByTime(1000);
    expect(fired).toHaveLength(3);
    expect(clock.now()).toBe(T0 + 1100);
    expect(clock.pending).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("takes a delay below 1 ms, or not a number, as 1 ms (as Node does)", () => {
    const clock = new WarpClock();
    const { fired, at } = recorder(clock);
    clock.setTimeout(at("zero"), 0);
    clock.setTimeout(at("negative"), -5);
    clock.setTimeout(at("nan"), Number.NaN);
    vi.advanceTimersByTime(0);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([
      ["zero", 1],
      ["negative", 1],
      ["nan", 1],
    ]);
  });
});

describe("WarpClock.advance", () => {
  it("moves now() and warpMs by the total advanced", () => {
    const clock = new WarpClock();
    clock.advance(1500);
    clock.advance(500);
    expect(clock.warpMs).toBe(2000);
    expect(clock.now()).toBe(T0 + 2000);
    vi.advanceTimersByTime(10);
    expect(clock.now()).toBe(T0 + 2010);
  });

  it("fires every timer due in due order, each seeing its own due time; ties in the order they were set", () => {
    const clock = new WarpClock();
    const { fired, at } = recorder(clock);
    clock.setTimeout(at("c"), 3000);
    clock.setTimeout(at("a"), 1000);
    clock.setTimeout(at("b1"), 2000);
    clock.setTimeout(at("b2"), 2000);
    clock.setTimeout(at("late"), 9000);
    clock.advance(5000);
    expect(fired).toEqual([
      ["a", 1000],
      ["b1", 2000],
      ["b2", 2000],
      ["c", 3000],
    ]);
    expect(clock.now()).toBe(T0 + 5000);
    expect(clock.pending).toBe(1);
  });

  it("re-arms the timers not yet due for what is left of their delay", () => {
    const clock = new WarpClock();
    const { fired, at } = recorder(clock);
    clock.setTimeout(at("t"), 10_000);
    clock.advance(4000);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(5999);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([["t", 10_000]]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("fires an interval as often as it falls due in a big advance, then it goes on in real time", () => {
    const clock = new WarpClock();
    const { fired, at } = recorder(clock);
    clock.setInterval(at("i"), 1000);
    clock.advance(5500);
    expect(fired).toEqual([1000, 2000, 3000, 4000, 5000].map((t) => ["i", t]));
    vi.advanceTimersByTime(499);
    expect(fired).toHaveLength(5);
    vi.advanceTimersByTime(1);
    expect(fired.at(-1)).toEqual(["i", 6000]);
  });

  it("interleaves intervals and timeouts by due time", () => {
    const clock = new WarpClock();
    const { fired, at } = recorder(clock);
    clock.setInterval(at("i"), 300);
    clock.setTimeout(at("t"), 500);
    clock.advance(1000);
    expect(fired).toEqual([
      ["i", 300],
      ["t", 500],
      ["i", 600],
      ["i", 900],
    ]);
  });

  it("a timer cleared by an earlier callback does not fire; an interval may clear itself", () => {
    const clock = new WarpClock();
    const { fired, at } = recorder(clock);
    const later = clock.setTimeout(at("later"), 2000);
    clock.setTimeout(() => {
      at("first")();
      clock.clearTimeout(later);
    }, 1000);
    let n = 0;
    const every = clock.setInterval(() => {
      at("i")();
      if (++n === 3) clock.clearInterval(every);
    }, 700);
    clock.advance(10_000);
    expect(fired).toEqual([
      ["i", 700],
      ["first", 1000],
      ["i", 1400],
      ["i", 2100],
    ]);
    expect(clock.pending).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("fires a timer set by a callback when it falls due within the same advance", () => {
    const clock = new WarpClock();
    const { fired, at } = recorder(clock);
    clock.setTimeout(() => {
      at("outer")();
      clock.setTimeout(at("inner"), 500);
      clock.setTimeout(at("beyond"), 5000);
    }, 1000);
    clock.advance(2000);
    expect(fired).toEqual([
      ["outer", 1000],
      ["inner", 1500],
    ]);
    vi.advanceTimersByTime(4000);
    expect(fired.at(-1)).toEqual(["beyond", 6000]);
  });

  it("advance(0) changes nothing and fires only what is already due", () => {
    const clock = new WarpClock();
    const { fired, at } = recorder(clock);
    clock.setTimeout(at("t"), 100);
    clock.advance(0);
    expect(fired).toEqual([]);
    expect(clock.warpMs).toBe(0);
    // Real time passed but the real timer has not run yet (a busy event loop): advance(0) runs it.
    vi.setSystemTime(T0 + 150);
    clock.advance(0);
    expect(fired).toEqual([["t", 150]]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, "5" as unknown as number])(
    "refuses advance(%s) with a RangeError and changes nothing",
    (ms) => {
      const clock = new WarpClock();
      const { fired, at } = recorder(clock);
      clock.setTimeout(at("t"), 1);
      expect(() => clock.advance(ms)).toThrow(RangeError);
      expect(clock.warpMs).toBe(0);
      expect(clock.now()).toBe(T0);
      expect(fired).toEqual([]);
    },
  );

  it("a callback that throws does not stop the others; the first error is thrown once all have run", () => {
    const clock = new WarpClock();
    const { fired, at } = recorder(clock);
    clock.setTimeout(() => {
      throw new Error("boom");
    }, 100);
    clock.setTimeout(at("after"), 200);
    clock.setTimeout(at("later"), 5000);
    expect(() => clock.advance(1000)).toThrow("boom");
    expect(fired).toEqual([["after", 200]]);
    expect(clock.warpMs).toBe(1000);
    vi.advanceTimersByTime(4000);
    expect(fired.at(-1)).toEqual(["later", 5000]);
  });

  it("a callback may advance the clock too: everything due by the new total fires, in order", () => {
    const clock = new WarpClock();
    const { fired, at } = recorder(clock);
    clock.setTimeout(() => {
      at("jump")();
      clock.advance(3000);
    }, 100);
    clock.setTimeout(at("t"), 2500);
    clock.advance(1000);
    expect(fired).toEqual([
      ["jump", 100],
      ["t", 2500],
    ]);
    expect(clock.warpMs).toBe(4000);
    expect(clock.now()).toBe(T0 + 4000);
  });

  it("clearing a handle it never made, null or undefined is harmless", () => {
    const clock = new WarpClock();
    clock.clearTimeout(new WarpClock().setTimeout(() => {}, 10));
    clock.clearTimeout(null);
    clock.clearInterval(undefined);
  });
});

describe("WarpClock on injected real time", () => {
  /** A real time that only moves when told, and records its timers. */
  function manual() {
    let now = T0;
    const timers = new Map<object, { fn: () => void; at: number; unref: ReturnType<typeof vi.fn> }>();
    const real: RealTime = {
      now: () => now,
      setTimeout(fn, ms) {
        const handle = { unref: vi.fn() };
        timers.set(handle, { fn, at: now + ms, unref: handle.unref });
        return handle;
      },
      clearTimeout: (handle) => timers.delete(handle as object),
    };
    const run = (ms: number) => {
      now += ms;
      for (const [key, t] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (t.at > now) continue;
        timers.delete(key);
        t.fn();
      }
    };
    return { real, timers, run };
  }

  it("unref() reaches the real timer and each one replacing it after an advance; a timer left ref'd is not unref'd", () => {
    const m = manual();
    const clock = new WarpClock(m.real);
    clock.setTimeout(() => {}, 10_000).unref();
    const [first] = [...m.timers.values()];
    expect(first?.unref).toHaveBeenCalledTimes(1);
    clock.advance(1000);
    const [rearmed] = [...m.timers.values()];
    expect(rearmed?.at).toBe(T0 + 10_000 - 1000);
    expect(rearmed?.unref).toHaveBeenCalledTimes(1);
    clock.setTimeout(() => {}, 10);
    expect([...m.timers.values()].at(-1)?.unref).not.toHaveBeenCalled();
  });

  it("a delay longer than a Node timer holds is reached in steps, not fired early", () => {
    const m = manual();
    const clock = new WarpClock(m.real);
    const fired: number[] = [];
    const day = 24 * 3600_000;
    clock.setTimeout(() => fired.push(clock.now() - T0), 30 * day);
    expect([...m.timers.values()][0]?.at).toBe(T0 + 2 ** 31 - 1);
    m.run(2 ** 31 - 1);
    expect(fired).toEqual([]);
    m.run(30 * day - (2 ** 31 - 1));
    expect(fired).toEqual([30 * day]);
  });

  it("the real timers of timers fired by an advance are cleared (nothing is left pending)", () => {
    const m = manual();
    const clock = new WarpClock(m.real);
    clock.setTimeout(() => {}, 100);
    clock.setInterval(() => {}, 100);
    clock.advance(1000);
    expect(m.timers.size).toBe(1);
    expect([...m.timers.values()][0]?.at).toBe(T0 + 1100 - 1000);
  });
});
