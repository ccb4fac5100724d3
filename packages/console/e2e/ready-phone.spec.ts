// The Ready check on a 375 px phone, one journey: a healthy unit's items one line each (its value and a link to where it
// is fixed), the cards on the first screen; a failing item's reason and fix link under it; an item with no reading yet
// saying why on its own line. And a healthy unit's on a 360 px phone, the narrowest common phone (the same page made
// narrower: the layout is CSS only, nothing of it decided once at load).
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { item, openReady, readyPanel, reason, storageFull, value } from "./ready-helpers.ts";

const PHONE = { width: 375, height: 740 };
test.use({ viewport: PHONE });

test.afterEach(async ({ device }) => {
  await device.hooks.clearFaults();
  await device.hooks.clearScenario();
});

/** Each item's link, by its name: what it fixes and the item's label. */
const LINKS = [
  "Tag test (Antennas)",
  "Set device time on the Device Time card (Device clock)",
  "Battery card (Battery)",
  "Free up storage (Storage)",
  "Passings card (Backlog)",
  "Programs on the Timing page (Timing program)",
  "Alarm panel (Alarms)",
];

/** The vertical middle of what a user sees of `l`. */
async function middle(l: Locator): Promise<number> {
  const box = await l.boundingBox();
  expect(box, "on screen").not.toBeNull();
  return (box?.y ?? 0) + (box?.height ?? 0) / 2;
}

/** A healthy unit's Ready check on a phone: one line per item with its value and its link, the cards on the first screen. */
async function healthyOnOneLineEach(page: Page, width: number): Promise<void> {
  for (const [id, text] of [
    ["clock", /^[+-]\d{1,2} ms$/],
    ["battery", /^\d+ h \d+ min to empty$/],
    ["storage", /^\d+ % used$/],
    ["backlog", "Empty"],
    ["alarms", "None unacknowledged"],
  ] as const) {
    await expect(value(page, id)).toHaveText(text);
    await expect(value(page, id)).toBeInViewport();
    // The label, the value and the link on one line.
    const label = item(page, id).getByRole("strong");
    expect(Math.abs((await middle(value(page, id))) - (await middle(label)))).toBeLessThan(4);
  }
  // These two take two lines ("Timing program" is longer than the label column).
  await expect(value(page, "antennas")).toHaveText("3 antennas read within 10 min");
  await expect(value(page, "timing")).toHaveText("Not needed for this unit");
  for (const name of LINKS) await expect(readyPanel(page).getByRole("link", { name })).toBeInViewport();
  // The dashboard's first card starts on the first screen (below the 524 px tall panel of three lines per item, it
  // started at 742 px).
  await expect(page.getByRole("heading", { name: "Battery", exact: true })).toBeInViewport();
  const height = (await readyPanel(page).boundingBox())?.height ?? 0;
  console.log(`[ready-phone] Ready panel of a healthy unit at ${width} px: ${height.toFixed(1)} px`);
}

/** The Battery item's link scrolls to the Battery card and focuses it. */
async function batteryLinkFocusesItsCard(page: Page): Promise<void> {
  await readyPanel(page).getByRole("link", { name: "Battery card (Battery)" }).click();
  await expect(page.getByRole("region", { name: "Battery" })).toBeFocused();
}

test(`on a ${PHONE.width} px phone: a healthy unit's items on one line each; a failing item's reason under it; no reading yet on its line`, async ({
  page,
  device,
}) => {
  await openReady(page, device);

  await test.step(`a healthy unit on a ${PHONE.width} px phone: one line per item with its value and its link, the cards on the first screen`, async () => {
    await healthyOnOneLineEach(page, PHONE.width);
  });

  await test.step("a healthy unit on a 360 px phone: one line per item with its value and its link, the cards on the first screen", async () => {
    await page.setViewportSize({ ...PHONE, width: 360 });
    await healthyOnOneLineEach(page, 360);
    await page.setViewportSize(PHONE);
  });

  await test.step("on a phone a failing item shows why under it with its fix link; one with no reading yet says why on its line", async () => {
    await storageFull(page, device);
    await expect(value(page, "storage")).toHaveText("85 % used");
    await expect(reason(page, "storage")).toBeInViewport();
    // The reason on the line under the item's label and value.
    expect(await middle(reason(page, "storage"))).toBeGreaterThan(
      (await middle(value(page, "storage"))) + 10,
    );
    const fix = item(page, "storage").getByRole("link", { name: "Free up storage (Storage)" });
    await expect(fix).toHaveText("Free up storage");
    await expect(fix).toBeInViewport();

    // The unit's battery does not answer: "No battery reading yet" in the value's place, on the item's own line.
    await device.hooks.fault({ path: "/api/telemetry/battery", status: 500, count: 1000 });
    await page.reload();
    await expect(reason(page, "battery")).toHaveText("No battery reading yet");
    await expect(reason(page, "battery")).toBeInViewport();
    await expect(value(page, "battery")).toBeHidden();
    const label = item(page, "battery").getByRole("strong");
    expect(Math.abs((await middle(reason(page, "battery"))) - (await middle(label)))).toBeLessThan(4);
    await expect(
      item(page, "battery").getByRole("link", { name: "Battery card (Battery)" }),
    ).toBeInViewport();
  });

  // Last: the link scrolls the page down to the card.
  await test.step(`(a healthy unit on a ${PHONE.width} px phone) its Battery link focuses the Battery card`, async () => {
    await batteryLinkFocusesItsCard(page);
  });
});
