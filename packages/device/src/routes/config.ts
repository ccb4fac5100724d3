// Configuration (D5): get all values, set one (validated, persisted), the device name, and the config mapping.
import {
  API,
  BUILT_IN_CONFIG,
  ConfigSetRequest,
  type ConfigValue,
  checkConfigValue,
  findConfigItem,
  maskUrl,
  namedLevel,
  UPLOAD,
  unmaskUrl,
} from "@trc/protocol";
import type { Device } from "../device.ts";
import { type DeviceApp, endpoint, fail, pathOf } from "../http.ts";
import { type AuthThrottle, callerLevel } from "../middleware/auth-throttle.ts";
import { readBody } from "../middleware/json-body.ts";
import { OWNER_LEVEL } from "../state/passwords.ts";
import { mappingIndex } from "./commands.ts";

/** The values as the unit shows them: http_url's credentials masked (D14), like a password in the request log. */
export function shownConfig(values: Readonly<Record<string, ConfigValue>>): Record<string, ConfigValue> {
  const url = values[UPLOAD.urlKey];
  return typeof url === "string" ? { ...values, [UPLOAD.urlKey]: maskUrl(url) } : { ...values };
}

/** With DEVICE_CONFIG_AUTH, a set needs at least this level (or the item's, if higher). */
export const CONFIG_AUTH_LEVEL = OWNER_LEVEL;

export function configRoutes(app: DeviceApp, device: Device, guesses: AuthThrottle): void {
  endpoint(app, API.configGet, { GET: (c) => c.json(shownConfig(device.config.values)) });

  endpoint(app, API.deviceName, {
    GET: (c) => c.json({ deviceName: device.identity.value.deviceName, mode: device.mode }),
  });

  endpoint(app, API.configSet, {
    POST: async (c) => {
      const body = await readBody(c, ConfigSetRequest);
      if (!body.ok) return fail(c, 400, body.reason);
      const { key, value, time } = body.value;
      const level = callerLevel(c, guesses, device.passwords, body.value);
      if (typeof level !== "number") return level;
      const item = findConfigItem(key);
      if (!item) return fail(c, 404, `Config not found: ${key}`);
      const needed = device.options.configAuth ? Math.max(item.perm, CONFIG_AUTH_LEVEL) : item.perm;
      if (level < needed) {
        return fail(
          c,
          401,
          `Setting ${key} needs level ${needed} (${namedLevel(needed).name}); this request has level ${level}`,
        );
      }
      const reason = checkConfigValue(item, value);
      if (reason) return fail(c, 400, `${key}: ${reason}`);
      if (key === UPLOAD.urlKey && typeof value === "string") {
        // D14: a URL's credentials are shown masked; the masked form sent back keeps them. Not the unit itself.
        const url = unmaskUrl(value, device.config.get(key, ""));
        const self = device.upload.refuseUrl(url);
        if (self) return fail(c, 400, `${key}: ${self}`);
        await device.config.set(key, url);
        return c.json({ key, value: maskUrl(url), time });
      }
      await device.config.set(key, value);
      return c.json({ key, value, time });
    },
  });

  endpoint(app, API.configQuantity, { GET: (c) => c.json({ len: BUILT_IN_CONFIG.length }) });

  endpoint(app, pathOf(API.configInfo(0)), {
    GET: (c) => {
      const index = mappingIndex(c, BUILT_IN_CONFIG.length);
      if (typeof index !== "number") return index;
      const item = BUILT_IN_CONFIG[index];
      return c.json({
        ...item,
        value_current: item ? shownConfig(device.config.values)[item.name_internal] : undefined,
      });
    },
  });
}
