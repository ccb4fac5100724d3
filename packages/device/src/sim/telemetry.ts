// Every telemetry dataset (SPEC §7's and D12's timing), computed from the unit's state and elapsed time (its host
// clock) when asked for.
import type { UnitDataset } from "@trc/protocol";
import type { Device } from "../device.ts";
import { battery, powerChannels, powerConsumption } from "./battery.ts";
import { cellular, cellularAntenna } from "./cellular.ts";
import { temperatures } from "./environment.ts";
import { interfaces, services } from "./network.ts";
import { storage } from "./storage.ts";
import { gnss, hwConfig, os, uhfConfig } from "./unit-info.ts";

export async function readTelemetry(device: Device, dataset: UnitDataset): Promise<unknown> {
  const now = device.hostClock.now();
  const elapsed = device.elapsed(now);
  const sinceBoot = device.sinceBoot(now);
  const cfg = device.config;
  const charging = device.options.scenario.includes("charging");
  switch (dataset) {
    case "firmware":
      return device.firmware.telemetry();
    case "storage":
      return storage(device.paths.root);
    case "passings": {
      const passings = device.reader.passings(now);
      // Race control's passings once it has any (D12: Left is what no timing program took yet); else, with a broker,
      // Left is the reads it has not acknowledged yet (D11); without one, the living unit's upstream backlog.
      const race = device.timing.counts();
      if (race) return { ...passings, ...race };
      return device.mqtt.server ? { ...passings, left: device.mqtt.outbox.left } : passings;
    }
    case "timing":
      return device.timing.telemetry();
    case "uhf/ports":
      return device.reader.ports(now);
    case "time/sources":
      return device.clock.sources(cfg.get("utc_offset", 0), elapsed);
    case "networking/interfaces":
      return interfaces(sinceBoot);
    case "hw/temp":
      return temperatures(elapsed, device.mode, device.reader.txOn);
    case "cellular":
      return cellular(sinceBoot);
    case "cellular/ant":
      return cellularAntenna(elapsed);
    case "battery":
      return battery(elapsed, charging);
    case "gnss":
      return gnss(elapsed, sinceBoot);
    case "os":
      return os(elapsed, sinceBoot);
    case "uhf/config":
      return uhfConfig(cfg.get("uhf_region", "Australia"), cfg.get("uhf_power", "HIGH"), device.reader.txOn);
    case "power/channels":
      return powerChannels(elapsed, charging);
    case "power/consumption":
      return powerConsumption(elapsed);
    case "networking/services":
      return services(
        cfg.get("raw_port", 10000),
        cfg.get("filtered_port", 10001),
        device.identity.value.mqttServer,
      );
    case "hw/config":
      return hwConfig(device.mode, device.identity.value.serial, device.identity.value.whitelabel);
  }
}
