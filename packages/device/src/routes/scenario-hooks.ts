// Scenario hooks under /api/__test/scenario (test hooks only): make each unit alarm happen, set or read the device's
// own clock offset (the truth a clock benchmark compares against), start a mass start, hold a test tag; and
// /api/__test/stream: the read streams' state and settings, and dropping them all.
import { PASSINGS_STREAM } from "@trc/protocol";
import type { Device } from "../device.ts";
import { type DeviceApp, type DeviceContext, endpoint, fail } from "../http.ts";
import { readJson } from "../middleware/json-body.ts";
import { ANTENNA_SCENARIO_FIELDS } from "../sim/antenna-scenario.ts";
import { type MassStart, massStartProblem, testTagProblem } from "../sim/race-reads.ts";
import { scenarioOf, setScenario } from "../sim/scenario.ts";
import { streamHubOf } from "./passings-stream.ts";
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
  /** The link to the upstream server down (true) or held up (false). */
  serverDown: (v) => typeof v === "boolean",
  /** Passings the link sends a minute once up (the backlog drains at this rate). */
  drainPerMinute: (v) => isNum(v) && (v as number) > 0 && (v as number) <= 1_000_000,
  /** Sets the device clock to host clock + this, ms. */
  clockOffsetMs: isNum,
  /** Steps the device clock by this, ms. */
  clockJumpMs: isNum,
  /** Checked by testTagProblem: a tag held at a channel (null takes it away). */
  testTag: () => true,
  /** Checked by massStartProblem: plans a mass start from now (an action, not kept in the scenario). */
  massStart: () => true,
  /** D13: port states, a silent port, port power, GPS fix or none, NTP, RTC drift. */
  ...ANTENNA_SCENARIO_FIELDS,
};
/** Fields that are actions: null is no value for them. */
const ACTIONS = ["clockOffsetMs", "clockJumpMs", "massStart"];

/** The reason a patch is refused, or null. */
export function checkScenarioPatch(v: unknown): string | null {
  if (!v || typeof v !== "object" || Array.isArray(v)) return "The body must be a JSON object";
  for (const [k, x] of Object.entries(v)) {
    const check = FIELDS[k];
    if (!check) return `Unknown scenario field: ${k}`;
    if (!(x === null && !ACTIONS.includes(k)) && !check(x)) return `Bad value for ${k}`;
    if (k === "testTag" && x !== null) return testTagProblem(x);
    if (k === "massStart") return massStartProblem(x);
  }
  return null;
}

/** A test tag must be held at a channel the unit has. */
function channelProblem(device: Device, patch: unknown): string | null {
  const ant = (patch as { testTag?: { ant?: number } | null }).testTag?.ant;
  const n = device.reader.channelCount;
  return ant !== undefined && ant >= n ? `testTag.ant must be a channel of this unit: 0 to ${n - 1}` : null;
}

const answer = (c: DeviceContext, device: Device, extra: object = {}) =>
  c.json({ scenario: scenarioOf(device), clockOffsetMs: device.clock.offsetMs, ...extra });

/** The read streams' state: open streams, the last seq, the oldest kept, how many are kept, the keep-alive. */
function streamState(device: Device) {
  const hub = streamHubOf(device);
  const log = device.reader.log;
  device.reader.advance();
  return {
    open: hub.open,
    lastSeq: log.lastSeq,
    firstKept: log.firstKept,
    kept: log.capacity,
    keepAliveMs: hub.keepAliveMs,
    stallMs: hub.stallMs,
  };
}

const whole = (v: unknown, min: number, max: number) =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;

/** The stream settings POST /api/__test/stream takes, each a whole number within its range. */
const STREAM_SETTINGS: Record<string, [min: number, max: number]> = {
  /** Reads kept for a resume. */
  kept: [10, 1_000_000],
  /** With nothing to send, a keep-alive this often. */
  keepAliveMs: [50, 60_000],
  /** A write not taken within this long ends its stream. */
  stallMs: [100, 120_000],
};

function checkStreamSettings(v: unknown): string | null {
  if (!v || typeof v !== "object" || Array.isArray(v)) return "The body must be a JSON object";
  for (const [k, x] of Object.entries(v)) {
    const range = STREAM_SETTINGS[k];
    if (!range) return `Unknown stream setting: ${k}`;
    if (!whole(x, ...range)) return `${k} must be a whole number from ${range[0]} to ${range[1]}`;
  }
  return null;
}

export function scenarioHookRoutes(app: DeviceApp, device: Device): void {
  endpoint(app, `${TEST_PREFIX}/scenario`, {
    GET: (c) => answer(c, device),
    POST: async (c) => {
      const json = await readJson(c);
      if (!json.ok) return fail(c, 400, json.reason);
      const bad = checkScenarioPatch(json.value) ?? channelProblem(device, json.value);
      if (bad) return fail(c, 400, bad);
      const { clockOffsetMs, clockJumpMs, massStart, ...patch } = json.value as Record<string, unknown>;
      if (typeof clockOffsetMs === "number") device.clock.setOffset(clockOffsetMs);
      // A step of exactly clockJumpMs: the offset moved, not the clock set from a reading of it (two readings of the
      // host's time a GC pause apart made a jump of -2000 one of -2008 on a loaded machine).
      if (typeof clockJumpMs === "number") device.clock.setOffset(device.clock.offsetMs + clockJumpMs);
      setScenario(device, patch);
      if (!massStart) return answer(c, device);
      return answer(c, device, { plannedReads: device.reader.massStart(massStart as MassStart) });
    },
    /** Back to the living unit: no override, the clock at its start offset (DEVICE_CLOCK_OFFSET_MS). */
    DELETE: (c) => {
      setScenario(device, null);
      device.clock.setOffset(device.options.clockOffsetMs);
      return answer(c, device);
    },
  });

  endpoint(app, `${TEST_PREFIX}/stream`, {
    GET: (c) => c.json(streamState(device)),
    POST: async (c) => {
      const json = await readJson(c);
      if (!json.ok) return fail(c, 400, json.reason);
      const bad = checkStreamSettings(json.value);
      if (bad) return fail(c, 400, bad);
      const { kept, keepAliveMs, stallMs } = json.value as Record<string, number | undefined>;
      const hub = streamHubOf(device);
      if (kept !== undefined) device.reader.log.setCapacity(kept);
      if (keepAliveMs !== undefined) hub.keepAliveMs = keepAliveMs;
      if (stallMs !== undefined) hub.stallMs = stallMs;
      return c.json(streamState(device));
    },
    /** Back to the unit's own settings: 10,000 reads kept, its keep-alive (DEVICE_STREAM_KEEPALIVE_MS), 30 s stall. */
    DELETE: (c) => {
      device.reader.log.setCapacity(PASSINGS_STREAM.keptReads);
      streamHubOf(device).reset();
      return c.json(streamState(device));
    },
  });
  endpoint(app, `${TEST_PREFIX}/stream/drop`, {
    /** Ends every open stream as a lost connection would (their clients resume). */
    POST: (c) => c.json({ dropped: streamHubOf(device).dropAll() }),
  });
}
