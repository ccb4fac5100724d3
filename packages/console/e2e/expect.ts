// The browser tests' expect: Playwright's, its `poll` asking often enough that a wait ends soon after its condition.
import { expect as baseExpect } from "@playwright/test";

/**
 * How often `expect.poll` asks, unless a call says otherwise: every 100 ms three times, then every 250 ms. Playwright's
 * own backs off to once a second, so a condition met after 0.9 s was seen up to a second late, wait after wait; these
 * polls ask the test's own units, on loopback.
 */
export const POLL_INTERVALS = [100, 100, 100, 250];

/** Playwright's expect, its `poll` asking at POLL_INTERVALS by default. */
export const expect: typeof baseExpect = new Proxy(baseExpect, {
  get(target, prop, receiver) {
    if (prop !== "poll") return Reflect.get(target, prop, receiver);
    const poll: typeof baseExpect.poll = (actual, options) =>
      target.poll(
        actual,
        typeof options === "string"
          ? { message: options, intervals: POLL_INTERVALS }
          : { intervals: POLL_INTERVALS, ...options },
      );
    return poll;
  },
});
