// The configuration page against the emulated device: tree and values, the D3 set body and its result, leaving. Its
// limits (D5) and the unit's refusals are proven in src/configuration (ConfigurationPage.test.tsx, docs/TESTING.md).
import { BUILT_IN_CONFIG, CONFIG_CATEGORY_LABELS } from "@trc/protocol";
import { shownColour } from "./colours.ts";
import {
  banner,
  deviceValues,
  expectHighlight,
  goToConfiguration,
  inputOf,
  openConfiguration,
  otherPort,
  resultOf,
  setsAfter,
  setting,
  submitOf,
} from "./configuration-helpers.ts";
import { expect, test } from "./fixtures.ts";

test.describe("configuration page", () => {
  test("one visit: the tree and its values, passwords, leaving with and without edits, typed sets with their result and banner, closing the tab", async ({
    page,
    request,
    device,
    baseURL,
  }) => {
    const values = await deviceValues(request);
    const navLink = (name: string) => page.getByRole("navigation").getByRole("link", { name });
    await openConfiguration(page);

    await test.step("shows the category tree by display name with each setting's current value", async () => {
      await expect(page.getByRole("link", { name: "Configure" })).toHaveAttribute("href", "/auth");
      await expect(page.getByRole("button", { name: "Refresh", exact: true })).toHaveAttribute(
        "title",
        "Refresh all config",
      );
      // Top-level categories are h2, nested ones h3 inside their parent's section.
      for (const path of ["wifi", "net", "profile", "reads", "servers", "time", "uhf"]) {
        await expect(
          page.getByRole("heading", { level: 2, name: CONFIG_CATEGORY_LABELS[path], exact: true }),
        ).toBeVisible();
      }
      const wifi = page.getByRole("region", { name: "WIFI", exact: true });
      await expect(wifi.getByRole("heading", { level: 3, name: "STA (Who to connect to)" })).toBeVisible();
      await expect(wifi.getByRole("heading", { level: 3, name: "AP (Device's own Wifi)" })).toBeVisible();
      const net = page.getByRole("region", { name: "Networking", exact: true });
      for (const name of ["IP", "Socket Ports", "DHCP"]) {
        await expect(net.getByRole("heading", { level: 3, name, exact: true })).toBeVisible();
      }
      for (const item of BUILT_IN_CONFIG) {
        const block = setting(page, item.name_display);
        await expect(block).toContainText(item.description);
        const value = values[item.name_internal];
        if (item.name_internal.endsWith("_password")) {
          await expect(block).toContainText("Current: ••••••••");
        } else {
          await expect(block).toContainText(`Current: ${String(value)}`);
        }
      }
      await expect(inputOf(page, "Raw port")).toHaveAttribute("type", "number");
      await expect(inputOf(page, "Raw port")).toHaveValue(String(values.raw_port));
      await expect(inputOf(page, "GPS correction")).toHaveAttribute("type", "checkbox");
      await expect(inputOf(page, "UHF region")).toHaveValue(String(values.uhf_region));
      await expect(inputOf(page, "UHF region").locator("option")).toHaveText([
        "China",
        "USA",
        "Europe",
        "Korea",
        "Japan",
        "Australia",
        "New Zealand",
      ]);
      await expect(inputOf(page, "Network name")).toHaveAttribute("type", "text");
    });

    await test.step("password fields are not autofilled and can be shown", async () => {
      const pw = inputOf(page, "Access point password");
      await expect(pw).toHaveAttribute("type", "password");
      await expect(pw).toHaveAttribute("autocomplete", "new-password");
      await expect(pw).toHaveValue(String(values.ap_password));
      await setting(page, "Access point password").getByRole("button", { name: "Show" }).click();
      await expect(pw).toHaveAttribute("type", "text");
      await expect(setting(page, "Access point password")).toContainText(
        `Current: ${String(values.ap_password)}`,
      );
    });

    await test.step("without edits the page is left without a question", async () => {
      await navLink("Files").click();
      await expect(page).toHaveURL(`${baseURL}/files`);
    });

    await test.step("leaving the page with an unsubmitted edit asks first", async () => {
      await goToConfiguration(page);
      await inputOf(page, "MQTT client id").fill("ONET-EDIT");
      await expectHighlight(inputOf(page, "MQTT client id"), "changed");
      await navLink("Telemetry").click();
      const dialog = page.getByRole("dialog", { name: "Leave without submitting?" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("MQTT client id");
      await dialog.getByRole("button", { name: "Stay" }).click();
      await expect(page).toHaveURL(`${baseURL}/configuration`);
      await expect(inputOf(page, "MQTT client id")).toHaveValue("ONET-EDIT");
      await navLink("Telemetry").click();
      await page
        .getByRole("dialog", { name: "Leave without submitting?" })
        .getByRole("button", { name: "Leave" })
        .click();
      await expect(page).toHaveURL(`${baseURL}/telemetry`);
    });

    // Back on the page: the edit left behind is gone, and no setting has been set yet.
    await goToConfiguration(page);
    const port = otherPort(values.raw_port);

    await test.step("a submit sends the D3 body, shows '200 - Success' with the answer, goes green and raises the banner", async () => {
      await expect(banner(page)).toHaveCount(0);
      const input = inputOf(page, "Raw port");
      await input.fill(String(port));
      await expectHighlight(input, "changed");
      const cursor = await device.hooks.logSeq();
      await submitOf(page, "Raw port").click();
      await expect(resultOf(page, "Raw port")).toHaveText("200 - Success");
      await expect.poll(() => shownColour(resultOf(page, "Raw port"), "color")).toBe("green");
      await expect(setting(page, "Raw port").locator("pre")).toContainText('"raw_port"');
      await expectHighlight(input, "saved");
      await expect(setting(page, "Raw port")).toContainText(`Current: ${port}`);
      await expect(banner(page)).toBeVisible();
      await expect(banner(page)).toContainText("raw_port");
      await expect(banner(page).getByRole("button", { name: "Restart unit" })).toBeVisible();

      const sets = await setsAfter(device, cursor);
      expect(sets).toHaveLength(1);
      const body = sets[0]?.body as Record<string, unknown>;
      expect(body.key).toBe("raw_port");
      expect(body.value).toBe(port);
      expect(typeof body.time).toBe("string");
      expect(new Date(String(body.time)).toISOString()).toBe(body.time);
      expect(body).not.toHaveProperty("auth_pw");
      expect((await deviceValues(request)).raw_port).toBe(port);

      // Editing clears the green.
      await input.fill(String(port + 1));
      await expectHighlight(input, "changed");
    });

    await test.step("a boolean and a select are sent with their types", async () => {
      const cursor = await device.hooks.logSeq();
      await inputOf(page, "GPS correction").setChecked(values.gps_correction !== true);
      await submitOf(page, "GPS correction").click();
      await expect(resultOf(page, "GPS correction")).toHaveText("200 - Success");
      const format = values.http_pckt_format === 1 ? "0" : "1";
      await inputOf(page, "HTTP packet format").selectOption(format);
      await submitOf(page, "HTTP packet format").click();
      await expect(resultOf(page, "HTTP packet format")).toHaveText("200 - Success");
      const bodies = (await setsAfter(device, cursor)).map((e) => e.body as Record<string, unknown>);
      expect(bodies.map((b) => [b.key, b.value])).toEqual([
        ["gps_correction", values.gps_correction !== true],
        ["http_pckt_format", Number(format)],
      ]);
    });

    await test.step("closing or reloading the tab with an unsubmitted edit asks the browser's question", async () => {
      // Raw port back at the unit's value: the one unsubmitted edit is the one typed here.
      await inputOf(page, "Raw port").fill(String(port));
      await expectHighlight(inputOf(page, "Raw port"), "none");
      // A real click and typing: browsers ask before unload only on a page the user has interacted with.
      await inputOf(page, "MQTT client id").click();
      await inputOf(page, "MQTT client id").pressSequentially("-EDIT");
      await expectHighlight(inputOf(page, "MQTT client id"), "changed");
      const dialog = page.waitForEvent("dialog");
      await page.close({ runBeforeUnload: true });
      expect((await dialog).type()).toBe("beforeunload");
      await (await dialog).accept();
    });
  });
});
