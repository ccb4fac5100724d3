// Benchmark (issue 32): one 6-setting profile applied to 100 emulated units (one process) by the console's own executor
// and API client running in Node, then undone: time until every unit's line is final, requests, the most in flight
// at any unit (counted by the units) and units worked on at once; every unit's values read back after each.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { QueryClient } from "@tanstack/react-query";
import { type DeviceProfile, type RunningDevice, startFleet } from "@trc/device";
import { API, ConfigGetResponse } from "@trc/protocol";
import { MAX_IN_FLIGHT_IN_ALL, request } from "../src/api/client.ts";
import { unitValuesQuery } from "../src/fleet/useFleetProfiles.ts";
import { timingConfirmations } from "../src/shared/race/timingGuard.ts";
import { writeSetting } from "../src/shared/settings/configSet.ts";
import {
  type ApplyIO,
  applyPlan,
  PER_UNIT_IN_FLIGHT,
  runPlan,
  UNITS_AT_ONCE,
  type UnitPlan,
  type UnitResult,
  undoPlan,
  unitOutcome,
} from "../src/shared/settings/profiles/applyPlan.ts";
import type { Profile } from "../src/shared/settings/profiles/profile.ts";
import type { UnitValues } from "../src/shared/settings/profiles/profileDiff.ts";
import { PERFORMANCE_DOC, runNote, writeSection } from "./docs-section.ts";
import { countLoad, type LoadFigures } from "./unit-load.ts";

const UNITS = Number(process.env.BENCH_UNITS ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DEVICE_PROFILES: DeviceProfile[] = ["default", "esp32"];

/** Six settings, each off the emulator's default (D5), so every unit differs in all six. */
const PROFILE: Profile = {
  name: "Bench 100",
  settings: {
    reads_2b_sent: "FS",
    tag_timeout: 10,
    buzzer_volume: "LOW",
    reads_beep_behaviour: "BEEP_LS",
    uhf_power: "MEDIUM",
    gps_correction: true,
  },
};
const SETTINGS = Object.keys(PROFILE.settings);

interface PhaseFigures extends LoadFigures {
  /** From the run's start until every unit's line is final. */
  ms: number;
  /** The most units the executor had reading or writing at once (its lines). */
  lines: number;
}
interface RunFigures {
  compareMs: number;
  apply: PhaseFigures;
  undo: PhaseFigures;
}

/** As the Fleet page's Apply does (fleet/useProfileRun.ts): reads through the Profile column's query, sets through the Configuration page's set. */
function consoleIO(client: QueryClient): ApplyIO {
  return {
    readValues: (unit) => client.fetchQuery(unitValuesQuery(unit)),
    setValue: (unit, setting, value, signal) => writeSetting(unit, setting, value, signal),
  };
}

/** Every unit's values as a fresh read through the API client (the Profile column's query). */
async function readAll(client: QueryClient, units: readonly string[]): Promise<UnitValues[]> {
  return Promise.all(units.map((u) => client.fetchQuery(unitValuesQuery(u))));
}

/** Throws unless every unit holds `want(i)` for each profile setting, read back over HTTP. */
async function checkHolds(units: readonly string[], want: (i: number) => UnitValues, what: string) {
  const read = await Promise.all(units.map((base) => request(API.configGet, ConfigGetResponse, { base })));
  const wrong = read.flatMap(({ data }, i) =>
    SETTINGS.filter((s) => !Object.is(data?.[s], want(i)[s])).map(
      (s) => `${units[i]} ${s}=${String(data?.[s])} (want ${String(want(i)[s])})`,
    ),
  );
  if (wrong.length) throw new Error(`not every unit holds ${what}: ${wrong.slice(0, 5).join("; ")}`);
}

/** One Apply or Undo: the executor over `plans`, timed, with what the units saw. */
async function phase(
  plans: UnitPlan[],
  io: ApplyIO,
  units: readonly RunningDevice[],
): Promise<{ figures: PhaseFigures; results: UnitResult[] }> {
  const load = countLoad(units);
  const active = new Set<string>();
  let lines = 0;
  const t0 = performance.now();
  const results = await runPlan(plans, {
    io,
    onProgress: (r) => {
      if (r.step === "reading" || r.step === "writing") active.add(r.unit);
      else active.delete(r.unit);
      lines = Math.max(lines, active.size);
    },
  });
  const ms = performance.now() - t0;
  const bad = results.filter((r) => unitOutcome(r) !== "applied" || r.settings.length !== SETTINGS.length);
  if (bad.length)
    throw new Error(`${bad.length} units not applied: ${JSON.stringify(bad[0]?.settings.slice(0, 2))}`);
  return { figures: { ms, lines, ...load.figures() }, results };
}

async function runOnce(units: readonly RunningDevice[]): Promise<RunFigures> {
  const client = new QueryClient();
  const io = consoleIO(client);
  const addresses = units.map((u) => u.url);
  // The Profile column: each unit's values, read when the profile is chosen; the plan is made from them.
  const c0 = performance.now();
  const before = await readAll(client, addresses);
  const compareMs = performance.now() - c0;
  const plans = applyPlan(
    PROFILE,
    addresses.map((unit, i) => ({ unit, values: before[i] as UnitValues })),
  );
  if (plans.some((p) => p.writes.length !== SETTINGS.length))
    throw new Error("a unit already holds some of the profile's values: it would not differ in all six");
  // D12's second confirmation (the page's, before runPlan): none is asked, every unit is in test mode.
  const modes = new Map(units.map((u) => [u.url, u.device.timing.mode]));
  if (timingConfirmations(plans, (u) => modes.get(u)).length) throw new Error("a unit is timing");
  const apply = await phase(plans, io, units);
  await checkHolds(addresses, () => PROFILE.settings, "the profile's values");
  const undo = await phase(undoPlan(apply.results), io, units);
  await checkHolds(addresses, (i) => before[i] as UnitValues, "its values from before");
  client.clear();
  return { compareMs, apply: apply.figures, undo: undo.figures };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const met = (ok: boolean) => (ok ? "met" : "**not met**");

async function benchProfile(profile: DeviceProfile): Promise<RunFigures[]> {
  const dataRoot = mkdtempSync(join(tmpdir(), "trc-bench-profiles-"));
  const t0 = performance.now();
  const fleet = await startFleet({ count: UNITS, dataRoot, shared: { profile, log: () => {} } });
  console.log(`[bench] ${UNITS} units (${profile}) up in ${sec(performance.now() - t0)}`);
  try {
    const runs: RunFigures[] = [];
    for (let r = 0; r < RUNS; r++) {
      runs.push(await runOnce(fleet.units));
      console.log(`[bench] ${profile} run ${r + 1}:`, JSON.stringify(runs.at(-1)));
    }
    return runs;
  } finally {
    await fleet.close();
    rmSync(dataRoot, { recursive: true, force: true });
  }
}

function section(all: Map<DeviceProfile, RunFigures[]>, when: string): string {
  const cols = [...all.values()];
  const each = (f: (r: RunFigures) => number, fmt: (n: number) => string) =>
    cols.map((runs) => `${fmt(median(runs.map(f)))} (${runs.map((r) => fmt(f(r))).join(", ")})`);
  const most = (f: (r: RunFigures) => number) => cols.map((runs) => String(Math.max(...runs.map(f))));
  const row = (label: string, cells: string[], target: string) =>
    `| ${label} | ${cells.join(" | ")} | ${target} |`;
  const worst = (f: (r: RunFigures) => number) => Math.max(...cols.flat().map(f));
  const writes = UNITS * SETTINGS.length;
  /** The rows of one run of the plan: Apply's or Undo's. */
  const runRows = (kind: "apply" | "undo", name: string) => [
    row(
      `**${name}**: every line final`,
      each((r) => r[kind].ms, sec),
      "(no target)",
    ),
    row(
      `${name}: requests the units received`,
      each((r) => r[kind].requests, String),
      `${UNITS} reads + ${writes} sets`,
    ),
    row(
      `${name}: most requests in flight at any unit`,
      most((r) => r[kind].perUnit),
      `≤ 2: ${met(worst((r) => r[kind].perUnit) <= 2)}`,
    ),
    row(
      `${name}: most units at once (lines / units with a request open)`,
      cols.map(
        (runs) =>
          `${Math.max(...runs.map((r) => r[kind].lines))} / ${Math.max(...runs.map((r) => r[kind].units))}`,
      ),
      `≤ 8: ${met(worst((r) => r[kind].lines) <= 8)}`,
    ),
    row(
      `${name}: most requests in flight over all units`,
      most((r) => r[kind].inAll),
      `≤ ${MAX_IN_FLIGHT_IN_ALL} (the client's)`,
    ),
  ];
  return [
    "## Fleet profiles: one profile to 100 units (`npm run bench:profiles`)",
    "",
    `A profile of ${SETTINGS.length} settings (${SETTINGS.map((x) => `\`${x}\``).join(", ")}),`,
    `each off the emulator's default, applied to ${UNITS} emulated units served by one Node process (\`startFleet\`, a`,
    "loopback port each), then undone. The console's own code runs in Node, as the Fleet page runs it: the plan (`applyPlan`, from every unit's",
    "values read first through the Profile column's query), the executor (`runPlan`: at most",
    `${UNITS_AT_ONCE} units at once, ${PER_UNIT_IN_FLIGHT} requests per unit) with the page's I/O (\`unitValuesQuery\` through a`,
    "QueryClient, `writeSetting`: the Configuration page's set), all through the API client's `send` (its gate per",
    `unit, and its gate of ${MAX_IN_FLIGHT_IN_ALL} over all units: so at most ${MAX_IN_FLIGHT_IN_ALL} of the ${UNITS_AT_ONCE} units worked on have a request open).`,
    `Final: \`runPlan\` has given every unit's line its result (all ${UNITS} \`applied\`, ${SETTINGS.length} settings each).`,
    "Requests and in flight are counted by the units: each unit's request monitor (its first middleware: received, not",
    "yet answered). Units at once: the executor's lines reading or writing / units with a request open. After the",
    "Apply every unit is read back over HTTP and holds the profile's values; after the Undo, the values it had before.",
    "D12's second confirmation (`timingConfirmations`) asks nothing: every unit is in test mode. The emulator writes",
    "each set to its file crash-safe (fsync, as it does every set); `DEVICE_PROFILE=esp32`: at most 4",
    `requests handled at once per unit, each 20–80 ms slower. Medians of ${RUNS} runs, each run in brackets.`,
    "",
    `| Figure | ${[...all.keys()].map((p) => (p === "esp32" ? "`DEVICE_PROFILE=esp32`" : "Default emulator")).join(" | ")} | Target |`,
    `|---|${cols.map(() => "---:|").join("")}---|`,
    row(
      "Every unit's values read (the Profile column)",
      each((r) => r.compareMs, sec),
      "(no target)",
    ),
    ...runRows("apply", "Apply"),
    ...runRows("undo", "Undo"),
    "",
    `The requests in flight over all units reach the client's ${MAX_IN_FLIGHT_IN_ALL}: that gate, not ${UNITS_AT_ONCE} units × ${PER_UNIT_IN_FLIGHT},`,
    `bounds the time (${UNITS * (SETTINGS.length + 1)} requests, ${MAX_IN_FLIGHT_IN_ALL} at a time: with the esp32 profile's 20–80 ms each, about`,
    `${sec((UNITS * (SETTINGS.length + 1) * 50) / MAX_IN_FLIGHT_IN_ALL)} at least).`,
    "",
    `_${when}_`,
  ].join("\n");
}

async function main(): Promise<void> {
  const note = runNote();
  const all = new Map<DeviceProfile, RunFigures[]>();
  for (const profile of DEVICE_PROFILES) all.set(profile, await benchProfile(profile));
  const body = section(all, note.line());
  console.log(body);
  if (process.env.BENCH_NO_WRITE) return;
  writeSection("profiles", body);
  console.log(`[bench] wrote ${PERFORMANCE_DOC}`);
}

await main();
process.exit(0);
