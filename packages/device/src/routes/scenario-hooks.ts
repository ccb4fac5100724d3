// Scenario hooks under /api/__test/scenario (test hooks only): make each unit alarm happen, and set or read the
// device's own clock offset (the truth a clock benchmark compares against).
import type { Device } from "../device.ts";
import { type DeviceApp, type DeviceContext, endpoint, fail } from "../http.ts";
import { readJson } from "../middleware/json-body.ts";
import { scenarioOf, setScenario } from "../sim/scenario.ts";
import { TEST_PREFIX } from "./test-hooks.ts";

type Check = (v: unknown) => boolean;
const isNum: Check = (v) => typeof v === "number" && Number.isFinite(v);
const isStr: Check = (v) => typeof v === "string" && v.length <= 32;
const isRecord =
  (each: Check): Check =>
  (v) =>
    !!v && typeof v === "object" && !Array.isArray(v) && Object.values(v).every(each);

/** The fields of POST /api/__test/scenario (scenario fields may be null: that clears one) and their checks. */
const FIELDS: Record<string, Check> = {
  batteryPercent: isNum,
  storagePercent: isNum,
  antennaLost: (v) => Array.isArray(v) && v.every((x) => Number.isInteger(x)),
  returnLoss: isRecord(isNum),
  temps: isRecord(isNum),
  cellular: (v) =>
    isRecord(isStr)(v) && Object.keys(v as object).every((k) => k === "power" || k === "connection"),
  readsStopped: (v) => typeof v === "boolean",
  /** Sets the device clock to host clock + this, ms. */
  clockOffsetMs: isNum,
  /** Steps the device clock by this, ms. */
  clockJumpMs: isNum,
};
const CLOCK = ["clockOffsetMs", "clockJumpMs"];

/** The reason a patch is refused, or null. */
export function checkScenarioPatch(v: unknown): string | null {
  if (!v || typeof v !== "object" || Array.isArray(v)) return "The body must be a JSON object";
  for (const [k, x] of Object.entries(v)) {
    const check = FIELDS[k];
    if (!check) return `Unknown scenario field: ${k}`;
    if (!(x === null && !CLOCK.includes(k)) && !check(x)) return `Bad value for ${k}`;
  }
  return null;
}

const answer = (c: DeviceContext, device: Device) =>
  c.json({ scenario: scenarioOf(device), clockOffsetMs: device.clock.offsetMs });

export function scenarioHookRoutes(app: DeviceApp, device: Device): void {
  endpoint(app, `${TEST_PREFIX}/scenario`, {
    GET: (c) => answer(c, device),
    POST: async (c) => {
      const json = await readJson(c);
      if (!json.ok) return fail(c, 400, json.reason);
      const bad = checkScenarioPatch(json.value);
      if (bad) return fail(c, 400, bad);
      const { clockOffsetMs, clockJumpMs, ...patch } = json.value as Record<string, unknown>;
      if (typeof clockOffsetMs === "number") device.clock.set(Date.now() + clockOffsetMs);
      if (typeof clockJumpMs === "number") device.clock.set(device.clock.now() + clockJumpMs);
      setScenario(device, patch);
      return answer(c, device);
    },
    /** Back to the living unit: no override, the clock at its start offset (DEVICE_CLOCK_OFFSET_MS). */
    DELETE: (c) => {
      setScenario(device, null);
      device.clock.set(Date.now() + device.options.clockOffsetMs);
      return answer(c, device);
    },
  });
}
