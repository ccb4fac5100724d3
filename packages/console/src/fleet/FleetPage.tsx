// The fleet page (issue 14): every unit of an event in one table, polled side by side, the worst state at a glance.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { useLocation } from "wouter";
import { useAlarms } from "../shared/alarms/alarmStore.ts";
import { useReadySettings } from "../shared/ready/readySettings.ts";
import { useComparedProfile } from "../shared/settings/profiles/profileStore.ts";
import { selectUnit } from "../shared/unit/unit.ts";
import { SortHeader } from "../ui/SortHeader.tsx";
import { useNow } from "../ui/useNow.ts";
import { AddUnitForm } from "./AddUnitForm.tsx";
import { BrokerPanel } from "./BrokerPanel.tsx";
import { brokerRowOf, useBrokerViews } from "./brokerFeed.ts";
import { FleetRowView } from "./FleetRowView.tsx";
import { useFleetHistory } from "./fleetHistory.ts";
import { type FleetRow, filledRows, type SortKey, sortRows, summaryText, worstLevel } from "./model.ts";
import { ProfilesPanel } from "./ProfilesPanel.tsx";
import { useRowWindow } from "./rowWindow.ts";
import { thisUnit, useFleetUnits } from "./units.ts";
import { profileTargets, profileUnitOf, useProfileCompare } from "./useFleetProfiles.ts";
import { ROW_TICK_MS, useFleetRows } from "./useFleetRows.ts";
import "./fleet.css";

export default function FleetPage() {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const added = useFleetUnits((s) => s.added);
  const noReadsMinutes = useAlarms((s) => s.noReadsMinutes);
  const raceHours = useReadySettings((s) => s.raceHours);
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: "list", descending: false });
  const here = thisUnit();
  const addresses = [here, ...added];
  const polled = useFleetRows(client, addresses, here, noReadsMinutes);
  const views = useBrokerViews();
  const now = useNow(ROW_TICK_MS);
  const heard = useMemo(
    () => views.flatMap((v) => v.units.map((u) => brokerRowOf(u, now, noReadsMinutes, raceHours))),
    [views, now, noReadsMinutes, raceHours],
  );
  const rows = useMemo(() => [...polled, ...heard], [polled, heard]);
  const readings = useFleetHistory((s) => s.units);
  const targets = useMemo(() => profileTargets(polled, readings, views), [polled, readings, views]);
  const profile = useComparedProfile();
  const compare = useProfileCompare(
    targets.map((t) => t.unit),
    profile,
  );
  const shown = useMemo(() => sortRows(rows, sort.key, sort.descending), [rows, sort]);
  const body = useRef<HTMLTableSectionElement>(null);
  const win = useRowWindow(shown.length, body);

  const sortBy = (key: SortKey) =>
    setSort((s) => ({ key, descending: s.key === key ? !s.descending : false }));
  const sortState = (key: SortKey) =>
    sort.key === key ? (sort.descending ? "descending" : "ascending") : "none";

  const open = useCallback(
    (row: FleetRow) => {
      // The one way to switch units (as Developer settings' Submit): it forgets what was known of the previous one.
      if (row.opens === null) return;
      selectUnit(row.opens, client);
      navigate("/telemetry");
    },
    [client, navigate],
  );

  return (
    <section className="fleet-page">
      <h1>Fleet</h1>
      <AddUnitForm />
      <BrokerPanel views={views} here={here} />
      <ProfilesPanel targets={targets} compare={compare} />
      <p
        className={`fleet-summary fleet-${worstLevel(rows)}`}
        data-testid="fleet-summary"
        data-filled={filledRows(rows)}
        role="status"
      >
        {summaryText(rows)}
      </p>
      <div className="panel fleet-table">
        <table>
          <thead>
            <tr>
              <SortHeader label="Name" state={sortState("name")} onSort={() => sortBy("name")} />
              <th>Source</th>
              <th>Reader</th>
              <SortHeader label="State" state={sortState("state")} onSort={() => sortBy("state")} />
              <th title="Test: nothing stored or sent">Mode</th>
              <th title="Timing programs connected">Programs</th>
              <th>Battery</th>
              <th>Passings seen</th>
              <th>Reads / min</th>
              <th title="Channels with an antenna / channels with reads">Antennas</th>
              <th>Clock offset</th>
              <th>Firmware</th>
              <th>Alarms</th>
              <th title="The Ready check: the failing items, or Ready">Ready</th>
              {profile && <th title={`Against the profile ${profile.name}`}>Profile</th>}
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody ref={body}>
            {win.above > 0 && <tr className="fleet-spacer" style={{ height: win.above }} />}
            {shown.slice(win.start, win.end).map((r) => (
              <FleetRowView
                key={r.address}
                row={r}
                onOpen={open}
                profile={profile ? (compare.cells.get(profileUnitOf(r) ?? "") ?? null) : undefined}
                onPick={compare.pick}
              />
            ))}
            {win.below > 0 && <tr className="fleet-spacer" style={{ height: win.below }} />}
          </tbody>
        </table>
      </div>
    </section>
  );
}
