// The fleet page reading a broker (issue 21 §2), against the embedded Aedes and Debian's Mosquitto, one journey per
// broker: a refused login and a URL that is not a broker say so; units appear with their names and figures beside the
// polled row; a broker outage loses no read; an abrupt death reads Offline; Open switches to a broker unit.
import type { RunningBroker } from "@trc/device";
import { BROKER_RETRY_MS } from "../src/api/mqtt.ts";
import { advanceClocksUntil, expect, installClocks, test } from "./fixtures.ts";
import {
  addBroker,
  BROKER_KINDS,
  type BrokerUnit,
  brokerState,
  passingsOf,
  removeBroker,
  setReading,
  startBrokerOf,
  startBrokerUnit,
} from "./fleet-broker-helpers.ts";
import { cell, colOf, ownRow, row, rows } from "./fleet-helpers.ts";

/** A broker with two units publishing to it. */
async function brokerWithUnits(kind: (typeof BROKER_KINDS)[number]): Promise<[RunningBroker, BrokerUnit[]]> {
  const broker = await startBrokerOf(kind);
  const units = await Promise.allSettled([
    startBrokerUnit(broker, "FINISH-A", "finish-a"),
    startBrokerUnit(broker, "SPLIT-B", "split-b"),
  ]);
  const up = units.flatMap((u) => (u.status === "fulfilled" ? [u.value] : []));
  const failed = units.find((u) => u.status === "rejected");
  if (failed) {
    await Promise.all(up.map((u) => u.close()));
    await broker.close();
    throw failed.reason;
  }
  return [broker, up];
}

for (const kind of BROKER_KINDS) {
  test(`fleet page on a broker (${kind}): a refusing broker, every unit a row, an outage losing no read, a will, Open`, async ({
    page,
    device,
  }) => {
    test.setTimeout(90_000);
    // The brokers and the units boot while the page loads.
    const lockedStart = startBrokerOf(kind, { username: "timer", password: "right-one" });
    const mainStart = brokerWithUnits(kind);
    // Awaited below (and in `finally`); until then a failure must not count as an unhandled rejection.
    for (const start of [lockedStart, mainStart]) start.catch(() => {});
    try {
      // The page on its unit's clock (running on): the page's 3 s before it tries a lost broker again is a move.
      await installClocks(page, device);
      await page.goto("/fleet");
      const [locked, [broker, units]] = await Promise.all([lockedStart, mainStart]);
      const [first, second] = units;
      if (!first || !second) throw new Error("no unit");

      await test.step("a refused login and a URL that is not a broker each say so; the polled row keeps working", async () => {
        await addBroker(page, locked.wsUrl, "timer", "wrong-one");
        await expect(brokerState(page, locked.wsUrl)).toHaveText(
          `The broker at ${locked.wsUrl} refused the login (bad user name or password)`,
        );
        const notBroker = `ws://127.0.0.1:${device.port}`;
        await addBroker(page, notBroker);
        await expect(brokerState(page, notBroker)).toHaveText(
          `No MQTT broker answers at ${notBroker} (trying again every 3 s)`,
        );
        const here = ownRow(page);
        await expect(here).toHaveAttribute("data-state", "online");
        await expect(rows(page)).toHaveCount(1);
        // The password stays in this tab's sessionStorage, never in localStorage.
        expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain("wrong-one");
        expect(await page.evaluate(() => sessionStorage.getItem("trcBrokerAuth"))).toContain("wrong-one");

        // The right password: connected (no unit publishes there: 0 heard).
        await removeBroker(page, locked.wsUrl);
        await addBroker(page, locked.wsUrl, "timer", "right-one");
        await expect(brokerState(page, locked.wsUrl)).toHaveText(
          `Connected to ${locked.wsUrl}: 0 units heard`,
        );
        // Both removed: the next step starts with no broker.
        await removeBroker(page, locked.wsUrl);
        await removeBroker(page, notBroker);
        await expect(page.getByTestId("fleet-broker")).toHaveCount(0);
      });

      await test.step("every unit on the broker is a row with its name and figures, beside the polled unit", async () => {
        await addBroker(page, broker.wsUrl);
        await expect(brokerState(page, broker.wsUrl)).toHaveText(
          `Connected to ${broker.wsUrl}: 2 units heard`,
        );
        await expect(rows(page)).toHaveCount(3);
        for (const unit of units) {
          const seen = (await passingsOf(unit.url)).seen;
          const firmware = (await (await fetch(`${unit.url}/api/telemetry/firmware`)).json()).version;
          await expect(row(page, unit.name)).toHaveAttribute("data-state", "online");
          await expect(cell(page, unit.name, "source")).toHaveText(`Broker ${broker.wsUrl}`);
          await expect(cell(page, unit.name, "seen")).toHaveText(String(seen));
          await expect(cell(page, unit.name, "firmware")).toHaveText(firmware);
          await expect(cell(page, unit.name, "battery")).toHaveText(/^\d+ %( charging)?$/);
          // Its timing telemetry (D11, D12): it booted in test mode.
          await expect(cell(page, unit.name, "timing")).toHaveText("Test");
          await expect(cell(page, unit.name, "programs")).toHaveText("0");
          await expect(row(page, unit.name)).toContainText(`MQTT ${unit.clientId}`);
        }
        // The polled row keeps working beside them.
        const here = ownRow(page);
        await expect(here).toHaveAttribute("data-state", "online");
        await expect(colOf(here, "source")).toHaveText("Polled");
        await expect(page.getByTestId("fleet-summary")).toHaveText(/^3 units: 3 online, 0 offline/);
        // The address and user name are kept; nothing of a password in localStorage.
        expect(await page.evaluate(() => localStorage.getItem("fleetBrokers"))).toBe(
          JSON.stringify([{ url: broker.wsUrl, username: "" }]),
        );
      });

      await test.step("a broker outage loses no read: after it the row's Passings equal the unit's", async () => {
        const unit = second;
        await expect(row(page, unit.name)).toHaveAttribute("data-state", "online");
        const before = (await passingsOf(unit.url)).seen;
        await broker.stop();
        await expect(brokerState(page, broker.wsUrl)).toContainText(`Lost the broker at ${broker.wsUrl}`);
        // Reads made while the broker is away count in Left.
        await setReading(unit.url, true);
        await expect
          .poll(async () => (await passingsOf(unit.url)).left, { timeout: 15_000 })
          .toBeGreaterThan(0);
        await setReading(unit.url, false);
        const during = await passingsOf(unit.url);
        expect(during.seen).toBeGreaterThan(before);
        await broker.start();
        // The page's next try, due 3 s after it lost the broker, made now, and again until it connects (a broker
        // process may take its connections a moment after it started; the units try every second on their own).
        const connected = () =>
          brokerState(page, broker.wsUrl)
            .textContent()
            .then((t) => t?.startsWith(`Connected to ${broker.wsUrl}`) ?? false);
        await advanceClocksUntil(page, device, BROKER_RETRY_MS, connected, { timeout: 15_000 });
        await expect(cell(page, unit.name, "seen")).toHaveText(String(during.seen), { timeout: 15_000 });
        await expect(row(page, unit.name)).toHaveAttribute("data-state", "online");
        await expect.poll(async () => (await passingsOf(unit.url)).left, { timeout: 15_000 }).toBe(0);
        expect((await passingsOf(unit.url)).seen).toBe(during.seen);
      });

      await test.step("a unit killed without a goodbye reads Offline from its will; the other stays Online", async () => {
        // The unit of the outage dies: Open (next) takes the other.
        const [victim, other] = [second, first];
        await expect(row(page, victim.name)).toHaveAttribute("data-state", "online");
        await victim.kill();
        // D11: the broker sends the unit's will (within 1.5 × keep-alive at worst; a dead socket, at once). Offline
        // from the will, not from the 60 s of silence (brokerUnits.test.ts proves both rules on a fake clock): the
        // row says the unit said offline. The wait is a limit on the test, not a rule of the page.
        await expect(row(page, victim.name)).toHaveAttribute("data-state", "offline", { timeout: 45_000 });
        await expect(
          row(page, victim.name).locator(
            'td[title="The unit said offline (its will or a clean disconnect)"]',
          ),
        ).toHaveCount(1);
        await expect(cell(page, victim.name, "alarms")).toHaveText("Unit offline");
        await expect(row(page, other.name)).toHaveAttribute("data-state", "online");
        await expect(page.getByTestId("fleet-summary")).toHaveText(/^3 units: 2 online, 1 offline/);
      });

      await test.step("Open switches the console to a broker unit named by its identity's address", async () => {
        await expect(row(page, first.name)).toHaveAttribute("data-state", "online");
        await row(page, first.name).getByRole("button", { name: "Open" }).click();
        await expect(page).toHaveURL(/\/telemetry$/);
        await expect(page).toHaveTitle(`TRC | ${first.name}`);
        expect(
          await page.evaluate(() => JSON.parse(localStorage.getItem("generalSettings") ?? "{}").rootAPI),
        ).toBe(first.url);
      });
    } finally {
      const [locked, main] = await Promise.allSettled([lockedStart, mainStart]);
      if (main.status === "fulfilled") {
        const [broker, units] = main.value;
        await Promise.all(units.map((u) => u.close()));
        await broker.close();
      }
      if (locked.status === "fulfilled") await locked.value.close();
    }
  });
}
