// One fleet row: the unit, its state, mode, Ready and alarms, the figures chosen as columns (the others' cells kept,
// hidden), Open and Remove; its details (every figure) under it when opened; redrawn only when what it shows changed.
import { memo } from "react";
import { MISSING } from "../shared/readings/telemetryFormat.ts";
import { settingValueText } from "../shared/settings/profiles/profileDiff.ts";
import {
  type ColumnId,
  FIXED_COLUMNS,
  lastAnswerText,
  OPTIONAL_COLUMNS,
  rowDetails,
  STATE_TEXT,
} from "./columns.ts";
import type { FleetRow } from "./model.ts";
import { useFleetUnits } from "./units.ts";
import type { ProfileCell } from "./useProfileCompare.ts";

const time = (at: number) => new Date(at).toLocaleTimeString();

/** The optional cells' own classes (the others have none). */
const CELL_CLASS: Partial<Record<ColumnId, string>> = { source: "fleet-source", clock: "mono" };

type Props = {
  row: FleetRow;
  onOpen: (row: FleetRow) => void;
  /** The optional columns shown (the others' cells are kept, hidden: the same cells, whatever is chosen). */
  columns: readonly ColumnId[];
  /** Whether the row's details are open under it. */
  open: boolean;
  onDetails: (address: string) => void;
  /** The Profile column's cell while a profile is chosen (undefined: no such column). */
  profile?: ProfileCell | null | undefined;
  onPick?: (unit: string, on: boolean) => void;
};

/** Rows are rebuilt on every change of any unit; a row whose every field is the same is not redrawn. */
function sameRow(a: Props, b: Props): boolean {
  if (a.onOpen !== b.onOpen || a.profile !== b.profile || a.onPick !== b.onPick) return false;
  if (a.columns !== b.columns || a.open !== b.open || a.onDetails !== b.onDetails) return false;
  const x = a.row as unknown as Record<string, unknown>;
  const y = b.row as unknown as Record<string, unknown>;
  return Object.keys(x).every((k) =>
    k === "alarms" ? a.row.alarms.join("\n") === b.row.alarms.join("\n") : x[k] === y[k],
  );
}

export const FleetRowView = memo(function FleetRowView({
  row: r,
  onOpen,
  columns,
  open,
  onDetails,
  profile,
  onPick,
}: Props) {
  const off = (id: ColumnId) => !columns.includes(id);
  const detailsId = `details-${r.address}`;
  return (
    <>
      <tr
        className={`fleet-row fleet-${r.level}`}
        data-testid="fleet-row"
        data-address={r.address}
        data-state={r.state}
      >
        <td className="fleet-unit">
          <button
            type="button"
            className="fleet-toggle"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label="Details"
            title="Details: every figure of the unit"
            onClick={() => onDetails(r.address)}
          >
            <span aria-hidden="true">{open ? "▾" : "▸"}</span>
          </button>
          <strong>{r.name}</strong>
          {r.isThis && <span className="badge fleet-this">This unit</span>}
          {r.detail && <div className="mono muted fleet-address">{r.detail}</div>}
        </td>
        <td title={r.problem ?? undefined}>
          <span className="fleet-state">{STATE_TEXT[r.state]}</span>
          <div className="muted fleet-last">{lastAnswerText(r, time)}</div>
        </td>
        <td data-col="timing">{r.timing}</td>
        <td data-col="ready" data-ready={r.ready === "Ready"}>
          {r.ready ?? MISSING}
        </td>
        <td data-col="alarms">
          {r.alarms.length ? (
            <ul className="fleet-alarms">
              {r.alarms.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          ) : r.state === "online" ? (
            "None"
          ) : (
            ""
          )}
        </td>
        {OPTIONAL_COLUMNS.map(({ id, field }) => (
          <td key={id} data-col={id} className={CELL_CLASS[id]} hidden={off(id)}>
            {r[field]}
            {id === "programs" && r.programsSplit && (
              <div className="muted fleet-split">{r.programsSplit}</div>
            )}
          </td>
        ))}
        {profile !== undefined && <ProfileCellView row={r} cell={profile} onPick={onPick} />}
        <td className="fleet-actions">
          <button
            type="button"
            className="btn btn-small"
            onClick={() => onOpen(r)}
            disabled={r.opens === null}
            aria-describedby={r.openWhy ? `why-${r.address}` : undefined}
          >
            Open
          </button>
          {r.openWhy && (
            <div id={`why-${r.address}`} className="muted fleet-why">
              {r.openWhy}
            </div>
          )}
          {!r.isThis && r.source === "Polled" && (
            <button
              type="button"
              className="btn btn-small btn-light"
              onClick={() => useFleetUnits.getState().remove(r.address)}
            >
              Remove
            </button>
          )}
        </td>
      </tr>
      {open && (
        <tr id={detailsId} className={`fleet-details-row fleet-${r.level}`} data-testid="fleet-details">
          <td colSpan={FIXED_COLUMNS + columns.length + (profile !== undefined ? 1 : 0)}>
            <dl className="fleet-details">
              {rowDetails(r, time).map((d) => (
                <div key={d.key} data-detail={d.key}>
                  <dt>{d.label}</dt>
                  <dd>
                    {typeof d.text === "string" ? (
                      d.text
                    ) : (
                      <ul className="fleet-alarms">
                        {d.text.map((t) => (
                          <li key={t}>{t}</li>
                        ))}
                      </ul>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </td>
        </tr>
      )}
    </>
  );
}, sameRow);

/** `matches`, `3 differ` (opens to each setting, the profile's value, the unit's value, and a box to pick it), or —. */
function ProfileCellView({
  row,
  cell,
  onPick,
}: {
  row: FleetRow;
  cell: ProfileCell | null;
  onPick: Props["onPick"];
}) {
  const unit = row.source === "Polled" ? row.address : row.opens;
  if (!cell?.differences?.length || !unit)
    return (
      <td data-col="profile" title={cell?.why}>
        {cell?.text ?? MISSING}
      </td>
    );
  return (
    <td data-col="profile">
      <input
        type="checkbox"
        aria-label={`Pick ${row.name}`}
        checked={cell.picked}
        onChange={(e) => onPick?.(unit, e.currentTarget.checked)}
      />{" "}
      <details className="fleet-diff">
        <summary>{cell.text}</summary>
        <table>
          <thead>
            <tr>
              <th>Setting</th>
              <th>Profile</th>
              <th>Unit</th>
            </tr>
          </thead>
          <tbody>
            {cell.differences.map((d) => (
              <tr key={d.setting}>
                <td className="mono">{d.setting}</td>
                <td>{settingValueText(d.setting, d.profile)}</td>
                <td>{settingValueText(d.setting, d.unit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </td>
  );
}
