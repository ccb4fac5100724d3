// fast-check arbitraries of what a misbehaving device answers: hostile JSON, and good answers with fields broken or missing.
import type { TelemetryDataset } from "@trc/protocol";
import fc from "fast-check";

/** Strings a device (or an attacker behind it) might send, markup included. */
export const HOSTILE_STRINGS = [
  "<img src=x onerror=alert(1)>",
  "<script>window.__pwned=1</script>",
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
  "\u0000\u202e",
  "x".repeat(500),
  "",
];

export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 4 },
  {
    arbitrary: fc.constantFrom<unknown>(...HOSTILE_STRINGS, null, [], {}, -1, 1e308, Number.MAX_SAFE_INTEGER),
    weight: 2,
  },
);

/** A value like `good` with parts replaced, removed or multiplied at random. */
export function mutated(good: unknown, depth = 0): fc.Arbitrary<unknown> {
  const broken = depth > 2 ? hostileJson : fc.oneof(hostileJson, fc.constantFrom(...HOSTILE_STRINGS));
  if (Array.isArray(good)) {
    const item = good[0];
    return fc.oneof(
      {
        arbitrary: fc.array(item === undefined ? hostileJson : mutated(item, depth + 1), { maxLength: 6 }),
        weight: 4,
      },
      { arbitrary: broken, weight: 1 },
    );
  }
  if (good !== null && typeof good === "object") {
    const fields = Object.fromEntries(
      Object.entries(good).map(([k, v]) => [
        k,
        fc.oneof({ arbitrary: fc.constant(v), weight: 3 }, { arbitrary: mutated(v, depth + 1), weight: 2 }),
      ]),
    );
    return fc.oneof(
      { arbitrary: fc.record(fields, { requiredKeys: [] }), weight: 5 },
      { arbitrary: broken, weight: 1 },
    );
  }
  return fc.oneof({ arbitrary: fc.constant(good), weight: 2 }, { arbitrary: broken, weight: 1 });
}

/** One good answer per dataset the cards read (shapes of SPEC §3 / D3). */
export const GOOD_TELEMETRY: Record<TelemetryDataset, unknown> = {
  firmware: { version: "1.4.2", compileTime: "Nov 22 2026 09:30:00", partition: 0, otaWatchDog: "INACTIVE" },
  storage: { used: 1_200_000, total: 16_000_000 },
  passings: { seen: 10, filtered: 8, unique: 5, sent: 5, left: 0, delta: 2 },
  "uhf/ports": { channels: [{ id: 0, ant: true, reads: 120, loss: -12.5, pwr: 30 }] },
  "time/sources": { sources: [{ name: "rtc", accuracy: 1000, time: 1_795_000_000_000 }], utc_offset: 3600 },
  "networking/interfaces": { interfaces: [{ name: "eth0", isConnected: true, isPrimary: true }] },
  "hw/temp": { temps: [{ name: "cpu", temp: 41.5 }] },
  cellular: {
    power: "ON",
    connection: "CONNECTED",
    imei: "356938035643809",
    imsi: "310150123456789",
    iccid: "8901",
  },
  "cellular/ant": { xbar: false, a_isExt: true, b_isExt: false, rssi: -71, ber: 0.012 },
  battery: {
    state: "DISCHARGING",
    percentage: 62,
    capacity: 5200,
    current: -620,
    time_full: 0,
    time_empty: 300,
  },
  gnss: {},
  os: {},
  "uhf/config": {},
  "power/channels": {},
  "power/consumption": {},
  "networking/services": {},
  "hw/config": {},
} as Record<TelemetryDataset, unknown>;
