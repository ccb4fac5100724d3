// The Feature Flags section's rows (D8): each section's flags with default, effective value and override mark.
import { FLAG_DEFAULTS, type FlagSection, type Flags } from "../shared/access/flags.ts";

export const NO_FLAGS_TEXT = "No flags found in section";

export const FLAG_SECTION_LABELS: Record<FlagSection, string> = {
  commands: "Commands",
  config: "Configuration",
};

export interface FlagRow {
  name: string;
  value: boolean;
  defaultValue: boolean;
  /** A locally stored override decides the value (even one equal to the default). */
  overridden: boolean;
}

type SectionOverrides = Partial<Record<string, boolean | undefined>> | undefined;

/** The rows of one section, in the order the defaults declare them. */
export function flagRows(
  defaults: Readonly<Record<string, boolean>>,
  effective: Readonly<Record<string, boolean>>,
  overrides: SectionOverrides,
): FlagRow[] {
  return Object.keys(defaults).map((name) => ({
    name,
    defaultValue: defaults[name] === true,
    value: (effective[name] ?? defaults[name]) === true,
    overridden: typeof overrides?.[name] === "boolean",
  }));
}

/** Every section with its label and rows. */
export function flagSections(
  flags: Flags,
  overrides: Partial<Record<FlagSection, SectionOverrides>>,
): { section: FlagSection; label: string; rows: FlagRow[] }[] {
  return (Object.keys(FLAG_DEFAULTS) as FlagSection[]).map((section) => ({
    section,
    label: FLAG_SECTION_LABELS[section] ?? section,
    rows: flagRows(FLAG_DEFAULTS[section], flags[section], overrides[section]),
  }));
}
