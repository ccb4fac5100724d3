// Reliability (issue 23, finding 5): on the esp32 profile 4 connections trickling their bodies do not take the 4 handler slots.
import { API, makeTestImage } from "@trc/protocol";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestDevice, type TestDevice } from "../helpers.ts";
import { type HeldRequest, holdRequest } from "./held-requests.ts";

let dev: TestDevice;
beforeAll(async () => {
  dev = await startTestDevice({ profile: "esp32" });
});
afterAll(() => dev.dispose());

it("GET answers while 4 bodies trickle; each trickle is dropped (408 or closed) within about 5 s", {
  timeout: 20_000,
}, async () => {
  const body = JSON.stringify({ key: "ap_ssid", value: "SLOW-LORIS", time: "t" });
  const slow: HeldRequest[] = Array.from({ length: 4 }, () => holdRequest(dev.url, API.configSet, body));
  const started = Date.now();
  let sent = 0;
  const trickle = setInterval(() => {
    sent++;
    for (const s of slow) s.write(body.charAt(sent));
  }, 1000);
  try {
    const outcomes = slow.map((s) =>
      s.answer.then(
        (a) => ({ status: a.status, after: Date.now() - started }),
        () => ({ status: 0, after: Date.now() - started }),
      ),
    );
    // The console's page and its first call go through while all four trickle.
    for (let i = 0; i < 3; i++) {
      const t0 = Date.now();
      const res = await fetch(`${dev.url}/`, { signal: AbortSignal.timeout(3000) });
      expect(res.status).toBeLessThan(500);
      await res.arrayBuffer();
      const name = await fetch(`${dev.url}${API.deviceName}`, { signal: AbortSignal.timeout(3000) });
      expect(name.status).toBe(200);
      expect(Date.now() - t0).toBeLessThan(1500);
    }
    for (const o of await Promise.all(outcomes)) {
      expect([0, 408]).toContain(o.status);
      expect(o.after).toBeGreaterThanOrEqual(4500);
      expect(o.after).toBeLessThan(8000);
    }
  } finally {
    clearInterval(trickle);
    for (const s of slow) s.abort();
  }
  expect((await dev.getJson(API.configGet)).body.ap_ssid).toBe("DECODER-AP");
});

it("complete bodies still go through: a JSON set and a multipart firmware chunk", async () => {
  const set = await dev.postJson(API.configSet, { key: "ap_ssid", value: "FAST-AP", time: "t" });
  expect(set).toEqual({ status: 200, body: { key: "ap_ssid", value: "FAST-AP", time: "t" } });
  await dev.postJson(API.configSet, { key: "ap_ssid", value: "DECODER-AP", time: "t" });
  const image = makeTestImage({ size: 8192, version: "9.9.9-esp32", seed: 7 });
  const form = new FormData();
  form.set("flSize", String(image.length));
  form.set("offset", "0");
  form.set("chunk", new Blob([image.slice(0, 4096)]), "chunk.bin");
  const res = await dev.call(API.firmwareUpdate, { method: "POST", body: form });
  expect(res.status).toBe(200);
});
