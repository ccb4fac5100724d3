// "Save this unit's settings as a profile": the settings the unit reports (all, or those ticked) with its values, under
// a name, into the fleet's profiles (the Fleet page compares the units against them).
import type { ConfigValue } from "@trc/protocol";
import { useState } from "react";
import { profileFromUnit, profileNameReason, settingsRefusals } from "../shared/settings/profiles/profile.ts";
import { useProfiles } from "../shared/settings/profiles/profileStore.ts";
import { type ConfigEntry, isSecret, valueText } from "../shared/settings/settingRules.ts";

export function SaveProfile({ items }: { items: readonly ConfigEntry[] }) {
  const reported = items.filter((i) => i.value_current !== undefined);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [name, setName] = useState("");
  const [said, setSaid] = useState<{ text: string; ok: boolean } | null>(null);
  const all = reported.length > 0 && reported.every((i) => chosen.has(i.name_internal));
  const choose = (names: string[], on: boolean) =>
    setChosen((c) => new Set(on ? [...c, ...names] : [...c].filter((n) => !names.includes(n))));
  const save = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const values = Object.fromEntries(reported.map((i) => [i.name_internal, i.value_current as ConfigValue]));
    const profile = profileFromUnit(name, values, chosen);
    const refused = [profileNameReason(name), ...settingsRefusals(profile.settings)].filter(Boolean);
    if (refused.length) return setSaid({ text: refused.join("; "), ok: false });
    const replaces = useProfiles.getState().profiles.some((p) => p.name === name);
    useProfiles.getState().save(profile);
    const n = Object.keys(profile.settings).length;
    setSaid({
      text: `Saved the profile ${name} (${n} ${n === 1 ? "setting" : "settings"}${replaces ? ", replacing the one of that name" : ""})`,
      ok: true,
    });
  };
  return (
    <details className="panel">
      <summary>Save this unit's settings as a profile</summary>
      <form onSubmit={save} noValidate>
        <label>
          <input
            type="checkbox"
            checked={all}
            onChange={(e) =>
              choose(
                reported.map((i) => i.name_internal),
                e.currentTarget.checked,
              )
            }
          />{" "}
          All
        </label>
        <ul className="cfg-import-rows">
          {reported.map((i) => (
            <li key={i.name_internal}>
              <label>
                <input
                  type="checkbox"
                  checked={chosen.has(i.name_internal)}
                  onChange={(e) => choose([i.name_internal], e.currentTarget.checked)}
                />{" "}
                {i.name_display} <span className="mono">{valueText(i.value_current, isSecret(i))}</span>
              </label>
            </li>
          ))}
        </ul>
        <label htmlFor="cfg-profile-name">Profile name</label>{" "}
        <input
          id="cfg-profile-name"
          type="text"
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />{" "}
        <button type="submit" className="btn btn-primary">
          Save as profile
        </button>
        {said && (
          <p role={said.ok ? "status" : "alert"} className={said.ok ? "ok-text" : "error-text"}>
            {said.text}
          </p>
        )}
      </form>
    </details>
  );
}
