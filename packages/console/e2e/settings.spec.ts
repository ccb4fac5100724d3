// The developer settings page against the emulated device: warning, storage and wipe, endpoint change, flags, env.
// Submit's and the wipe's timings and a refused address are proven in src/settings/SettingsPage.test.tsx.
import type { Page } from "@playwright/test";
import { expect, modeText, test } from "./fixtures.ts";

const section = (page: Page, name: string) => page.getByRole("region", { name });
const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).sort());

test("developer settings page: its sections, a flag override, the stored keys and the wipe, then another device's address", async ({
  page,
  device,
  devicePool,
}) => {
  await page.goto("/settings");

  // First: the page as a browser with nothing stored sees it.
  await test.step("shows the warning and the four sections with D8's flags and the build's variables", async () => {
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(page.getByRole("note")).toContainText("changes made here may cause many issues");
    for (const name of ["Local Storage", "Query Endpoint", "Feature Flags", "Environment Variables"]) {
      await expect(section(page, name)).toBeVisible();
    }
    const flags = section(page, "Feature Flags");
    const commands = flags.getByRole("group", { name: "Commands" });
    const config = flags.getByRole("group", { name: "Configuration" });
    const expected: [typeof commands, string, boolean][] = [
      [commands, "useAuth", true],
      [commands, "filterByLevel", false],
      [commands, "allowExecutionRegardless", false],
      [commands, "useRemoteStore", false],
      [config, "useAuth", false],
      [config, "useRemoteStore", false],
    ];
    for (const [group, flag, on] of expected) {
      const box = group.getByRole("checkbox", { name: flag, exact: true });
      if (on) await expect(box).toBeChecked();
      else await expect(box).not.toBeChecked();
    }
    await expect(flags.getByText("overridden locally")).toHaveCount(0);

    const env = section(page, "Environment Variables").getByRole("table");
    await expect(env.getByRole("row", { name: /^MODE production$/ })).toBeVisible();
    await expect(env.getByRole("row", { name: /^PROD true$/ })).toBeVisible();
    await expect(env.getByRole("row", { name: /^DEV false$/ })).toBeVisible();
    await expect(env.getByRole("row", { name: /^BASE_URL \/$/ })).toBeVisible();
    await expect(env.getByRole("row", { name: /^__COMPILE_TIME__ \d{4}-\d\d-\d\dT/ })).toBeVisible();

    const endpoint = section(page, "Query Endpoint");
    await expect(endpoint.getByRole("textbox", { name: "Device address" })).toHaveAttribute(
      "placeholder",
      "localhost",
    );
    await expect(endpoint.getByTestId("settings-mode")).toHaveText("production");
  });

  // Before the stored keys: its override is then the only one (and it is removed again at its end).
  await test.step("a flag override is stored locally, marked, kept over a reload, and removed by setting it back", async () => {
    const group = section(page, "Feature Flags").getByRole("group", { name: "Commands" });
    const box = group.getByRole("checkbox", { name: "allowExecutionRegardless" });
    // The flag's line: its box, its default and its marks.
    const flagRow = group
      .locator("div")
      .filter({ has: page.getByRole("checkbox", { name: "allowExecutionRegardless" }) });
    await box.check();
    await expect(flagRow.getByText("overridden locally")).toBeVisible();
    await page.reload();
    await expect(box).toBeChecked();
    await expect(flagRow.getByText("overridden locally")).toBeVisible();
    const overrides = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("featureFlagOverrides") ?? "{}"),
    );
    expect(overrides).toEqual({ commands: { allowExecutionRegardless: true } });
    await box.uncheck();
    await expect(flagRow.getByText("overridden locally")).toHaveCount(0);
  });

  await test.step("lists every stored key and value; the wipe clears them and reloads", async () => {
    await page.evaluate(() => localStorage.setItem("e2eMarker", '{"left":"behind"}'));
    // A flag override is stored through the page itself.
    const box = section(page, "Feature Flags")
      .getByRole("group", { name: "Commands" })
      .getByRole("checkbox", { name: "filterByLevel" });
    await box.check();
    const stored = section(page, "Local Storage").getByRole("table", { name: "Stored keys" });
    await expect(stored.getByRole("row", { name: /featureFlagOverrides/ })).toContainText(
      '"filterByLevel":true',
    );
    await page.reload();
    await expect(stored.getByRole("row", { name: /e2eMarker/ })).toContainText('{"left":"behind"}');
    await expect(stored.getByRole("row", { name: /generalSettings/ })).toContainText(
      '"deviceName":"DECODER-01"',
    );
    expect(await storedKeys(page)).toEqual(expect.arrayContaining(["e2eMarker", "featureFlagOverrides"]));

    // The reload 500 ms after the wipe is timed on a fake clock in src/settings/SettingsPage.test.tsx.
    const reloaded = page.waitForEvent("load");
    await section(page, "Local Storage").getByRole("button", { name: "Wipe local storage" }).click();
    await reloaded;
    // After the reload only what the console writes again by itself may be back.
    const keys = await storedKeys(page);
    expect(keys).not.toContain("e2eMarker");
    expect(keys).not.toContain("featureFlagOverrides");
    await expect(stored.getByRole("row", { name: /e2eMarker/ })).toHaveCount(0);
    await expect(box).not.toBeChecked();
  });

  // Last: from here on the console talks to the other device.
  await test.step("Submit of another device's address makes the console talk to that device", async () => {
    // The worker's hf unit (started on first use, kept for the worker's life), reset to a new unit's state and logs.
    const other = await devicePool.get({ DEVICE_MODE: "hf" });
    await other.hooks.reset();
    try {
      const header = page.getByRole("banner");
      await expect(header.getByText(modeText("uhf"))).toBeVisible();
      const endpoint = section(page, "Query Endpoint");
      const input = endpoint.getByRole("textbox", { name: "Device address" });
      // A bare host:port means http://.
      await input.fill(other.url.replace(/^http:\/\//, ""));
      await expect(endpoint.getByTestId("intended-url")).toHaveText(`${other.url}/api/`);
      const [otherFrom, ownFrom] = [await other.hooks.logSeq(), await device.hooks.logSeq()];
      await endpoint.getByRole("button", { name: "Submit" }).click();
      // Submit's phases (spinner 500 ms, check 500 ms, Submit again) are timed on a fake clock in
      // src/settings/SettingsPage.test.tsx; here the form is back once they are over.
      await expect(endpoint.getByRole("button", { name: "Submit" })).toBeEnabled();
      await expect(input).toHaveValue(other.url);
      await expect(endpoint.getByTestId("current-endpoint")).toHaveText(other.url);

      await expect(header.getByText(modeText("hf"))).toBeVisible();
      await expect(header).toContainText("DECODER-01");
      const asked = (await other.hooks.log(otherFrom)).filter((e) => e.path === "/api/config/deviceName");
      expect(asked.length).toBeGreaterThan(0);

      // The files page now lists the other device's files, from the other device.
      await page.getByRole("link", { name: "Files", exact: true }).click();
      await expect(page.getByRole("row").filter({ hasText: "timing_0001.csv" })).toBeVisible();
      const lists = (await other.hooks.log()).filter((e) => e.path === "/api/filesystem/getAll");
      expect(lists.length).toBeGreaterThan(0);
      const ownLists = (await device.hooks.log(ownFrom)).filter((e) => e.path === "/api/filesystem/getAll");
      expect(ownLists).toHaveLength(0);
    } finally {
      await page.evaluate(() => localStorage.clear()).catch(() => {});
    }
  });
});
