// When the dashboard pings the device: quiet for 10 s (or never answered), and not while a ping is under way.
import { describe, expect, it } from "vitest";
import { HEARTBEAT_QUIET_MS, heartbeatDue } from "./heartbeat.ts";

describe("heartbeatDue", () => {
  it.each([
    [100_000, null, false, true],
    [100_000, 100_000 - HEARTBEAT_QUIET_MS, false, true],
    [100_000, 100_000 - HEARTBEAT_QUIET_MS + 1, false, false],
    [100_000, 99_000, false, false],
    [100_000, 0, true, false],
    [100_000, null, true, false],
  ])("now %d, last answer %o, pinging %s: %s", (now, last, pinging, due) => {
    expect(heartbeatDue(now, last, pinging)).toBe(due);
  });
});
