// POST /api/firmware/update: multipart chunks into the inactive OTA slot; the unit reboots into a complete image.
import { API } from "@trc/protocol";
import type { Device } from "../device.ts";
import { type DeviceApp, endpoint, fail } from "../http.ts";

const field = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

export function firmwareRoutes(app: DeviceApp, device: Device): void {
  endpoint(app, API.firmwareUpdate, {
    POST: async (c) => {
      const type = c.req.header("content-type") ?? "";
      if (!type.toLowerCase().startsWith("multipart/form-data")) {
        return fail(c, 400, "Expected a multipart/form-data body with a chunk field");
      }
      let form: Record<string, unknown>;
      try {
        form = await c.req.parseBody();
      } catch {
        return fail(c, 400, "The multipart body could not be read");
      }
      const chunk = form.chunk;
      const flSize = field(form.flSize);
      const offset = field(form.offset);
      const entry = c.get("logEntry");
      if (entry) {
        const size = chunk instanceof Blob ? `(${chunk.size} bytes)` : chunk;
        entry.body = {
          chunk: size ?? null,
          ...(flSize !== undefined && { flSize }),
          ...(offset !== undefined && { offset }),
        };
      }
      if (!(chunk instanceof Blob)) {
        return fail(
          c,
          400,
          chunk === undefined ? "The chunk field is missing" : "The chunk field must be a file",
        );
      }
      const result = await device.ota.receive({
        chunk: new Uint8Array(await chunk.arrayBuffer()),
        flSize,
        offset,
      });
      if (result.installed) {
        const { version, slot } = result.installed;
        device.power.scheduleReboot(
          device.options.firmwareApplyMs,
          `firmware ${version} installed in ota_${slot}`,
        );
      }
      return c.json(result.body, result.status);
    },
  });
}
