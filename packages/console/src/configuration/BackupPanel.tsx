// Export and Import of the configuration: download it as JSON; read a file, pick the differing settings, apply them one by one.
import type { ConfigValue } from "@trc/protocol";
import { useState } from "react";
import { useDeviceName } from "../shared/unit.ts";
import { Spinner } from "../ui/Spinner.tsx";
import {
  backupFileName,
  type ImportPlan,
  importValueText,
  makeBackup,
  planImport,
  readBackup,
} from "./backup.ts";
import { SaveResultView } from "./SaveResultView.tsx";
import type { SaveResult } from "./saveResult.ts";
import type { ConfigEntry } from "./settingRules.ts";

interface Props {
  items: readonly ConfigEntry[];
  apply(name: string, value: ConfigValue): Promise<SaveResult>;
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function BackupPanel({ items, apply }: Props) {
  const deviceName = useDeviceName();
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [results, setResults] = useState<Record<string, SaveResult | "busy">>({});
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState("");
  const known = items.some((i) => i.value_current !== undefined);

  function exportNow() {
    const now = new Date();
    download(backupFileName(deviceName, now), JSON.stringify(makeBackup(items, deviceName, now), null, 2));
  }

  async function readFile(file: File | undefined) {
    setError("");
    setPlan(null);
    setResults({});
    if (!file) return;
    const read = readBackup(await file.text());
    if ("error" in read) return setError(read.error);
    const next = planImport(items, read.values);
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
    for (const row of plan.rows) {
      if (row.refused || !chosen.has(row.name)) continue;
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
                    {result === "busy" && <Spinner label="Applying" />}
                    {result && result !== "busy" && <SaveResultView result={{ ...result, json: null }} />}
                  </li>
                );
              })}
            </ul>
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
