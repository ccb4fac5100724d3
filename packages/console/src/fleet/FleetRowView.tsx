// One fleet row: the unit, its state and figures, its alarms, Open and Remove; redrawn only when what it shows changed.
import { memo } from "react";
import { MISSING } from "../shared/telemetryFormat.ts";
import type { FleetRow } from "./model.ts";
import { useFleetUnits } from "./units.ts";

const STATE_TEXT = { online: "Online", offline: "Offline", checking: "Checking..." } as const;
const time = (at: number) => new Date(at).toLocaleTimeString();

/** Rows are rebuilt on every change of any unit; a row whose every field is the same is not redrawn. */
function sameRow(a: { row: FleetRow; onOpen: unknown }, b: { row: FleetRow; onOpen: unknown }): boolean {
  if (a.onOpen !== b.onOpen) return false;
  const x = a.row as unknown as Record<string, unknown>;
  const y = b.row as unknown as Record<string, unknown>;
  return Object.keys(x).every((k) =>
    k === "alarms" ? a.row.alarms.join("\n") === b.row.alarms.join("\n") : x[k] === y[k],
  );
}

export const FleetRowView = memo(function FleetRowView({
  row: r,
  onOpen,
}: {
  row: FleetRow;
  onOpen: (row: FleetRow) => void;
}) {
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
      <td>{r.mode}</td>
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
