// The console shell, one journey: header (title, device name and mode), tab title, navigation, deep links and history,
// every page under the CSP.
import type { Page } from "@playwright/test";
import { expect, modeText, test } from "./fixtures.ts";
import { dashboardSettled } from "./telemetry-helpers.ts";

const PAGES = [
  { link: "Telemetry", path: "/telemetry", heading: "Telemetry" },
  { link: "Files", path: "/files", heading: "Files" },
  { link: "Commands", path: "/commands", heading: "Commands" },
  { link: "Configuration", path: "/configuration", heading: "Configuration" },
  { link: "Firmware", path: "/firmware", heading: "Firmware" },
] as const;

const h1 = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });
const navLink = (page: Page, name: string) => page.getByRole("link", { name, exact: true });

test.describe("shell of a UHF unit", () => {
  test("from / (one load): header, tab title, footer, every nav link, the title home, Back/Forward, a reload; every route by its URL, an unknown path, all under the CSP without a violation", async ({
    page,
    request,
    baseURL,
  }) => {
    // Every page loaded below is watched for a CSP violation (reliability: the build obeys its own CSP).
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) =>
        console.error(`Refused to load: Content Security Policy ${e.violatedDirective} ${e.blockedURI}`),
      );
    });

    await test.step("the device answers its name and mode", async () => {
      const res = await request.get("/api/config/deviceName");
      expect(res.status()).toBe(200);
      expect(await res.json()).toMatchObject({ deviceName: "DECODER-01", mode: "uhf" });
    });

    await page.goto("/");

    await test.step("header shows the product title linking home, the device name and the mode", async () => {
      const header = page.getByRole("banner");
      const title = header.getByRole("link", { name: "Timing Reader Console" });
      await expect(title).toBeVisible();
      await expect(title).toHaveAttribute("href", "/");
      await expect(header).toContainText("DECODER-01");
      await expect(header.getByText(modeText("uhf"))).toBeVisible();
    });

    await test.step("tab title is the prefix and the device name", async () => {
      await expect(page).toHaveTitle("TRC | DECODER-01");
    });

    await test.step("/ shows the telemetry page", async () => {
      await expect(h1(page, "Telemetry")).toBeVisible();
    });

    await test.step("footer links to the settings page", async () => {
      // The footer sits under the cards: it moves until they have loaded (CI once clicked it mid-move).
      await dashboardSettled(page);
      const link = page.getByRole("contentinfo").locator('a[href="/settings"]');
      await expect(link).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(`${baseURL}/settings`);
      await expect(h1(page, "Settings")).toBeVisible();
    });

    await test.step("navigation links lead to every page", async () => {
      for (const p of PAGES) {
        const link = navLink(page, p.link);
        await expect(link).toHaveAttribute("href", p.path);
        await link.click();
        await expect(page).toHaveURL(`${baseURL}${p.path}`);
        await expect(h1(page, p.heading)).toBeVisible();
      }
    });

    await test.step("the header title leads back home", async () => {
      await navLink(page, "Files").click();
      await expect(h1(page, "Files")).toBeVisible();
      await page.getByRole("banner").getByRole("link", { name: "Timing Reader Console" }).click();
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(h1(page, "Telemetry")).toBeVisible();
    });

    await test.step("Back and Forward move between pages", async () => {
      await navLink(page, "Files").click();
      await expect(h1(page, "Files")).toBeVisible();
      await navLink(page, "Commands").click();
      await expect(h1(page, "Commands")).toBeVisible();

      await page.goBack();
      await expect(page).toHaveURL(`${baseURL}/files`);
      await expect(h1(page, "Files")).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(h1(page, "Telemetry")).toBeVisible();
      await page.goForward();
      await expect(page).toHaveURL(`${baseURL}/files`);
      await expect(h1(page, "Files")).toBeVisible();
      await page.goForward();
      await expect(page).toHaveURL(`${baseURL}/commands`);
      await expect(h1(page, "Commands")).toBeVisible();
    });

    await test.step("reloading /commands shows the commands page", async () => {
      await page.reload();
      await expect(page).toHaveURL(`${baseURL}/commands`);
      await expect(h1(page, "Commands")).toBeVisible();
      await expect(page).toHaveTitle("TRC | DECODER-01");
    });

    await test.step("every route is deep-linkable", async () => {
      const routes = [
        ...PAGES.map((p) => [p.path, p.heading] as const),
        ["/settings", "Settings"] as const,
        ["/auth", "Authentication"] as const,
      ];
      for (const [path, heading] of routes) {
        const res = await page.goto(path);
        expect(res?.status(), `GET ${path}`).toBe(200);
        await expect(h1(page, heading)).toBeVisible();
      }
    });

    await test.step("an unknown path shows the telemetry page", async () => {
      const res = await page.goto("/nope");
      expect(res?.status()).toBe(200);
      await expect(h1(page, "Telemetry")).toBeVisible();
      await expect(page.getByRole("banner")).toContainText("DECODER-01");
    });

    await test.step("every page runs under the CSP without a violation", async () => {
      expect(violations).toEqual([]);
    });
  });
});
