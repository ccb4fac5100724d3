// The configuration calls of SPEC §7 through the API client: load the settings (local or remote store) and set one.
import {
  API,
  BUILT_IN_CONFIG,
  ConfigGetResponse,
  ConfigItem,
  type ConfigValue,
  formatIssues,
} from "@trc/protocol";
import { request, send } from "../api/client.ts";
import { DeviceError, errorText, isGuessLimit } from "../api/errors.ts";
import { readMapping } from "../api/mappingStore.ts";
import { writeSetting } from "../shared/settings/configSet.ts";
import { type ConfigEntry, withCurrentValues, withKnownLimits } from "../shared/settings/settingRules.ts";
import { noAnswerResult, type SaveResult, saveResult } from "./saveResult.ts";

/** Remote store: how many setting definitions were queried of how many the device has. */
export type Progress = (queried: number, available: number) => void;

export interface LoadedConfig {
  items: ConfigEntry[];
  issues: string[];
}

export interface LoadOptions {
  /** The unit's address. */
  base: string;
  signal?: AbortSignal;
  onProgress?: Progress;
}

/** Remote store: the definitions come from config mapping/quantity and getInfo, as for commands. */
async function remoteItems(
  issues: string[],
  { base, signal, onProgress }: LoadOptions,
): Promise<ConfigEntry[]> {
  const r = await readMapping({
    label: "Setting",
    quantityPath: API.configQuantity,
    infoPath: API.configInfo,
    schema: ConfigItem,
    fetcher: (path) => send(path, { base, ...(signal ? { signal } : {}) }),
    ...(signal ? { signal } : {}),
    ...(onProgress ? { onProgress } : {}),
  });
  if (r.countProblem) throw new Error(r.countProblem);
  signal?.throwIfAborted();
  issues.push(...r.problems);
  return r.items.map(withKnownLimits);
}

/** Loads the settings and their current values (GET /api/config/get). */
export async function loadConfig(remote: boolean, opts: LoadOptions): Promise<LoadedConfig> {
  const issues: string[] = [];
  const items: ConfigEntry[] = remote ? await remoteItems(issues, opts) : [...BUILT_IN_CONFIG];
  const values = await request(API.configGet, ConfigGetResponse, {
    base: opts.base,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  if (values.issues.length) issues.push(`Current values: ${formatIssues(values.issues)}`);
  const merged = withCurrentValues(items, values.data ?? {});
  return { items: merged.items, issues: [...issues, ...merged.issues] };
}

/**
 * POST /api/config/set (D3), with credentials when the config area uses them. Only a 200 counts as set (SPEC §8):
 * any other answer throws a `DeviceError` with its status and the device's reason.
 */
export async function setSetting(name: string, value: ConfigValue, base: string): Promise<SaveResult> {
  const answer = await writeSetting(base, name, value);
  return saveResult(answer.status, answer.body);
}

/** The result a failed set shows on its input: the device's status and reason, or why no answer came. */
export function failedResult(err: unknown): SaveResult {
  // The password limit: "Too many wrong passwords: try again in N s" rather than SPEC §8's "429 - Success".
  if (isGuessLimit(err)) return { ...noAnswerResult(err.message), code: 429 };
  if (err instanceof DeviceError && err.kind === "http" && err.status !== undefined)
    return saveResult(err.status, err.body);
  return noAnswerResult(errorText(err));
}
