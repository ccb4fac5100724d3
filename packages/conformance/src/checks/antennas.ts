// D13's fields, read only: uhf/config and gnss (404 without GPS), each port's state, rssi, hits and identifying, each
// time source's kind and followed. A unit without them (an older unit) is told what it lacks and passes (skip).
import {
  API,
  GnssTelemetry,
  type TelemetryDataset,
  TimeSourcesTelemetry,
  UhfConfigTelemetry,
  UhfPortsTelemetry,
} from "@trc/protocol";
import { type Check, type Context, contract, jsonProblems, type Outcome } from "../check.ts";
import type { Answer } from "../client.ts";

/** What the D13 read checks learnt of the unit, for the later ones (UHF_PORT's). */
export interface AntennaFacts {
  /** uhf/config as D13 gives it; undefined when the unit's is not D13's. */
  uhfConfig?: UhfConfigTelemetry;
  /** How many channels uhf/ports lists. */
  channels?: number;
  /** gnss answered 404: the unit has no GPS. */
  noGps?: boolean;
}

const learnt = new WeakMap<object, AntennaFacts>();

/** The D13 facts learnt so far about the unit of `ctx`. */
export function antennaFacts(ctx: Context): AntennaFacts {
  let facts = learnt.get(ctx.facts);
  if (!facts) {
    facts = {};
    learnt.set(ctx.facts, facts);
  }
  return facts;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** "older unit" when a 200 answer carries none of `fields` (D13's), else null. */
function older(a: Answer, fields: readonly string[], what: string): { skip: string } | null {
  if (a.status !== 200 || !isObject(a.json) || fields.some((f) => f in (a.json as object))) return null;
  return { skip: `an older unit: ${what} carries none of D13's ${fields.join(", ")}` };
}

const uhfConfig = contract("telemetry uhf/config", async (ctx) => {
  const a = await ctx.client.get(API.telemetry("uhf/config"));
  const old = older(a, ["transmitter", "ports"], "uhf/config");
  if (old) return old;
  const problems = jsonProblems(a, UhfConfigTelemetry, "uhf/config");
  if (!problems.length) antennaFacts(ctx).uhfConfig = UhfConfigTelemetry.parse(a.json);
  return problems;
});

const gnss = contract("telemetry gnss", async (ctx) => {
  const a = await ctx.client.get(API.telemetry("gnss"));
  if (a.status === 404) {
    antennaFacts(ctx).noGps = true;
    return { skip: "no GPS (gnss answered 404, as D13 says a unit without GPS does)" };
  }
  return (
    older(a, ["fix", "satellites", "pps", "lastFixAt"], "gnss") ?? jsonProblems(a, GnssTelemetry, "gnss")
  );
});

/** The generic telemetry check's place for D13's datasets (reads.ts). */
export const D13_TELEMETRY_CHECKS: Partial<Record<TelemetryDataset, Check>> = {
  "uhf/config": uhfConfig,
  gnss,
};

const PORT_FIELDS = ["state", "rssi", "hits", "identifying"] as const;

/** Each channel's D13 fields and how they agree with SPEC's, with each other and with uhf/config. */
function portProblems(
  channels: UhfPortsTelemetry["channels"],
  config: UhfConfigTelemetry | undefined,
): string[] {
  const problems: string[] = [];
  for (const [i, c] of channels.entries()) {
    const at = `uhf/ports.channels.${i}`;
    for (const f of PORT_FIELDS) {
      if (!(f in c))
        problems.push(`${at}.${f} is missing (D13: a unit that sends some of its fields sends them all)`);
    }
    if (c.state === "absent" && c.ant)
      problems.push(`${at} is absent with ant true (D13: absent is ant false)`);
    if ((c.rssi === null) !== (c.hits === null) && "rssi" in c && "hits" in c) {
      problems.push(`${at}: rssi and hits are null together (no read in the last 60 s) or neither is`);
    }
    if (typeof c.hits === "number" && c.hits < 1)
      problems.push(`${at}.hits is ${c.hits}: a passing is 1 read at least`);
    const port = config?.ports.find((p) => p.id === c.id);
    const off = config?.transmitter === "OFF" || port?.enabled === false;
    if (off && c.state !== undefined && c.state !== "off" && c.state !== "fault") {
      problems.push(`${at}.state is ${c.state}, but uhf/config has it switched off (D13: "off")`);
    }
  }
  if (channels.filter((c) => c.identifying).length > 1) {
    problems.push(
      "uhf/ports: more than one port identifying (Identify antennas points at one port at a time)",
    );
  }
  return problems;
}

const ports = contract("antenna ports (D13)", async (ctx): Promise<Outcome> => {
  const a = await ctx.client.get(API.telemetry("uhf/ports"));
  const parsed = jsonProblems(a, UhfPortsTelemetry, "uhf/ports");
  // A wrong SPEC field is named by "telemetry uhf/ports".
  if (parsed.length) return { skip: "uhf/ports does not fit its schema (see telemetry uhf/ports)" };
  const channels = UhfPortsTelemetry.parse(a.json).channels;
  antennaFacts(ctx).channels = channels.length;
  if (channels.length && !channels.some((c) => PORT_FIELDS.some((f) => f in c))) {
    return {
      skip: `an older unit: uhf/ports carries none of D13's ${PORT_FIELDS.join(", ")} (the console works the state out from ant and reads)`,
    };
  }
  return portProblems(channels, antennaFacts(ctx).uhfConfig);
});

const sources = contract("time sources (D13)", async (ctx): Promise<Outcome> => {
  const a = await ctx.client.get(API.telemetry("time/sources"));
  if (jsonProblems(a, TimeSourcesTelemetry, "time/sources").length) {
    return { skip: "time/sources does not fit its schema (see telemetry time/sources)" };
  }
  const list = TimeSourcesTelemetry.parse(a.json).sources;
  if (!list.some((s) => "kind" in s || "followed" in s)) {
    return { skip: "an older unit: time/sources carries neither kind nor followed (D13)" };
  }
  const problems: string[] = [];
  for (const [i, s] of list.entries()) {
    if (s.kind === undefined) problems.push(`time/sources.sources.${i}.kind is missing (D13)`);
    if (s.followed === undefined) problems.push(`time/sources.sources.${i}.followed is missing (D13)`);
  }
  const followed = list.filter((s) => s.followed);
  if (followed.length !== 1) {
    problems.push(`time/sources has ${followed.length} followed sources, expected exactly one (D13)`);
  }
  if (followed.some((s) => s.kind === "gps") && ctx.facts.config?.gps_correction === false) {
    problems.push("time/sources follows gps with gps_correction false (D13: then NTP, else the RTC)");
  }
  if (antennaFacts(ctx).noGps && list.some((s) => s.kind === "gps")) {
    problems.push("time/sources lists a gps source, but gnss answered 404 (no GPS)");
  }
  return problems;
});

/** After config/get (gps_correction) and the telemetry reads (uhf/config, gnss). */
export const ANTENNA_CHECKS: readonly Check[] = [ports, sources];
