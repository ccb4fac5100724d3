// The configuration values (D5): defaults, validated sets, persisted in config.json.
import { BUILT_IN_CONFIG, type ConfigValue, checkConfigValue, findConfigItem } from "@trc/protocol";
import { JsonDocument, readJsonFile } from "./atomic-file.ts";

export type ConfigValues = Record<string, ConfigValue>;

export function defaultConfig(): ConfigValues {
  return Object.fromEntries(BUILT_IN_CONFIG.map((item) => [item.name_internal, item.value_default]));
}

export class ConfigStore {
  private constructor(private readonly doc: JsonDocument<ConfigValues>) {}

  /** Loads config.json, keeping only known keys with valid values; writes the defaults on a new unit. */
  static async open(path: string): Promise<ConfigStore> {
    const stored = await readJsonFile(path);
    const values = defaultConfig();
    if (stored && typeof stored === "object" && !Array.isArray(stored)) {
      for (const [key, value] of Object.entries(stored)) {
        const item = findConfigItem(key);
        if (item && checkConfigValue(item, value) === null) values[key] = value as ConfigValue;
      }
    }
    const store = new ConfigStore(new JsonDocument(path, values));
    if (stored === undefined) await store.doc.save();
    return store;
  }

  get values(): Readonly<ConfigValues> {
    return this.doc.value;
  }

  get<T extends ConfigValue>(key: string, fallback: T): T {
    const value = this.doc.value[key];
    return (typeof value === typeof fallback ? value : fallback) as T;
  }

  /** Stores a value already checked with checkConfigValue; resolves once it is on disk. */
  set(key: string, value: ConfigValue): Promise<void> {
    return this.doc.set({ ...this.doc.value, [key]: value });
  }
}
