// Helpers of the fleet's broker tests: a broker (embedded Aedes or Debian's Mosquitto), units publishing to it, the page's parts.
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import {
  type ChildDevice,
  hasMosquitto,
  type RunningBroker,
  startBroker,
  startChildDevice,
  startMosquitto,
} from "@trc/device";
import { REPO_ROOT } from "./fixtures.ts";

export type BrokerKind = "aedes" | "mosquitto";
export const BROKER_KINDS: BrokerKind[] = hasMosquitto() ? ["aedes", "mosquitto"] : ["aedes"];

export function startBrokerOf(
  kind: BrokerKind,
  auth?: { username: string; password: string },
): Promise<RunningBroker> {
  return kind === "aedes" ? startBroker({ auth }) : startMosquitto({ auth });
}

export interface BrokerUnit extends ChildDevice {
  name: string;
  clientId: string;
}

/** The admin password of a new data folder (MQTT_SET needs level 50). */
const ADMIN = "admin-pass";

async function post(url: string, body: unknown): Promise<void> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
}

/**
 * An emulated unit in its own process (so it can be killed like a power cut) named `name`, publishing to `broker` as
 * client `clientId` (telemetry every second: the tests do not wait 30 s), its reader stopped so its counts hold still.
 */
export async function startBrokerUnit(
  broker: RunningBroker,
  name: string,
  clientId: string,
): Promise<BrokerUnit> {
  const unit = await startChildDevice({
    env: {
      DEVICE_TEST_HOOKS: "1",
      DEVICE_NAME: name,
      DEVICE_MQTT_PUBLISH_MS: "1000",
      CONSOLE_DIST: resolve(REPO_ROOT, process.env.TRC_DIST ?? "packages/console/dist"),
    },
    tempPrefix: "trc-e2e-broker-",
    echo: !!process.env.TRC_DEVICE_LOG,
    // The emulator's bundle (built by Playwright's global setup): boots in a fraction of main.ts through tsx.
    bundle: true,
  });
  await Promise.all([
    setReading(unit.url, false),
    post(`${unit.url}/api/config/set`, {
      key: "mqtt_client_id",
      value: clientId,
      time: new Date().toISOString(),
    }),
  ]);
  await post(`${unit.url}/api/commands/execute`, { cmd: "MQTT_SET", args: [broker.server], auth_pw: ADMIN });
  return Object.assign(unit, { name, clientId });
}

/** Starts (`true`) or stops the unit's reader (stopped: no read at all, its counters hold). */
export function setReading(url: string, reading: boolean): Promise<void> {
  return post(`${url}/api/__test/scenario`, { readsStopped: !reading });
}

export async function passingsOf(url: string): Promise<{ seen: number; left: number }> {
  return (await fetch(`${url}/api/telemetry/passings`)).json();
}

export const brokerLine = (page: Page, url: string) =>
  page.locator(`[data-testid="fleet-broker"][data-url="${url}"]`);

/** What the page says of a broker's connection. */
export const brokerState = (page: Page, url: string) =>
  brokerLine(page, url).getByRole("status").or(brokerLine(page, url).getByRole("alert"));

export async function addBroker(page: Page, url: string, username = "", password = ""): Promise<void> {
  await page.getByLabel("Broker address").fill(url);
  await page.getByLabel("User name").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Add broker" }).click();
}

/** Removes a broker from the page's list (its Remove button). */
export async function removeBroker(page: Page, url: string): Promise<void> {
  await brokerLine(page, url)
    .getByRole("button", { name: `Remove broker ${url}` })
    .click();
}
