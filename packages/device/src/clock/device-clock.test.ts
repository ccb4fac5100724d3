// DeviceClock: the host clock plus an offset that setting the clock changes; its timers are durations on the host clock.
import { describe, expect, it } from "vitest";
import { DeviceClock } from "./device-clock.ts";
import { MANUAL_CLOCK_START, manualClock } from "./manual-clock.ts";

describe("DeviceClock", () => {
  it("reads the host clock plus its offset; set and setOffset move only the offset", () => {
    const host = manualClock();
    const clock = new DeviceClock(host, 2000);
    expect(clock.now()).toBe(MANUAL_CLOCK_START + 2000);
    host.advance(500);
    expect(clock.now()).toBe(MANUAL_CLOCK_START + 2500);
    clock.set(Date.UTC(2030, 0, 1));
    expect([clock.now(), clock.offsetMs]).toEqual([Date.UTC(2030, 0, 1), Date.UTC(2030, 0, 1) - host.now()]);
    clock.setOffset(-1000);
    expect(clock.now()).toBe(host.now() - 1000);
  });

  it("a timer waits its duration on the host clock, whatever the clock is set to meanwhile", () => {
    const host = manualClock();
    const clock = new DeviceClock(host, 0);
    const fired: number[] = [];
    clock.setTimeout(() => fired.push(host.now() - MANUAL_CLOCK_START), 5000);
    const every = clock.setInterval(() => fired.push(-(host.now() - MANUAL_CLOCK_START)), 3000);
    clock.setOffset(-3_600_000);
    host.advance(4999);
    expect(fired).toEqual([-3000]);
    host.advance(1);
    expect(fired).toEqual([-3000, 5000]);
    clock.clearInterval(every);
    host.advance(10_000);
    expect(fired).toEqual([-3000, 5000]);
    expect(host.pending).toBe(0);
  });
});
