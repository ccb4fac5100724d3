// Fault hook `probability`: only that fraction of matching answers fails (e.g. 5 % of firmware chunks for the benchmark).
import { API } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FaultTable } from "../src/middleware/faults.ts";
import { startTestDevice, type TestDevice } from "./helpers.ts";

describe("FaultTable with a probability", () => {
  it("fails a matching answer only when the draw is below the probability, and counts only failures", () => {
    const draws = [0.5, 0.01, 0.9, 0.04, 0.06, 0.0];
    const table = new FaultTable(() => draws.shift() ?? 1);
    table.add({ path: API.firmwareUpdate, status: 500, count: 2, probability: 0.05 });
    const taken = Array.from({ length: 6 }, () => table.take(API.firmwareUpdate)?.status ?? null);
    expect(taken).toEqual([null, 500, null, 500, null, null]);
    expect(table.pending).toEqual([]);
  });

  it("without a probability fails every matching answer, as before", () => {
    const table = new FaultTable(() => 0.99);
    table.add({ path: API.firmwareUpdate, status: 503, count: 2 });
    expect([table.take(API.firmwareUpdate)?.status, table.take(API.firmwareUpdate)?.status]).toEqual([
      503, 503,
    ]);
    expect(table.take(API.firmwareUpdate)).toBeUndefined();
  });
});

describe("POST /api/__test/fault with a probability", () => {
  let dev: TestDevice;
  beforeAll(async () => {
    dev = await startTestDevice({ testHooks: true });
  });
  afterAll(() => dev.dispose());

  it("accepts a probability above 0 and at most 1 and echoes it", async () => {
    const res = await dev.postJson("/api/__test/fault", {
      path: API.configGet,
      status: 500,
      count: 5,
      probability: 0.25,
    });
    expect(res.status).toBe(200);
    expect(res.body.added).toEqual({ path: API.configGet, status: 500, count: 5, probability: 0.25 });
    await dev.call("/api/__test/fault", { method: "DELETE" });
  });

  it.each([0, -0.1, 1.5, "0.5", null])("refuses probability %j", async (probability) => {
    const res = await dev.postJson("/api/__test/fault", { path: API.configGet, status: 500, probability });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("probability must be a number above 0 and at most 1");
  });

  it("with probability 1 fails the next answers like a plain fault", async () => {
    await dev.postJson("/api/__test/fault", { path: API.configGet, status: 503, count: 1, probability: 1 });
    expect((await dev.call(API.configGet)).status).toBe(503);
    expect((await dev.call(API.configGet)).status).toBe(200);
  });
});
