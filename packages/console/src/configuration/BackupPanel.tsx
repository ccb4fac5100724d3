// Export and Import of the configuration: download it as JSON; read a file, pick the differing settings, re-read the
// unit (values changed since the preview are shown and left to the operator), apply them one by one.
import type { ConfigValue } from "@trc/protocol";
import { useState } from "react";
import { errorText } from "../api/errors.ts";
import { conflictText } from "../shared/settings/conflict.ts";
import type { ConfigEntry } from "../shared/settings/settingRules.ts";
import { useDeviceName } from "../shared/unit/unit.ts";
import { download } from "../ui/download.ts";
import { Spinner } from "../ui/Spinner.tsx";
import {
  backupFileName,
  choiceAfterRecheck,
  type ImportPlan,
  importValueText,
  makeBackup,
  planImport,
  readBackup,
  recheckImport,
} from "./backup.ts";
import type { LoadedConfig } from "./configApi.ts";
import { SaveResultView } from "./SaveResultView.tsx";
import type { SaveResult } from "./saveResult.ts";

interface Props {
  items: readonly ConfigEntry[];
  apply(name: string, value: ConfigValue): Promise<SaveResult>;
  /** Reads the unit's configuration again (before applying). */
  reread(): Promise<LoadedConfig>;
}

export function BackupPanel({ items, apply, reread }: Props) {
  const deviceName = useDeviceName();
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [fileValues, setFileValues] = useState<Record<string, unknown>>({});
  const [notice, setNotice] = useState("");
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [results, setResults] = useState<Record<string, SaveResult | "busy">>({});
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState("");
  const known = items.some((i) => i.value_current !== undefined);

  function exportNow() {
    const now = new Date();
    download(
      backupFileName(deviceName, now),
      JSON.stringify(makeBackup(items, deviceName, now), null, 2),
      "application/json",
    );
  }

  async function readFile(file: File | undefined) {
    setError("");
    setNotice("");
    setPlan(null);
    setResults({});
    if (!file) return;
    const read = readBackup(await file.text());
    if ("error" in read) return setError(read.error);
    const next = planImport(items, read.values);
    setFileValues(read.values);
    setPlan(next);
    setChosen(new Set(next.rows.filter((r) => !r.refused).map((r) => r.name)));
  }

  const toggle = (name: string, on: boolean) =>
    setChosen((c) => {
      const next = new Set(c);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  async function applyChosen() {
    if (!plan) return;
    setApplying(true);
    setNotice("");
    let fresh: LoadedConfig;
    try {
      fresh = await reread();
    } catch (err) {
      setNotice(`Nothing applied: could not read the unit's values first (${errorText(err)})`);
      setApplying(false);
      return;
    }
    const checked = recheckImport(plan, fresh.items, fileValues);
    const choice = choiceAfterRecheck(checked, chosen);
    setPlan(checked);
    setChosen(choice.chosen);
    if (!choice.apply) {
      const n = checked.rows.filter((r) => r.changed && chosen.has(r.name)).length;
      setNotice(
        `${n} chosen setting(s) changed on the unit since the preview: nothing applied. Tick the ones to overwrite, then Apply selected.`,
      );
      setApplying(false);
      return;
    }
    for (const row of checked.rows) {
      if (row.refused || !choice.chosen.has(row.name)) continue;
      setResults((r) => ({ ...r, [row.name]: "busy" }));
      const result = await apply(row.name, row.next as ConfigValue);
      setResults((r) => ({ ...r, [row.name]: result }));
      // Applied: not chosen again by a second click.
      if (result.ok) toggle(row.name, false);
    }
    setApplying(false);
  }

  return (
    <section className="panel cfg-backup" aria-label="Backup and restore">
      <button type="button" className="btn" onClick={exportNow} disabled={!known}>
        Export
      </button>
      <label className="btn">
        Import
        <input
          type="file"
          accept=".json,application/json"
          className="visually-hidden"
          disabled={applying || !items.length}
          onChange={(e) => {
            void readFile(e.currentTarget.files?.[0]);
            e.currentTarget.value = "";
          }}
        />
      </label>
      {error && <p className="error-text">{error}</p>}
      {plan && (
        <div className="cfg-import">
          <p>
            {plan.rows.length ? `${plan.rows.length} setting(s) differ` : "Nothing to change"}
            {plan.same ? `; ${plan.same} already have the value in the file.` : "."}
          </p>
          {plan.rows.length > 0 && (
            <ul className="cfg-import-rows">
              {plan.rows.map((row) => {
                const result = results[row.name];
                return (
                  <li key={row.name} data-import={row.name}>
                    <label>
                      <input
                        type="checkbox"
                        checked={!row.refused && chosen.has(row.name)}
                        disabled={
                          !!row.refused ||
                          applying ||
                          (result !== undefined && result !== "busy" && result.ok)
                        }
                        onChange={(e) => toggle(row.name, e.currentTarget.checked)}
                      />{" "}
                      <strong>{row.label}</strong>{" "}
                      <span className="mono">
                        {importValueText(row.name, row.current)} → {importValueText(row.name, row.next)}
                      </span>
                    </label>
                    {row.refused && <span className="field-reason"> {row.refused}</span>}
                    {row.changed && (
                      <div className="cfg-conflict-note">
                        {conflictText(
                          importValueText(row.name, row.changed.old),
                          importValueText(row.name, row.changed.now),
                        )}
                      </div>
                    )}
                    {result === "busy" && <Spinner label="Applying" />}
                    {result && result !== "busy" && <SaveResultView result={{ ...result, json: null }} />}
                  </li>
                );
              })}
            </ul>
          )}
          {notice && (
            <p className="error-text" role="alert">
              {notice}
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary"
            disabled={applying || !plan.rows.some((r) => !r.refused && chosen.has(r.name))}
            onClick={applyChosen}
          >
            Apply selected
          </button>{" "}
          <button type="button" className="btn" disabled={applying} onClick={() => setPlan(null)}>
            Close
          </button>
        </div>
      )}
    </section>
  );
}
