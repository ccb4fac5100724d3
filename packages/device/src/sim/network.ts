// Network interfaces (ethernet primary, wifi, cellular once registered) and the unit's network services.
import type { InterfacesTelemetry } from "@trc/protocol";
import { connection } from "./cellular.ts";

export function interfaces(sinceBootMs: number): InterfacesTelemetry {
  const upAfter = (ms: number) => sinceBootMs >= ms;
  return {
    interfaces: [
      { name: "ethernet", isConnected: upAfter(1000), isPrimary: true },
      { name: "wifi", isConnected: upAfter(2500), isPrimary: false },
      { name: "cellular", isConnected: connection(sinceBootMs) === "CONNECTED", isPrimary: false },
    ],
  };
}

/** Declared but unused: what listens where. */
export function services(rawPort: number, filteredPort: number, mqttServer: string): Record<string, unknown> {
  return {
    services: [
      { name: "http", port: 80, running: true },
      { name: "raw-reads", port: rawPort, running: true, clients: 1 },
      { name: "filtered-reads", port: filteredPort, running: true, clients: 0 },
      { name: "mqtt", server: mqttServer, running: true },
      { name: "http-post", running: true },
    ],
  };
}
