// The configuration's load (SPEC §7) through the API client: the settings of the local or remote store and their values;
// a set is shared/settings/configSet.ts.
import { API, BUILT_IN_CONFIG, ConfigGetResponse, ConfigItem, formatIssues } from "@trc/protocol";
import { request, send } from "../api/client.ts";
import { readMapping } from "../api/mappingStore.ts";
import { type ConfigEntry, withCurrentValues, withKnownLimits } from "../shared/settings/settingRules.ts";

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
