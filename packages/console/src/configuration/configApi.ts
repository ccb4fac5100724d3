// The configuration calls of SPEC §7 through the API client: load the settings (local or remote store) and set one.
import {
  API,
  BUILT_IN_CONFIG,
  COMMAND_FETCH_PACING_MS,
  ConfigGetResponse,
  ConfigItem,
  type ConfigValue,
  formatIssues,
  MappingQuantity,
} from "@trc/protocol";
import { request, send } from "../api/client.ts";
import { DeviceError, errorText } from "../api/errors.ts";
import { credentials } from "../auth/authStore.ts";
import { useRestart } from "../restart/restartStore.ts";
import { noAnswerResult, type SaveResult, saveResult, setBody } from "./saveResult.ts";
import { type ConfigEntry, withCurrentValues, withKnownLimits } from "./settingRules.ts";

/** Remote store: how many setting definitions were queried of how many the device has. */
export type Progress = (queried: number, available: number) => void;

export interface LoadedConfig {
  items: ConfigEntry[];
  issues: string[];
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Remote store: the definitions come from config mapping/quantity and getInfo, as for commands. */
async function remoteItems(
  issues: string[],
  signal?: AbortSignal,
  onProgress?: Progress,
): Promise<ConfigEntry[]> {
  const opts = signal ? { signal } : {};
  const quantity = await request(API.configQuantity, MappingQuantity, opts);
  if (typeof quantity.data?.len !== "number") throw DeviceError.contract(quantity.issues, quantity.data);
  const items: ConfigEntry[] = [];
  const total = quantity.data.len;
  onProgress?.(0, total);
  for (let index = 0; index < total; index++) {
    if (index > 0) await pause(COMMAND_FETCH_PACING_MS);
    onProgress?.(index, total);
    try {
      const info = await request(API.configInfo(index), ConfigItem, opts);
      const parsed = ConfigItem.safeParse(info.data);
      if (!parsed.success) {
        issues.push(`Setting #${index}: ${formatIssues(info.issues)}`);
        continue;
      }
      items.push(withKnownLimits(parsed.data));
    } catch (err) {
      if (signal?.aborted) throw err;
      // A 401 means the user may not see that setting: it is skipped, like a command.
      if (err instanceof DeviceError && err.status === 401) continue;
      issues.push(`Setting #${index}: ${errorText(err)}`);
    }
  }
  return items;
}

/** Loads the settings and their current values (GET /api/config/get). */
export async function loadConfig(
  remote: boolean,
  signal?: AbortSignal,
  onProgress?: Progress,
): Promise<LoadedConfig> {
  const issues: string[] = [];
  const opts = signal ? { signal } : {};
  const base: ConfigEntry[] = remote ? await remoteItems(issues, signal, onProgress) : [...BUILT_IN_CONFIG];
  const values = await request(API.configGet, ConfigGetResponse, opts);
  if (values.issues.length) issues.push(`Current values: ${formatIssues(values.issues)}`);
  const merged = withCurrentValues(base, values.data ?? {});
  return { items: merged.items, issues: [...issues, ...merged.issues] };
}

/** POST /api/config/set (D3); a 200 raises the restart banner. Never throws. */
export async function saveSetting(name: string, value: ConfigValue, useAuth: boolean): Promise<SaveResult> {
  try {
    const body = setBody(name, value, new Date(), useAuth ? credentials() : {});
    const answer = await send(API.configSet, { method: "POST", json: body, priority: 1 });
    const result = saveResult(answer.status, answer.body);
    if (result.ok) useRestart.getState().configChanged(name);
    return result;
  } catch (err) {
    return noAnswerResult(errorText(err));
  }
}
