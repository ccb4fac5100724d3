// The read stream's limits as an operator meets them: a unit already serving 2 streams says it is busy and the page
// goes live once one closes; the page's stream closes when the operator leaves the Live page.
import { PASSINGS_STREAM_PATH } from "@trc/protocol";
import { type Device, expect, test } from "./fixtures.ts";
import { openLive } from "./live-helpers.ts";

/** Holds one of the unit's streams open from the test (as another console would) until `close`. */
async function holdStream(device: Device): Promise<{ close(): void }> {
  const stop = new AbortController();
  const res = await fetch(`${device.url}${PASSINGS_STREAM_PATH}`, { signal: stop.signal });
  expect(res.status).toBe(200);
  // Read it, so the unit never waits on this client.
  void res.body?.pipeTo(new WritableStream(), { signal: stop.signal }).catch(() => {
    // Closed by `close`.
  });
  return { close: () => stop.abort() };
}

test.afterEach(async ({ device }) => {
  await device.hooks.clearScenario();
  await device.hooks.resetStreamSettings();
});

test("a unit serving 2 streams already: 'The unit is busy' with its reason, then Live once one closes", async ({
  page,
  device,
}) => {
  const held = [await holdStream(device), await holdStream(device)];
  try {
    await expect.poll(async () => (await device.hooks.streamState()).open).toBe(2);
    await page.goto("/live");
    await expect(page.getByTestId("stream-status")).toHaveText(
      "The unit is busy: At most 2 read streams at once: close one and try again",
    );
    expect((await device.hooks.streamState()).open).toBe(2);
    held.pop()?.close();
    // The page asks again after the unit's Retry-After (5 s) and gets the freed slot.
    await expect(page.getByTestId("stream-status")).toHaveText("Live", { timeout: 15_000 });
    await expect.poll(async () => (await device.hooks.streamState()).open).toBe(2);
  } finally {
    for (const h of held) h.close();
  }
});

test("the stream is open only while the Live page is: leaving it closes the unit's stream", async ({
  page,
  device,
}) => {
  await page.goto("/telemetry");
  await expect(page.getByRole("region", { name: "Battery" })).toContainText("mAh");
  expect((await device.hooks.streamState()).open).toBe(0);
  await openLive(page);
  await expect.poll(async () => (await device.hooks.streamState()).open).toBe(1);
  await page.getByRole("link", { name: "Telemetry", exact: true }).click();
  await expect(page.getByRole("region", { name: "Battery" })).toBeVisible();
  // Closed after the page's 1 s grace (a quick Back to Live keeps it).
  await expect.poll(async () => (await device.hooks.streamState()).open, { timeout: 10_000 }).toBe(0);
});
