// GET /api/event/broker: the event broker's WebSocket address, for the Fleet page (only under `npm run event`).
import type { Device } from "../device.ts";
import { type DeviceApp, endpoint } from "../http.ts";

export const EVENT_BROKER_PATH = "/api/event/broker";

export function eventRoutes(app: DeviceApp, device: Device): void {
  const ws = device.options.eventBroker;
  if (!ws) return;
  endpoint(app, EVENT_BROKER_PATH, { GET: (c) => c.json({ ws }) });
}
