// Configuration (D5): get all values, set one (validated, persisted), the device name, and the config mapping.
import {
  API,
  BUILT_IN_CONFIG,
  ConfigSetRequest,
  checkConfigValue,
  findConfigItem,
  namedLevel,
} from "@trc/protocol";
import type { Device } from "../device.ts";
import { clientAddress, type DeviceApp, endpoint, fail, pathOf } from "../http.ts";
import { AuthThrottle, guessBlocked } from "../middleware/auth-throttle.ts";
import { readBody } from "../middleware/json-body.ts";
import { OWNER_LEVEL } from "../state/passwords.ts";
import { mappingIndex, tooManyGuesses } from "./commands.ts";

/** With DEVICE_CONFIG_AUTH, a set needs at least this level (or the item's, if higher). */
export const CONFIG_AUTH_LEVEL = OWNER_LEVEL;

export function configRoutes(app: DeviceApp, device: Device): void {
  const guesses = new AuthThrottle();
  endpoint(app, API.configGet, { GET: (c) => c.json(device.config.values) });

  endpoint(app, API.deviceName, {
    GET: (c) => c.json({ deviceName: device.identity.value.deviceName, mode: device.mode }),
  });

  endpoint(app, API.configSet, {
    POST: async (c) => {
      const body = await readBody(c, ConfigSetRequest);
      if (!body.ok) return fail(c, 400, body.reason);
      const { key, value, time } = body.value;
      const address = clientAddress(c);
      const wait = guessBlocked(guesses, address, body.value.auth_pw);
      if (wait > 0) return tooManyGuesses(c, wait);
      const who = device.passwords.resolve(body.value);
      if (!who.ok) {
        if (body.value.auth_pw) guesses.fail(address);
        return fail(c, 401, who.reason);
      }
      const item = findConfigItem(key);
      if (!item) return fail(c, 404, `Config not found: ${key}`);
      const needed = device.options.configAuth ? Math.max(item.perm, CONFIG_AUTH_LEVEL) : item.perm;
      if (who.level < needed) {
        return fail(
          c,
          401,
          `Setting ${key} needs level ${needed} (${namedLevel(needed).name}); this request has level ${who.level}`,
        );
      }
      const reason = checkConfigValue(item, value);
      if (reason) return fail(c, 400, `${key}: ${reason}`);
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
      return c.json({ ...item, value_current: item ? device.config.values[item.name_internal] : undefined });
    },
  });
}
