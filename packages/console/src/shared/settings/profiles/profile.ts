// A fleet profile (issue 32): a name and some settings' values, its JSON file, and the check of a file or a hand edit.
import {
  BUILT_IN_CONFIG,
  CONTROL_CHARS_REASON,
  type ConfigValue,
  checkConfigValue,
  findConfigItem,
  hasControlChars,
} from "@trc/protocol";
import * as z from "zod/mini";

/** The file format's version: `{"trcProfile":1,"name":"…","settings":{…}}`. */
export const PROFILE_FILE_VERSION = 1;
export const PROFILE_NAME_MAX = 64;

export interface Profile {
  name: string;
  /** Internal setting name (D5) to the value every unit should have; any subset of the settings. */
  settings: Readonly<Record<string, ConfigValue>>;
}

const ProfileFile = z.object({
  trcProfile: z.number(),
  name: z.string(),
  settings: z.record(z.string(), z.unknown()),
});

export const NOT_JSON = "The file is not JSON.";
export const NOT_A_PROFILE = "The file is not a profile of this console.";

/** Why a profile's name is refused, or null. */
export function profileNameReason(name: string): string | null {
  if (!name.trim()) return "The profile needs a name";
  if (name.length > PROFILE_NAME_MAX) return `The name has more than ${PROFILE_NAME_MAX} characters`;
  return hasControlChars(name) ? `The name: ${CONTROL_CHARS_REASON}` : null;
}

/**
 * Why each setting is refused, "{setting}: {reason}": an unknown setting, or a value the Configuration page would
 * refuse (the same `checkConfigValue` and reasons as under its inputs and on the unit).
 */
export function settingsRefusals(settings: Readonly<Record<string, unknown>>): string[] {
  const refusals: string[] = [];
  for (const [name, value] of Object.entries(settings)) {
    const item = findConfigItem(name);
    const reason = item ? checkConfigValue(item, value) : "Unknown setting";
    if (reason) refusals.push(`${name}: ${reason}`);
  }
  if (!refusals.length && !Object.keys(settings).length) refusals.push("The profile holds no settings");
  return refusals;
}

export type ReadProfile = { profile: Profile } | { refused: string[] };

/** Reads an imported file: a profile, or every reason it is refused. */
export function readProfile(text: string): ReadProfile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { refused: [NOT_JSON] };
  }
  const file = z.safeParse(ProfileFile, json);
  if (!file.success) return { refused: [NOT_A_PROFILE] };
  const { trcProfile, name } = file.data;
  if (trcProfile !== PROFILE_FILE_VERSION)
    return { refused: [`The profile's format (version ${trcProfile}) is not one this console reads`] };
  // The parsed JSON's own entries (zod drops a "__proto__" key; here it is refused as an unknown setting).
  const settings = Object.fromEntries(Object.entries((json as { settings: object }).settings));
  const nameReason = profileNameReason(name);
  const refused = [...(nameReason ? [nameReason] : []), ...settingsRefusals(settings)];
  if (refused.length) return { refused };
  return { profile: { name, settings: settings as Record<string, ConfigValue> } };
}

/** The file's text: the settings in the order of D5's list. */
export function profileFile(profile: Profile): string {
  const settings = Object.fromEntries(
    Object.entries(profile.settings).sort(([a], [b]) => settingOrder(a) - settingOrder(b)),
  );
  return `${JSON.stringify({ trcProfile: PROFILE_FILE_VERSION, name: profile.name, settings }, null, 2)}\n`;
}

/** e.g. profile-Marathon_2026.json (safe for every file system). */
export function profileFileName(profile: Pick<Profile, "name">): string {
  return `profile-${profile.name.replace(/[^\w.-]+/g, "_") || "unnamed"}.json`;
}

/** "Save this unit's settings as a profile": the chosen settings with the unit's values (those it reports). */
export function profileFromUnit(
  name: string,
  values: Readonly<Record<string, ConfigValue>>,
  chosen: Iterable<string>,
): Profile {
  const settings: Record<string, ConfigValue> = {};
  for (const setting of chosen) {
    const value = values[setting];
    if (Object.hasOwn(values, setting) && value !== undefined) settings[setting] = value;
  }
  return { name, settings };
}

/** A setting's place in D5's list (unknown ones last): the order files, differences and writes follow. */
export function settingOrder(name: string): number {
  const at = BUILT_IN_CONFIG.findIndex((c) => c.name_internal === name);
  return at < 0 ? Number.MAX_SAFE_INTEGER : at;
}
