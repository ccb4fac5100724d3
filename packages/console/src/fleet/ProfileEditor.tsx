// A profile edited by hand: its name, each setting's value with the Configuration page's input, limits and reasons
// (D5), Remove, and Add setting from D5's list.
import { BUILT_IN_CONFIG, type ConfigValue, findConfigItem } from "@trc/protocol";
import { useState } from "react";
import {
  type Profile,
  profileNameReason,
  settingOrder,
  settingsRefusals,
} from "../shared/settings/profiles/profile.ts";
import {
  type ConfigEntry,
  type Draft,
  draftOf,
  inputKind,
  readDraft,
} from "../shared/settings/settingRules.ts";
import { ConfigInput } from "../ui/ConfigInput.tsx";

const itemOf = (setting: string) => findConfigItem(setting) as ConfigEntry;

export function ProfileEditor({ start, onDone }: { start: Profile; onDone(saved: Profile | null): void }) {
  const [name, setName] = useState(start.name);
  const [drafts, setDrafts] = useState<[string, Draft][]>(() =>
    Object.entries(start.settings)
      .sort(([a], [b]) => settingOrder(a) - settingOrder(b))
      .map(([s, v]) => [s, draftOf(itemOf(s), v)]),
  );
  const [adding, setAdding] = useState("");
  const [refused, setRefused] = useState<string[]>([]);
  const edit = (setting: string, draft: Draft | null) =>
    setDrafts((ds) =>
      ds.flatMap(([s, d]) => (s !== setting ? [[s, d]] : draft === null ? [] : [[s, draft]])),
    );
  const add = () => {
    const item = itemOf(adding);
    setDrafts((ds) => [...ds, [adding, draftOf(item, item.value_default)]]);
    setAdding("");
  };
  const save = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const settings: Record<string, ConfigValue> = {};
    const reasons = [profileNameReason(name) ?? ""];
    for (const [s, d] of drafts) {
      const read = readDraft(itemOf(s), d);
      if (read.value === undefined) reasons.push(`${s}: ${read.reason}`);
      else settings[s] = read.value;
    }
    if (!drafts.length) reasons.push(...settingsRefusals({}));
    const shown = reasons.filter(Boolean);
    setRefused(shown);
    if (!shown.length) onDone({ name, settings });
  };
  return (
    <form className="fleet-profile-edit" onSubmit={save} noValidate aria-label="Edit the profile">
      <div className="fleet-add">
        <label htmlFor="fleet-profile-name">Profile name</label>
        <input
          id="fleet-profile-name"
          type="text"
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
      </div>
      <ul className="fleet-profile-settings">
        {drafts.map(([s, draft]) => {
          const item = itemOf(s);
          const id = `fleet-ps-${s}`;
          const reason = readDraft(item, draft).reason;
          return (
            <li key={s} className="fleet-add" data-setting={s}>
              <label htmlFor={id}>
                {item.name_display} <span className="mono muted">{s}</span>
              </label>
              <ConfigInput
                id={id}
                item={item}
                kind={inputKind(item)}
                draft={draft}
                className=""
                disabled={false}
                shown={false}
                invalid={!!reason}
                describedBy={reason ? `${id}-reason` : undefined}
                onEdit={(d) => edit(s, d)}
              />
              <button
                type="button"
                className="btn btn-small btn-light"
                aria-label={`Remove ${item.name_display}`}
                onClick={() => edit(s, null)}
              >
                Remove
              </button>
              {reason && (
                <div className="field-reason" id={`${id}-reason`}>
                  {reason}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <div className="fleet-add">
        <select aria-label="Setting to add" value={adding} onChange={(e) => setAdding(e.currentTarget.value)}>
          <option value="">Choose a setting</option>
          {BUILT_IN_CONFIG.filter((c) => !drafts.some(([s]) => s === c.name_internal)).map((c) => (
            <option key={c.name_internal} value={c.name_internal}>
              {c.name_display} ({c.name_internal})
            </option>
          ))}
        </select>
        <button type="button" className="btn btn-small" disabled={!adding} onClick={add}>
          Add setting
        </button>
      </div>
      {refused.length > 0 && (
        <ul className="error-text" role="alert">
          {refused.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      <div className="fleet-add">
        <button type="submit" className="btn btn-primary btn-small">
          Save profile
        </button>
        <button type="button" className="btn btn-small" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
