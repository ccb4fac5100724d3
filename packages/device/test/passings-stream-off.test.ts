// A unit without the read stream (DEVICE_STREAM=off): its path answers 404 with a reason; the counters still count.
import { PASSINGS_STREAM_PATH } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { optionsFromEnv } from "../src/options.ts";
import { startTestDevice, type TestDevice } from "./helpers.ts";

let dev: TestDevice;
beforeAll(async () => {
  dev = await startTestDevice({ readStream: false });
});
afterAll(() => dev.dispose());

describe("DEVICE_STREAM=off", () => {
  it("answers the stream's path 404 with the API's reason, and passings still counts reads", async () => {
    const res = await fetch(`${dev.url}${PASSINGS_STREAM_PATH}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: `No such API path: ${PASSINGS_STREAM_PATH}` });
    const seen = async () => ((await dev.getJson("/api/telemetry/passings")).body as { seen: number }).seen;
    const first = await seen();
    await expect.poll(seen, { timeout: 10_000 }).toBeGreaterThan(first);
  });

  it("reads on/off from the environment and refuses anything else", () => {
    expect(optionsFromEnv({}).readStream).toBe(true);
    expect(optionsFromEnv({ DEVICE_STREAM: "off" }).readStream).toBe(false);
    expect(optionsFromEnv({ DEVICE_STREAM: " ON " }).readStream).toBe(true);
    expect(() => optionsFromEnv({ DEVICE_STREAM: "no" })).toThrow(
      'DEVICE_STREAM must be on or off, got "no"',
    );
  });
});
