// Helpers of the D14 tests: a timing unit with a receiver on loopback, the upload's state, waiting for it to drain,
// and what the unit stored against what the receiver kept.
import { join } from "node:path";
import { API, type UploadPassing, type UploadTelemetry } from "@trc/protocol";
import { expect } from "vitest";
import { type RunningReceiver, startReceiver } from "../src/receiver/receiver.ts";
import { parseTimingFile } from "../src/timing/replay.ts";
import { type AnyJson, type TestDevice, tempDir } from "./helpers.ts";
import { advance, execute, timing } from "./timing-helpers.ts";

const receivers: RunningReceiver[] = [];

/** A receiver on loopback (closed after the file: closeReceivers). */
export async function receiver(lines?: string[]): Promise<RunningReceiver> {
  const r = await startReceiver({
    dir: join(await tempDir("trc-receiver-"), "kept"),
    ...(lines ? { log: (line: string) => lines.push(line) } : {}),
  });
  receivers.push(r);
  return r;
}

export async function closeReceivers(): Promise<void> {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
}

/** Sets one configuration value (no credentials), expecting 200. */
export async function setConfig(dev: TestDevice, key: string, value: unknown): Promise<AnyJson> {
  const { status, body } = await dev.postJson(API.configSet, { key, value, time: "t" });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

/** The timing dataset's upload (checked against the schema by `timing`). */
export async function upload(dev: TestDevice): Promise<UploadTelemetry | null | undefined> {
  return (await timing(dev)).upload;
}

/**
 * Moves the unit's clock on in steps until the server has everything (left 0, state ok), twice in a row: a passing
 * made just now is counted once its row is in the timing file (the next tick's write).
 */
export async function drained(dev: TestDevice, stepMs = 1000, steps = 200): Promise<UploadTelemetry> {
  let seen = false;
  for (let i = 0; i < steps; i++) {
    const u = await upload(dev);
    const done = !!u && u.left === 0 && u.state === "ok";
    if (u && done && seen) return u;
    seen = done;
    await advance(dev, stepMs);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not drained: ${JSON.stringify(await upload(dev))}`);
}

/** Moves the clock on until `check` passes on the upload's state. */
export async function uploadUntil(
  dev: TestDevice,
  check: (u: UploadTelemetry) => boolean,
  stepMs = 500,
  steps = 200,
): Promise<UploadTelemetry> {
  for (let i = 0; i < steps; i++) {
    const u = await upload(dev);
    if (u && check(u)) return u;
    await advance(dev, stepMs);
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`upload never got there: ${JSON.stringify(await upload(dev))}`);
}

/** A session's passings as the unit's timing file holds them (what it must deliver), in D14's form. */
export async function storedPassings(dev: TestDevice, session: string): Promise<UploadPassing[]> {
  const res = await dev.call(API.fileDownload(session));
  expect(res.status).toBe(200);
  return parseTimingFile(await res.text()).map((p) => ({
    n: p.n,
    tag: p.tag,
    time: p.time,
    ant: p.ant === null ? 0 : p.ant + 1,
    rssi: p.rssi,
    reads: p.reads,
  }));
}

/** Starts timing (with the test's settings) and answers the session's file. */
export async function startSession(dev: TestDevice): Promise<string> {
  return (await execute(dev, "TIMING_START")).file as string;
}

/** What the receiver kept of a session, by number. */
export async function keptPassings(r: RunningReceiver, session: string, device = "DECODER-01") {
  return [...(await r.store.passings(device, session))].sort((a, b) => a.n - b.n);
}

/**
 * Every passing the unit stored in `session` is at the receiver, once, as stored: checked again while the clock moves
 * on (a passing made just before is in the timing file once its write is done, then posted), then asserted.
 */
export async function allKept(dev: TestDevice, r: RunningReceiver, session: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const [kept, stored] = [await keptPassings(r, session), await storedPassings(dev, session)];
    if (JSON.stringify(kept) === JSON.stringify(stored)) return;
    await advance(dev, 1000);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const [kept, stored] = [await keptPassings(r, session), await storedPassings(dev, session)];
  expect(kept, `the upload: ${JSON.stringify(await upload(dev))}`).toEqual(stored);
}
