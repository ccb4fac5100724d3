// The Fleet table's Columns control: a button that opens a box of checkboxes, one per figure that can be a column;
// the choice is kept (localStorage `fleetColumns`).
import { useId, useState } from "react";
import { OPTIONAL_COLUMNS, useFleetColumns } from "./columns.ts";

export function ColumnsControl() {
  const [open, setOpen] = useState(false);
  const shown = useFleetColumns((s) => s.shown);
  const panel = useId();
  return (
    <div className="fleet-columns">
      <button
        type="button"
        className="btn btn-small btn-light"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((o) => !o)}
      >
        Columns
      </button>
      <fieldset id={panel} className="fleet-columns-panel" hidden={!open}>
        <legend>Figures shown as columns</legend>
        <p className="muted">
          The unit, State, Mode, Ready and Alarms are always shown; every figure is in a row's details (▸).
        </p>
        <div className="fleet-columns-list">
          {OPTIONAL_COLUMNS.map((c) => (
            <label key={c.id} title={c.title}>
              <input
                type="checkbox"
                checked={shown.includes(c.id)}
                onChange={(e) => useFleetColumns.getState().choose(c.id, e.currentTarget.checked)}
              />{" "}
              {c.label}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
