// Helpers of the race control tests (D12): commands, the clock hook, the timing ports and dataset of a test unit.
import { API, TimingTelemetry } from "@trc/protocol";
import { expect } from "vitest";
import { Program } from "../src/net/test-program.ts";
import { testHooksClient } from "../src/test-hooks-client.ts";
import { type AnyJson, startTestDevice, type TestDevice } from "./helpers.ts";

/** A passing or read line: TAG;dd-mm-yyyy hh:mm:ss.ccc;ANT;SEQ;;R */
export const LINE = /^([^;]+);(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})\.(\d{3});(\d);(\d+);;([01])$/;

/** A command through the API, without credentials (race control is level 5). */
export async function execute(dev: TestDevice, cmd: string, args: string[] = []): Promise<AnyJson> {
  const { status, body } = await dev.postJson(API.commandExecute, { cmd, args });
  if (status !== 200) throw new Error(`${cmd} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** Moves the unit's clock on (everything due happens now) instead of waiting. */
export async function advance(dev: TestDevice, ms: number): Promise<void> {
  expect((await dev.postJson("/api/__test/clock", { advanceMs: ms })).status).toBe(200);
}

/** Where the unit's timing ports listen (the test hook, through the hooks client). */
export const timingPorts = (dev: TestDevice) => testHooksClient(dev.url).timingPorts();

/** GET /api/telemetry/timing, checked against its schema. */
export async function timing(dev: TestDevice): Promise<TimingTelemetry> {
  const { status, body } = await dev.getJson(API.telemetry("timing"));
  expect(status).toBe(200);
  return TimingTelemetry.parse(body);
}

export async function passings(dev: TestDevice): Promise<{ filtered: number; sent: number; left: number }> {
  return (await dev.getJson(API.telemetry("passings"))).body;
}

/** `tags` tags (100001...) passing within `seconds` from now, each read twice on one antenna. */
export const massStart = (dev: TestDevice, tags: number, seconds = 2) =>
  dev.postJson("/api/__test/scenario", {
    massStart: { tags, seconds, readsPerTag: [2, 2], antennas: [1, 1], seed: 4 },
  });

/** Stops (or starts again) every read of the unit: the living athletes', a mass start's, the test tag's. */
export async function readsStopped(dev: TestDevice, stopped: boolean): Promise<void> {
  expect((await dev.postJson("/api/__test/scenario", { readsStopped: stopped })).status).toBe(200);
}

/** Lines of the mass start's tags (100001...), not the living unit's athletes (200000...). */
export const massLines = (lines: readonly string[]) => lines.filter((l) => /^1\d{5};/.test(l));

const programs: Program[] = [];
/** Ends the programs the test connected (after each test: test/setup.ts). */
export function endPrograms(): void {
  for (const p of programs.splice(0)) p.end();
}

/** A timing program on one of the unit's ports (ended after the test). */
export async function connectProgram(dev: TestDevice, kind: "raw" | "filtered"): Promise<Program> {
  const port = (await timingPorts(dev))[kind];
  if (!port) throw new Error(`the ${kind} port is not listening`);
  const program = await Program.connect(port);
  programs.push(program);
  return program;
}

/** The answer lines of a program (not heartbeats, passings or RACESTART). */
export const answers = (p: Program) => p.data().filter((l) => !l.includes(";") && !l.startsWith("RACESTART"));

/** A test unit for race control: a 1 s heartbeat, and one passing per tag visit (reads_2b_sent FS, the first read's). */
export async function startTimingUnit(): Promise<TestDevice> {
  const dev = await startTestDevice({ testHooks: true, timingHeartbeatMs: 1000 });
  expect((await dev.postJson(API.configSet, { key: "reads_2b_sent", value: "FS", time: "t" })).status).toBe(
    200,
  );
  return dev;
}
