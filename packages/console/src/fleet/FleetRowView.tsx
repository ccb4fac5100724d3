// One fleet row: the unit, its state and figures, its alarms, Open and Remove; redrawn only when what it shows changed.
import { memo } from "react";
import { MISSING } from "../shared/readings/telemetryFormat.ts";
import { settingValueText } from "../shared/settings/profiles/profileDiff.ts";
import type { FleetRow } from "./model.ts";
import { useFleetUnits } from "./units.ts";
import type { ProfileCell } from "./useFleetProfiles.ts";

const STATE_TEXT = { online: "Online", offline: "Offline", checking: "Checking..." } as const;
const time = (at: number) => new Date(at).toLocaleTimeString();

type Props = {
  row: FleetRow;
  onOpen: (row: FleetRow) => void;
  /** The Profile column's cell while a profile is chosen (undefined: no such column). */
  profile?: ProfileCell | null | undefined;
  onPick?: (unit: string, on: boolean) => void;
};

/** Rows are rebuilt on every change of any unit; a row whose every field is the same is not redrawn. */
function sameRow(a: Props, b: Props): boolean {
  if (a.onOpen !== b.onOpen || a.profile !== b.profile || a.onPick !== b.onPick) return false;
  const x = a.row as unknown as Record<string, unknown>;
  const y = b.row as unknown as Record<string, unknown>;
  return Object.keys(x).every((k) =>
    k === "alarms" ? a.row.alarms.join("\n") === b.row.alarms.join("\n") : x[k] === y[k],
  );
}

export const FleetRowView = memo(function FleetRowView({ row: r, onOpen, profile, onPick }: Props) {
  return (
    <tr
      className={`fleet-row fleet-${r.level}`}
      data-testid="fleet-row"
      data-address={r.address}
      data-state={r.state}
    >
      <td>
        <strong>{r.name}</strong>
        {r.isThis && <span className="badge fleet-this">This unit</span>}
        {r.detail && <div className="mono muted fleet-address">{r.detail}</div>}
      </td>
      <td data-col="source" className="fleet-source">
        {r.source}
      </td>
      <td data-col="reader">{r.mode}</td>
      <td title={r.problem ?? undefined}>
        <span className="fleet-state">{STATE_TEXT[r.state]}</span>
        <div className="muted fleet-last">
          {r.lastAnswer
            ? `${r.source === "Polled" ? "last answer" : "last message"} ${time(r.lastAnswer)}`
            : r.state === "offline"
              ? "never answered"
              : ""}
        </div>
      </td>
      <td data-col="timing">{r.timing}</td>
      <td data-col="programs">
        {r.programs}
        {r.programsSplit && <div className="muted fleet-split">{r.programsSplit}</div>}
      </td>
      <td data-col="battery">{r.battery}</td>
      <td data-col="seen">{r.seen}</td>
      <td data-col="rate">{r.readsPerMin}</td>
      <td data-col="antennas">{r.antennas}</td>
      <td data-col="clock" className="mono">
        {r.clock}
      </td>
      <td data-col="firmware">{r.firmware}</td>
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
      <td data-col="ready" data-ready={r.ready === "Ready"}>
        {r.ready ?? MISSING}
      </td>
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
