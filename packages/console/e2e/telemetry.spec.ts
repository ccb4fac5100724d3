// Telemetry dashboard against the emulated uhf unit, one load: every card's values, states, errors, wrong fields,
// refresh, history, 2 in flight, and auto refresh 21 minutes on (one clock for the page and the unit).
import type { Page } from "@playwright/test";
import {
  batteryPercent,
  berPercent,
  cellularId,
  hoursMinutes,
  partitionText,
  storageSize,
  usedPercent,
} from "../src/shared/readings/telemetryFormat.ts";
import { asked } from "./alarms-helpers.ts";
import { advanceClocks, expect, installClocks, test } from "./fixtures.ts";
import { dashboardSettled, firstAnswers, type Json, telemetryCards } from "./telemetry-helpers.ts";

const CARDS = [
  ["card-battery", "Battery"],
  ["card-firmware", "Firmware"],
  ["card-storage", "Storage"],
  ["card-temps", "Temps"],
  ["card-interfaces", "Interfaces"],
  ["card-time", "Device Time"],
  ["card-passings", "Passings"],
  ["card-uhf", "UHF Antennas"],
  ["card-cellular", "Cellular"],
] as const;

/** The datasets whose first answer the cards show. */
const SHOWN = [
  "battery",
  "firmware",
  "storage",
  "hw/temp",
  "networking/interfaces",
  "passings",
  "uhf/ports",
  "cellular",
  "cellular/ant",
];

/** The datasets the alarm watch keeps fresh (src/alarms/useAlarmWatch.ts). */
const ALARM_WATCHED = ["battery", "storage", "hw/temp", "cellular", "uhf/ports", "passings"];

const card = (page: Page, id: string) => page.getByTestId(id);

test("the dashboard: nine cards in order with the unit's values and history; refresh, a 500, a wrong shape, auto refresh", async ({
  page,
  device,
}) => {
  await device.hooks.resetStats();
  await device.hooks.clearLog();
  // The page on the unit's clock (running on): the last step jumps 21 minutes on both.
  await installClocks(page, device);
  const sent = firstAnswers(page, SHOWN);
  await page.goto("/");

  await test.step("the nine cards are in the spec's order and every card loads", async () => {
    const titles = telemetryCards(page).getByRole("heading", { level: 2 });
    await expect(titles).toHaveText(CARDS.map(([, t]) => t));
    for (const [id] of CARDS) await expect(card(page, id)).toHaveAttribute("data-state", "loaded");
    for (const [id] of CARDS) {
      for (const caption of await card(page, id).getByTestId("auto-caption").allTextContents()) {
        expect(caption).toMatch(/^(\S+: )?(Auto: ON \(([1-9]|1\d|20) min\)|Auto: OFF \(0 min\))$/);
      }
      await expect(card(page, id).getByRole("button", { name: /^Refresh / })).toBeVisible();
    }
    const stats = await device.hooks.stats();
    // The dashboard asks for ten datasets at once: the unit never held more than 2 (a broken gate would let them all
    // through). Exactly 2 depends on how fast the unit answers on a busy machine (CI saw 1), so it is not asserted.
    expect(stats.maxInFlight).toBeGreaterThanOrEqual(1);
    expect(stats.maxInFlight).toBeLessThanOrEqual(2);
  });

  await test.step("every card shows the values the device sent", async () => {
    await expectValuesSent(page, await sent());
  });

  await test.step("battery, temps and passings draw their history once there are two readings", async () => {
    // Every card loaded and the clock sync done: the cards above Passings no longer change height under the click.
    await dashboardSettled(page);
    const passings = card(page, "card-passings");
    expect(await asked(device, "passings")).toBe(1);
    await expect(passings.getByRole("img", { name: /^Seen history/ })).toHaveCount(0);
    for (const [id, title, dataset] of [
      ["card-passings", "Passings", "passings"],
      ["card-battery", "Battery", "battery"],
      ["card-temps", "Temps", "hw/temp"],
    ] as const) {
      const before = await asked(device, dataset);
      await card(page, id)
        .getByRole("button", { name: `Refresh ${title}` })
        .click();
      // The unit was asked again, and its answer is on the card (data-state alone may still read the last load).
      await expect.poll(() => asked(device, dataset)).toBe(before + 1);
      await expect(card(page, id)).toHaveAttribute("data-state", "loaded");
    }
    // The readings the unit gave since the page opened (2 unless the 30 s alarm watch came round meanwhile).
    const readings = async (dataset: string) =>
      `${await asked(device, dataset)} readings since the page opened`;
    await expect(
      passings.getByRole("img", { name: `Seen history: ${await readings("passings")}` }),
    ).toBeVisible();
    await expect(
      card(page, "card-battery").getByRole("img", {
        name: `Battery charge history: ${await readings("battery")}`,
      }),
    ).toBeVisible();
    await expect(
      card(page, "card-temps")
        .getByRole("img", { name: new RegExp(`temperature history: ${await readings("hw/temp")}`) })
        .first(),
    ).toBeVisible();
  });

  await test.step("the refresh button asks the device again", async () => {
    const storage = card(page, "card-storage");
    await expect(storage).toHaveAttribute("data-state", "loaded");
    // The device keeps only its last 200 requests: start from an empty log so the count cannot saturate.
    await device.hooks.clearLog();
    const before = await asked(device, "storage");
    await storage.getByRole("button", { name: "Refresh Storage" }).click();
    await expect.poll(() => asked(device, "storage")).toBe(before + 1);
    await expect(storage).toHaveAttribute("data-state", "loaded");
  });

  await test.step("an injected 500 empties the card and shows the error as raw text", async () => {
    const battery = card(page, "card-battery");
    await expect(battery).toHaveAttribute("data-state", "loaded");
    await expect(battery.getByTestId("battery-state")).toBeVisible();
    const before = await asked(device, "battery");
    await device.hooks.fault({ path: "/api/telemetry/battery", status: 500, count: 1 });
    await battery.getByRole("button", { name: "Refresh Battery" }).click();
    await expect(battery).toHaveAttribute("data-state", "errored");
    await expect(battery.getByTestId("card-error")).toContainText('"status":500');
    await expect(battery.getByTestId("battery-state")).toHaveCount(0);
    await expect(battery.getByTestId("battery-charge")).toHaveCount(0);
    // The other cards keep their data.
    await expect(card(page, "card-firmware").getByTestId("firmware-version")).toBeVisible();
    // The next refresh is answered again and fills the card.
    await battery.getByRole("button", { name: "Refresh Battery" }).click();
    await expect(battery).toHaveAttribute("data-state", "loaded");
    await expect(battery.getByTestId("card-error")).toHaveCount(0);
    await expect(battery.getByTestId("battery-state")).toBeVisible();
    // Both refreshes reached the unit.
    expect((await asked(device, "battery")) - before).toBeGreaterThanOrEqual(2);
  });

  await test.step("a wrong-shaped answer shows the valid fields and names the wrong one", async () => {
    const battery = card(page, "card-battery");
    await expect(battery).toHaveAttribute("data-state", "loaded");
    const wrong = {
      state: "CHARGING",
      percentage: "full",
      capacity: 4000,
      current: 850,
      time_full: 95,
      time_empty: 0,
    };
    await device.hooks.fault({ path: "/api/telemetry/battery", status: 200, count: 1, body: wrong });
    await battery.getByRole("button", { name: "Refresh Battery" }).click();
    await expect(battery.getByTestId("card-issues")).toHaveText(
      "Wrong field: percentage (expected number, got string)",
    );
    await expect(battery.getByTestId("battery-state")).toContainText("CHARGING");
    await expect(battery.getByTestId("battery-current")).toHaveText("Current850 mA");
    await expect(battery.getByTestId("battery-time")).toHaveText("Time to full1 h 35 min");
    await expect(battery.getByTestId("battery-charge")).toContainText("— / 4000 mAh · —");
  });

  await test.step("datasets with Auto: ON are fetched again when their interval passes; Auto: OFF ones are not", async () => {
    const minutes = new Map<string, number>();
    for (const c of await page.getByTestId("auto-caption").all()) {
      const text = (await c.textContent()) ?? "";
      const m = /Auto: (ON \((\d+) min\)|OFF \(0 min\))$/.exec(text);
      expect(m, text).not.toBeNull();
      minutes.set((await c.getAttribute("data-dataset")) ?? "", Number(m?.[2] ?? 0));
    }
    expect(minutes.size).toBe(10);
    const counts = async () => {
      const log = await device.hooks.log();
      return new Map(
        [...minutes.keys()].map((ds) => [ds, log.filter((e) => e.path === `/api/telemetry/${ds}`).length]),
      );
    };
    // The device keeps only its last 200 requests: start from an empty log so the counts cannot saturate.
    await device.hooks.clearLog();
    const before = await counts();
    // Past the longest interval (20 min) on both clocks: every page timer that is due fires (once), and the unit has
    // lived those minutes when it answers.
    await advanceClocks(page, device, 21 * 60_000);
    const on = [...minutes].filter(([, m]) => m > 0).map(([ds]) => ds);
    for (const ds of on) {
      await expect
        .poll(async () => (await counts()).get(ds), { message: ds })
        .toBeGreaterThan(before.get(ds) ?? 0);
    }
    for (const ds of on)
      await expect(page.locator(`[data-dataset="${ds}"]`)).toHaveAttribute("data-state", "loaded");
    const after = await counts();
    for (const [ds, m] of minutes) {
      // time/sources is also read by the clock sync, which never runs by itself. The alarm watch reads its datasets
      // every 30 s on every page (docs/ALARMS.md), whatever their card's caption says.
      if (m === 0 && !ALARM_WATCHED.includes(ds)) expect(after.get(ds), ds).toBe(before.get(ds));
    }
  });
});

/** What each card shows is what the unit sent in its first answer of each dataset. */
async function expectValuesSent(page: Page, data: Record<string, Json>): Promise<void> {
  const b = data.battery as Json;
  const pct = batteryPercent(b.percentage);
  const battery = card(page, "card-battery");
  await expect(battery.getByTestId("battery-state")).toContainText(b.state);
  await expect(battery.getByTestId("battery-charge")).toContainText(
    `${Math.round((b.capacity * pct) / 100)} / ${b.capacity} mAh · ${Math.round(pct)}%`,
  );
  await expect(battery.getByTestId("battery-current")).toHaveText(`Current${b.current} mA`);
  await expect(battery.getByTestId("battery-time")).toHaveText(
    b.state === "CHARGING"
      ? `Time to full${hoursMinutes(b.time_full)}`
      : `Time To Empty${hoursMinutes(b.time_empty)}`,
  );

  const f = data.firmware as Json;
  const firmware = card(page, "card-firmware");
  await expect(firmware.getByTestId("firmware-version")).toContainText(f.version);
  await expect(firmware.getByTestId("firmware-compile")).toContainText(f.compileTime);
  await expect(firmware.getByTestId("firmware-partition")).toContainText(partitionText(f.partition));
  await expect(firmware.getByTestId("firmware-watchdog")).toContainText(f.otaWatchDog);

  const s = data.storage as Json;
  await expect(card(page, "card-storage").getByTestId("storage-used")).toContainText(
    `${storageSize(s.used)} / ${storageSize(s.total)} · ${usedPercent(s.used, s.total)}%`,
  );

  const temps = card(page, "card-temps").getByTestId("temp-tile");
  await expect(temps).toHaveCount((data["hw/temp"] as Json).temps.length);
  for (const [i, t] of (data["hw/temp"] as Json).temps.entries()) {
    await expect(temps.nth(i)).toContainText(t.name);
    await expect(temps.nth(i)).toContainText(`${t.temp.toFixed(1)} °C`);
  }

  const ifaces = card(page, "card-interfaces").getByTestId("interface-tile");
  const sentIfaces = (data["networking/interfaces"] as Json).interfaces as Json[];
  await expect(ifaces).toHaveCount(sentIfaces.length);
  for (const [i, n] of sentIfaces.entries()) {
    await expect(ifaces.nth(i)).toContainText(n.name);
    await expect(ifaces.nth(i)).toContainText(n.isConnected ? "Connected" : "Disconnected");
    // The marker's colour as drawn (light theme's --green / --red).
    await expect(ifaces.nth(i).locator("[data-connected]")).toHaveCSS(
      "background-color",
      n.isConnected ? "rgb(26, 127, 55)" : "rgb(198, 40, 40)",
    );
    await expect(ifaces.nth(i).getByText("is primary")).toHaveCount(n.isPrimary ? 1 : 0);
  }

  const p = data.passings as Json;
  for (const [key, label] of [
    ["seen", "Seen"],
    ["filtered", "Filtered"],
    ["unique", "Unique"],
    ["sent", "Sent"],
    ["left", "Left"],
    ["delta", "Delta"],
  ]) {
    await expect(card(page, "card-passings").getByTestId(`passings-${key}`)).toHaveText(
      `${label}${p[key as string]}`,
    );
  }

  const channels = card(page, "card-uhf").getByTestId("uhf-channel");
  const sentChannels = (data["uhf/ports"] as Json).channels as Json[];
  expect(sentChannels.length).toBeGreaterThan(0);
  await expect(channels).toHaveCount(sentChannels.length);
  for (const [i, c] of sentChannels.entries()) {
    await expect(channels.nth(i)).toContainText(`Ch ${c.id + 1}`);
    await expect(channels.nth(i)).toContainText(c.ant ? "Antenna" : "No antenna");
    await expect(channels.nth(i)).toContainText(`Reads ${c.reads}`);
    await expect(channels.nth(i)).toContainText(`Loss ${c.loss.toFixed(1)} dB`);
    await expect(channels.nth(i)).toContainText(`Power ${c.pwr.toFixed(1)} dB`);
    await expect(channels.nth(i)).toContainText(/no antenna|poor|fine/);
  }

  const cell = data.cellular as Json;
  const ant = data["cellular/ant"] as Json;
  const cellular = card(page, "card-cellular");
  await expect(cellular.getByTestId("cell-power")).toContainText(cell.power);
  await expect(cellular.getByTestId("cell-connection")).toContainText(cell.connection);
  await expect(cellular.getByTestId("cell-imei")).toContainText(cellularId("IMEI", cell.imei));
  await expect(cellular.getByTestId("cell-imsi")).toContainText(cellularId("IMSI", cell.imsi));
  await expect(cellular.getByTestId("cell-iccid")).toContainText(cellularId("ICCID", cell.iccid));
  await expect(cellular.getByTestId("cell-rssi")).toHaveText(`RSSI${ant.rssi} dBm`);
  await expect(cellular.getByTestId("cell-ber")).toHaveText(`BER${berPercent(ant.ber)}`);
  await expect(cellular.getByTestId("antenna-diagram")).toHaveAttribute("data-xbar", String(ant.xbar));
}
