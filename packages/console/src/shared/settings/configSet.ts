// The one set of a setting (D3: POST /api/config/set): the Configuration page's Submit and a fleet profile's Apply.
import { API, type ConfigSetRequest, type ConfigValue } from "@trc/protocol";
import { write } from "../../api/write.ts";
import { writeCredentials } from "../access/credentials.ts";

/** D3: key, value with its type, ISO time, and the credentials when config auth is on. */
export function setBody(
  key: string,
  value: ConfigValue,
  now: Date,
  creds: { auth_pw?: string; auth_key?: string } = {},
): ConfigSetRequest {
  return { key, value, time: now.toISOString(), ...creds };
}

/** Sets one value on the unit at `base`; only a 200 counts (SPEC §8), any other answer throws a `DeviceError`. */
export function writeSetting(base: string, key: string, value: ConfigValue, signal?: AbortSignal) {
  const json = setBody(key, value, new Date(), writeCredentials("config"));
  return write(API.configSet, { base, json, only: 200, ...(signal ? { signal } : {}) });
}
