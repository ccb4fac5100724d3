// Device Time on a jittery unit (5–60 ms random waits around its clock read): the sync and its error bound.
import { expect, expectOffsetHolds, test } from "./fixtures.ts";
import { openDeviceTime } from "./telemetry-helpers.ts";

const OFFSET_MS = 250;
test.use({ deviceEnv: { DEVICE_CLOCK_OFFSET_MS: String(OFFSET_MS), DEVICE_TIME_JITTER_MS: "5,60" } });

test("on a jittery unit Requery uses all 15 attempts and its bound holds the true offset", async ({
  page,
  device,
}) => {
  const { time, verdict } = await openDeviceTime(page);
  await device.hooks.clearLog();
  await time.getByRole("button", { name: "Requery" }).click();
  await expect(verdict).toContainText(/\d of 5 good samples, attempt \d+ of 15/);
  // 250 ms off with a network delay of about 30 ms: more than 5 × the delay, under 2000 ms.
  await expect(verdict).toHaveAttribute("data-accuracy", "SOMEWHAT_ACCURATE", { timeout: 20_000 });
  await expect(verdict).toContainText("Accurate*");
  // Round trips spread over 10–120 ms: hardly any come within 2 ms of the fastest, so every attempt is made.
  const asked = (await device.hooks.log()).filter((e) => e.path === "/api/telemetry/time/sources");
  expect(asked).toHaveLength(15);
  const shown = (await time.getByTestId("time-offset").textContent()) ?? "";
  const bound = Number(/± (\d+) ms/.exec(shown)?.[1]);
  // An honest bound: never under the unit's 5 ms waits on each side. The 15 attempts together bring it under the
  // network delay shown (half the mean round trip: what one sample would give), measured on this run: a busy machine
  // lengthens both (CI saw a bound of 22 ms against an old fixed 20).
  const delayText = (await time.getByTestId("time-delay").textContent()) ?? "";
  const delay = Number(/^Network delay(\d+) ms$/.exec(delayText)?.[1]);
  expect(bound).toBeGreaterThanOrEqual(5);
  expect(bound, `bound ${bound} ms, ${delayText}`).toBeLessThan(delay);
  // The browser and the unit share this machine's clock.
  await expectOffsetHolds(time.getByTestId("time-offset"), OFFSET_MS);
});
