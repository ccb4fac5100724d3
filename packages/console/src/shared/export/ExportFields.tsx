// The Export… dialog's fields (its lazy chunk): the format, then the options with their limits, a reason under each wrong one.
import { useId, useState } from "react";
import { zoneText } from "../clock/accuracy.ts";
import { FORMATS, type FormatId } from "./formats.ts";
import { checkOptions, MAX_OFFSET_MS, type OptionErrors } from "./options.ts";
import type { ExportForm } from "./useSessionExport.ts";
import "./export.css";

export interface ExportFieldsProps {
  form: ExportForm;
  onChange(form: ExportForm): void;
  /** The unit's utc_offset, null until read. */
  utcOffsetS: number | null;
  /** Every reason shown (after a Download refused), not only those of the inputs left. */
  showErrors: boolean;
}

type TextField = "from" | "to" | "offset";

export default function ExportFields({ form, onChange, utcOffsetS, showErrors }: ExportFieldsProps) {
  const id = useId();
  const [left, setLeft] = useState<ReadonlySet<TextField>>(new Set());
  const checked = checkOptions(form, utcOffsetS ?? 0);
  const errors: OptionErrors = checked.ok ? {} : checked.errors;
  const shown = (f: TextField) => (showErrors || left.has(f) ? errors[f] : undefined);
  const set = (patch: Partial<ExportForm>) => onChange({ ...form, ...patch });
  const zone = utcOffsetS === null ? "its utc_offset not read yet" : zoneText(utcOffsetS);

  /** An input with its label, described by `hint` (an id), its reason under it once shown. */
  const text = (f: TextField, label: string, hint: string, placeholder: string) => {
    const error = shown(f);
    return (
      <div className="export-field">
        <label htmlFor={`${id}-${f}`}>{label}</label>
        <input
          id={`${id}-${f}`}
          value={form[f]}
          placeholder={placeholder}
          inputMode={f === "offset" ? "numeric" : undefined}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${hint}${error ? ` ${id}-${f}-error` : ""}`}
          onChange={(e) => set({ [f]: e.currentTarget.value })}
          onBlur={() => setLeft((s) => new Set(s).add(f))}
        />
        {error && (
          <span id={`${id}-${f}-error`} className="error-text">
            {error}
          </span>
        )}
      </div>
    );
  };

  return (
    <div className="export-fields">
      <fieldset>
        <legend>Format</legend>
        {FORMATS.map((f) => (
          <label key={f.id} className="export-format">
            <input
              type="radio"
              name={`${id}-format`}
              value={f.id}
              checked={form.format === f.id}
              onChange={() => set({ format: f.id as FormatId })}
            />
            <span>
              {f.label} <span className="muted">({f.extension})</span>
              <span className="muted export-hint">{f.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Options</legend>
        <div className="export-window">
          {text("from", "Ignore before", `${id}-window-hint`, "17-05-2026 09:00:00")}
          {text("to", "Ignore after", `${id}-window-hint`, "17-05-2026 12:00:00")}
        </div>
        <p id={`${id}-window-hint`} className="muted export-hint">
          Passings outside are left out. The unit's local time ({zone}), dd-MM-yyyy HH:mm:ss, both seconds
          included; empty: no limit.
        </p>
        {text("offset", "Offset (ms)", `${id}-offset-hint`, "0")}
        <p id={`${id}-offset-hint`} className="muted export-hint">
          Added to every time before the window, -{MAX_OFFSET_MS} to {MAX_OFFSET_MS}: a unit whose clock was
          1.5 s behind, 1500.
        </p>
        <label className="export-check">
          <input
            type="checkbox"
            checked={form.markers}
            onChange={(e) => set({ markers: e.currentTarget.checked })}
          />
          Markers in (the gun: passings with the tag MARKER)
        </label>
      </fieldset>
    </div>
  );
}
