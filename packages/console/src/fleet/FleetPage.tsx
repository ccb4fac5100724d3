// The fleet page (issue 14): every unit of an event in one table, polled side by side, the worst state at a glance.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useAlarms } from "../alarms/store.ts";
import { useDeviceSettings } from "../shared/deviceSettings.ts";
import { AddUnitForm } from "./AddUnitForm.tsx";
import { type FleetRow, type SortKey, sortRows, summaryText, worstLevel } from "./model.ts";
import { thisUnit, useFleetUnits } from "./units.ts";
import { UnitPoller, useFleetRows } from "./useFleetRows.ts";
import "./fleet.css";

const STATE_TEXT = { online: "Online", offline: "Offline", checking: "Checking..." } as const;
const time = (at: number) => new Date(at).toLocaleTimeString();

export default function FleetPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const added = useFleetUnits((s) => s.added);
  const noReadsMinutes = useAlarms((s) => s.noReadsMinutes);
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: "list", descending: false });
  const here = thisUnit();
  const addresses = [here, ...added];
  const rows = useFleetRows(client, addresses, here, noReadsMinutes);
  const shown = sortRows(rows, sort.key, sort.descending);

  const sortBy = (key: SortKey) =>
    setSort((s) => ({ key, descending: s.key === key ? !s.descending : false }));
  const ariaSort = (key: SortKey) =>
    sort.key === key ? (sort.descending ? "descending" : "ascending") : undefined;

  const open = (row: FleetRow) => {
    const rootAPI = row.isThis ? "" : row.address;
    const changed = rootAPI !== useDeviceSettings.getState().rootAPI;
    // As the Query Endpoint of Developer settings: the name belongs to the old unit.
    useDeviceSettings.getState().update(changed ? { rootAPI, deviceName: "" } : { rootAPI });
    if (changed) void client.invalidateQueries({ predicate: (q) => q.queryKey[2] !== "fleet" });
    navigate("/telemetry");
  };

  return (
    <section className="fleet-page">
      <h1>Fleet</h1>
      {addresses.map((a) => (
        <UnitPoller key={a} address={a} />
      ))}
      <AddUnitForm />
      <p className={`fleet-summary fleet-${worstLevel(rows)}`} data-testid="fleet-summary" role="status">
        {summaryText(rows)}
      </p>
      <div className="panel fleet-table">
        <table>
          <thead>
            <tr>
              <th aria-sort={ariaSort("name")}>
                <button type="button" className="fleet-sort" onClick={() => sortBy("name")}>
                  Name
                </button>
              </th>
              <th>Mode</th>
              <th aria-sort={ariaSort("state")}>
                <button type="button" className="fleet-sort" onClick={() => sortBy("state")}>
                  State
                </button>
              </th>
              <th>Battery</th>
              <th>Passings seen</th>
              <th>Reads / min</th>
              <th title="Channels with an antenna / channels with reads">Antennas</th>
              <th>Clock offset</th>
              <th>Firmware</th>
              <th>Alarms</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr
                key={r.address}
                className={`fleet-row fleet-${r.level}`}
                data-testid="fleet-row"
                data-address={r.address}
                data-state={r.state}
              >
                <td>
                  <strong>{r.name}</strong>
                  {r.isThis && <span className="badge fleet-this">This unit</span>}
                  {r.name !== r.address && <div className="mono muted fleet-address">{r.address}</div>}
                </td>
                <td>{r.mode}</td>
                <td title={r.problem ?? undefined}>
                  <span className="fleet-state">{STATE_TEXT[r.state]}</span>
                  <div className="muted fleet-last">
                    {r.lastAnswer
                      ? `last answer ${time(r.lastAnswer)}`
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
                <td className="fleet-actions">
                  <button type="button" className="btn btn-small" onClick={() => open(r)}>
                    Open
                  </button>
                  {!r.isThis && (
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
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
