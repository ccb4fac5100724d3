// Feature Flags (D8): each section's flags; a developer may override one, the override kept locally and marked.

import { FLAG_DEFAULTS, useFlags } from "../shared/access/flags.ts";
import { flagSections, NO_FLAGS_TEXT } from "./flagRows.ts";

export function FlagsSection() {
  const { flags, overrides, setOverride } = useFlags();
  const sections = flagSections(flags, overrides);
  return (
    <section className="panel settings-section" aria-labelledby="settings-flags">
      <h2 id="settings-flags">Feature Flags</h2>
      <p className="muted">
        Ticking a box overrides the built-in value in this browser only; setting it back to the default
        removes the override.
      </p>
      {sections.map(({ section, label, rows }) => (
        <fieldset key={section} className="settings-flags">
          <legend>{label}</legend>
          {rows.length === 0 && <p>{NO_FLAGS_TEXT}</p>}
          {rows.map((row) => (
            <div key={row.name} className="settings-flag">
              <label>
                <input
                  type="checkbox"
                  checked={row.value}
                  onChange={(e) => {
                    const value = e.currentTarget.checked;
                    const builtIn = (FLAG_DEFAULTS[section] as Record<string, boolean>)[row.name];
                    setOverride(section, row.name, value === builtIn ? undefined : value);
                  }}
                />{" "}
                <span className="mono">{row.name}</span>
              </label>
              <span className="muted"> default {String(row.defaultValue)}</span>
              {row.overridden && (
                <span className="badge badge-yellow" title="Stored in this browser's local storage">
                  overridden locally
                </span>
              )}
            </div>
          ))}
        </fieldset>
      ))}
    </section>
  );
}
