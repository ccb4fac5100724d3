// The read stream's limits as an operator meets them: the page's stream closes when the operator leaves the Live page;
// a unit already serving 2 streams says it is busy and the page goes live once one closes. One clock (docs/TESTING.md):
// the page's 1 s grace and the unit's Retry-After are moves of both clocks, not real waits.
import { PASSINGS_STREAM_PATH } from "@trc/protocol";
import { advanceClocks, type Device, expect, installClocks, test } from "./fixtures.ts";

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

test("the unit's streams follow the Live page: opened on it, closed after leaving it, busy while the unit serves 2", async ({
  page,
  device,
}) => {
  const open = async () => (await device.hooks.streamState()).open;
  const status = page.getByTestId("stream-status");
  const battery = page.getByRole("region", { name: "Battery" });
  await installClocks(page, device);

  await test.step("the stream is open only while the Live page is: leaving it closes the unit's stream", async () => {
    await page.goto("/telemetry");
    await expect(battery).toContainText("mAh");
    expect(await open()).toBe(0);
    await page.getByRole("link", { name: "Live", exact: true }).click();
    await expect(status).toHaveText("Live");
    await expect.poll(open).toBe(1);
    await page.getByRole("link", { name: "Telemetry", exact: true }).click();
    await expect(battery).toBeVisible();
    // Closed after the page's 1 s grace (a quick Back to Live keeps it).
    await advanceClocks(page, device, 1_000);
    await expect.poll(open, { timeout: 10_000 }).toBe(0);
  });

  await test.step("a unit serving 2 streams already: 'The unit is busy' with its reason, then Live once one closes", async () => {
    const held = [await holdStream(device), await holdStream(device)];
    try {
      await expect.poll(open).toBe(2);
      await page.getByRole("link", { name: "Live", exact: true }).click();
      await expect(status).toHaveText(
        "The unit is busy: At most 2 read streams at once: close one and try again",
      );
      expect(await open()).toBe(2);
      held.pop()?.close();
      await expect.poll(open).toBe(1);
      // The page asks again after the unit's Retry-After (5 s) and gets the freed slot.
      await advanceClocks(page, device, 5_000);
      await expect(status).toHaveText("Live", { timeout: 15_000 });
      await expect.poll(open).toBe(2);
    } finally {
      for (const h of held) h.close();
    }
  });
});
