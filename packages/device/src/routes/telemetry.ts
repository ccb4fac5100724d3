// GET /api/telemetry/{dataset} for every dataset (SPEC §7's and D12's timing), each answer checked against its schema.
import { API, UNIT_DATASET_SCHEMAS, UNIT_DATASETS } from "@trc/protocol";
import type { Device } from "../device.ts";
import { type DeviceApp, endpoint, fail, sleep } from "../http.ts";
import { randomBetween } from "../sim/noise.ts";
import { NotFitted } from "../sim/telemetry.ts";

export function telemetryRoutes(app: DeviceApp, device: Device): void {
  const jitter = device.options.timeJitterMs;
  for (const dataset of UNIT_DATASETS) {
    endpoint(app, API.telemetry(dataset), {
      GET: async (c) => {
        // For clock benchmarks: a random wait before reading the clock and another after.
        const wait = () =>
          jitter && dataset === "time/sources"
            ? sleep(randomBetween(device.latencyRandom, jitter[0], jitter[1]))
            : null;
        await wait();
        const value = await device.telemetry(dataset);
        await wait();
        // D13: a unit without GPS answers gnss 404.
        if (value instanceof NotFitted) return fail(c, 404, value.reason);
        const checked = UNIT_DATASET_SCHEMAS[dataset].safeParse(value);
        if (!checked.success) return fail(c, 500, `The ${dataset} reading does not fit the contract`);
        c.header("Cache-Control", "no-store");
        return c.json(value as object);
      },
    });
  }
}
